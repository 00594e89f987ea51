/**
 * The one place that turns a failed request into what the visitor sees: a server error text of
 * the catalogue becomes its dialog and effect (SPEC §4, §8); anything else becomes the generic
 * connection dialog in the current language. A request the visitor cancelled shows nothing.
 */
import { DEFAULT_HOLD_MINUTES } from '@storefront/domain/constants';
import { type ErrorEffect, genericError, lookupError } from '@storefront/domain/errors/catalogue';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { ApiError } from '../api/client.ts';
import type { AppEnvironment } from '../app-context.tsx';

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
      const generic = genericError(app.lang);
      openDialog({ title: generic.title, text: generic.text, okButtonText: generic.ok });
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
