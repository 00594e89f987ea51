/**
 * The one place that turns a failed request into what happens (SPEC §4, §8): a request the visitor
 * cancelled shows nothing; a payment failure follows the retry flow (its rules: payment-retry.ts);
 * a server error code of the catalogue becomes its dialog and effect; anything else becomes the
 * generic connection dialog in the current language. `failureRoute` decides, `createFailureRouter`
 * carries the decision out; the query and mutation caches and the payment screens all call it.
 */
import { DEFAULT_HOLD_MINUTES } from '@storefront/domain/constants';
import { type ErrorCatalogueEntry, type ErrorEffect, genericError, lookupError } from '@storefront/domain/errors/catalogue';
import { createContext, useContext } from 'react';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { ApiError } from '../api/client.ts';
import type { AppEnvironment } from '../app-context.tsx';
import { type Failure, isPaymentFailure, type PaymentFlow, type PaymentRoute, paymentRoute } from './payment-retry.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen routes the mutation's failures itself (with a payment flow); the cache leaves them. */
      routesOwnFailure?: boolean;
    };
    queryMeta: {
      /** A failure the screen shows itself (a ticket that does not exist): the cache routes only the others. */
      showsOwnFailure?: (error: unknown) => boolean;
    };
  }
}

export type Navigator = {
  /** The current hash path with its query, e.g. "/confirm" or "/spot?qr_token=…". */
  current(): string;
  go(path: string, options?: { replace?: boolean }): void;
};

export type FailureRoute =
  /** A request the visitor cancelled: nothing to show. */
  | { kind: 'none' }
  /** The catalogue's dialog for the error code, and its effect. */
  | { kind: 'catalogue'; entry: ErrorCatalogueEntry }
  /** The connection dialog: a failure the catalogue does not know. */
  | { kind: 'generic' }
  | PaymentRoute;

/** Where a failed call goes; `payment` when the screen is paying (the SPEC §4 retry flow applies). */
export function failureRoute(failure: Failure | null, payment?: PaymentFlow): FailureRoute {
  if (!failure) return { kind: 'none' };
  if (payment && (!payment.onlyPaymentFailures || isPaymentFailure(failure))) return paymentRoute(failure, payment);
  const known = lookupError(failure.body);
  return known ? { kind: 'catalogue', entry: known.entry } : { kind: 'generic' };
}

/** A failed call as the router reads it; null for a request the visitor cancelled. */
function failureOf(error: unknown): Failure | null {
  if (error instanceof ApiError) {
    if (error.kind === 'aborted') return null;
    return { status: error.kind === 'status' ? error.status : null, body: error.body };
  }
  return { status: null, body: null };
}

/** Where a catalogue effect sends the visitor from `current`; null to stay. */
export function destinationOf(
  effect: ErrorEffect,
  current: string,
  options: { isStartMailConfirmOnly: boolean; qrToken: string | null },
) {
  const [path = '/'] = current.split('?');
  switch (effect.kind) {
    case 'dialog':
      return null;
    case 'session-timeout':
      if (path === '/spot' || path.startsWith('/spot/')) {
        return options.qrToken ? `/spot?qr_token=${encodeURIComponent(options.qrToken)}` : '/spot';
      }
      return options.isStartMailConfirmOnly ? '/error' : '/order';
    case 'back-to-payment': {
      if (path === '/confirm' || path === '/d-pay-confirm') return '/payment';
      const changeDate = path.match(/^\/tickets\/changedate\/payment\/confirm\/([^/]+)\/timechange\/([^/]+)$/);
      return changeDate ? `/tickets/changedate/payment/${changeDate[1]}/timechange/${changeDate[2]}` : null;
    }
    case 'to-order':
      return '/order';
    case 'to-change-date': {
      const token = path.match(/^\/tickets\/changedate\/(?:(?:payment\/)?(?:confirm|payment)\/)?([^/]+)/)?.[1];
      return token ? `/tickets/changedate/${token}` : null;
    }
    case 'payment-error':
      return effect.inquiry ? '/payment-error/inquiry' : '/payment-error';
  }
}

/** Routes a failed request, carries the route out, and says which it took. */
export type RouteFailure = (error: unknown, payment?: PaymentFlow) => FailureRoute;

export function createFailureRouter(app: AppEnvironment, navigator: Navigator): RouteFailure {
  return function routeFailure(error, payment) {
    const route = failureRoute(failureOf(error), payment);
    // The retry flow replaces the payment screen in the history: going back must not pay again.
    const replace = (path: string) => navigator.go(path, { replace: true });
    switch (route.kind) {
      case 'none':
        break;
      case 'generic':
      case 'no-answer':
        showGenericError(app.lang);
        break;
      case 'catalogue': {
        const { entry } = route;
        const current = navigator.current();
        const qrToken = new URLSearchParams(current.split('?')[1] ?? '').get('qr_token');
        if (entry.effect.kind === 'session-timeout') app.session.resetAll();
        openDialog({
          titleKey: entry.titleKey,
          textKey: entry.textKey,
          okButtonTextKey: entry.okKey,
          values: { minutes: app.config.holdMinutes ?? DEFAULT_HOLD_MINUTES },
        });
        const destination = destinationOf(entry.effect, current, {
          isStartMailConfirmOnly: app.config.isStartMailConfirmOnly,
          qrToken,
        });
        if (destination && destination !== current) navigator.go(destination);
        break;
      }
      case 'payment-error':
        if (route.orderToken) app.session.set('orderToken', route.orderToken);
        replace(route.path);
        break;
      case 'error':
        replace(route.path);
        break;
      case 'retry': {
        if (route.clearPaymentInfo) app.session.removePaymentInfo();
        // The dialog offers the way back; closing it any way takes it.
        const back = () => replace(route.path);
        openDialog({ ...route.dialog, okAction: back, onClose: back });
        break;
      }
    }
    return route;
  };
}

/** Whether the route took the payment retry flow (the screen then leaves, or offers the call again). */
export function isPaymentRoute(route: FailureRoute): route is PaymentRoute {
  return route.kind !== 'none' && route.kind !== 'catalogue' && route.kind !== 'generic';
}

/** The connection dialog, in the current language: for a failure the catalogue does not know. */
function showGenericError(lang: AppEnvironment['lang']): void {
  const generic = genericError(lang);
  openDialog({ title: generic.title, text: generic.text, okButtonText: generic.ok });
}

export const FailureRouterContext = createContext<RouteFailure | null>(null);

/** The app's failure router, for screens that route their own failures (the payment screens). */
export function useRouteFailure(): RouteFailure {
  const routeFailure = useContext(FailureRouterContext);
  if (!routeFailure) throw new Error('useRouteFailure outside the app');
  return routeFailure;
}
