/**
 * The one place that turns a failed request into what the visitor sees: a server error code of
 * the catalogue becomes its dialog and effect (SPEC §4, §8); a payment failure follows the retry
 * flow's route (payment-failure.ts decides it, `followFailure` carries it out); anything else
 * becomes the generic connection dialog in the current language. A request the visitor cancelled
 * shows nothing.
 */
import { DEFAULT_HOLD_MINUTES } from '@storefront/domain/constants';
import { type ErrorEffect, genericError, lookupError } from '@storefront/domain/errors/catalogue';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { ApiError } from '../api/client.ts';
import type { AppEnvironment } from '../app-context.tsx';
import type { PaymentFailure, PaymentFailureRoute } from './payment-failure.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * True for the failures the screen routes itself (the payment retry flow of SPEC §4); the
       * rest still come here.
       */
      handlesError?: (error: unknown) => boolean;
    };
  }
}

export type Navigator = {
  /** The current hash path with its query, e.g. "/confirm" or "/spot?qr_token=…". */
  current(): string;
  go(path: string): void;
};

/** Where an effect sends the visitor from `current`; null to stay. */
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

export function createErrorHandler(app: AppEnvironment, navigator: Navigator) {
  return function handleError(error: unknown): void {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    const known = error instanceof ApiError ? lookupError(error.body) : null;
    if (!known) {
      showGenericError(app.lang);
      return;
    }
    const { entry } = known;
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
  };
}

/** The connection dialog, in the current language: for a failure the catalogue does not know. */
function showGenericError(lang: AppEnvironment['lang']): void {
  const generic = genericError(lang);
  openDialog({ title: generic.title, text: generic.text, okButtonText: generic.ok });
}

/** A failed call as the retry flow reads it; null for a request the visitor cancelled (nothing to show). */
export function failureOf(error: unknown): PaymentFailure | null {
  if (error instanceof ApiError) {
    if (error.kind === 'aborted') return null;
    return { status: error.kind === 'status' ? error.status : null, body: error.body };
  }
  return { status: null, body: null };
}

/**
 * Carries out a failure route. `onNoAnswer` runs when the call got no answer at all, after the
 * generic connection dialog.
 */
export function followFailure(
  app: Pick<AppEnvironment, 'session' | 'lang'>,
  route: PaymentFailureRoute,
  go: (path: string) => void,
  onNoAnswer?: () => void,
): void {
  switch (route.kind) {
    case 'payment-error':
      if (route.orderToken) app.session.set('orderToken', route.orderToken);
      go(route.path);
      return;
    case 'error':
      go(route.path);
      return;
    case 'retry':
      if (route.clearPaymentInfo) app.session.removePaymentInfo();
      // The dialog offers the way back; closing it any way takes it.
      openDialog({ ...route.dialog, okAction: () => go(route.path), onClose: () => go(route.path) });
      return;
    case 'no-answer':
      showGenericError(app.lang);
      onNoAnswer?.();
      return;
  }
}
