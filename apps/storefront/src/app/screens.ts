/** Each screen's lazily loaded module. A chunk that has not arrived in 120 s fails (SPEC §2). */
import { CHUNK_LOAD_TIMEOUT_MS } from '@storefront/domain/constants';
import { CHUNK_LOAD_FAILED } from '@storefront/domain/errors/catalogue';
import type { ComponentType } from 'react';
import type { ScreenId, ScreenProps } from './route-table.ts';

type ScreenModule = { default: ComponentType<ScreenProps> };

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(CHUNK_LOAD_FAILED)), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** True for a screen module that failed to load: timed out, or the network failed to fetch it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(CHUNK_LOAD_FAILED) || /dynamically imported module|Importing a module script failed/i.test(message);
}

export const SCREENS: Record<ScreenId, () => Promise<ScreenModule>> = {
  privacy: () => import('../features/static/privacy-page.tsx'),
  specified: () => import('../features/static/specified-page.tsx'),
  terms: () => import('../features/static/terms-page.tsx'),
  error: () => import('../features/errors/error-page.tsx'),
  'payment-error': () => import('../features/errors/payment-error-page.tsx'),
  'ticket-redirect': () => import('../features/tickets/ticket-redirect.tsx'),
  order: () => import('../features/order/order-page.tsx'),
  'sign-in': () => import('../features/sign-in/sign-in-page.tsx'),
  'membership-login': () => import('../features/membership-login/membership-login-page.tsx'),
  'sended-mail': () => import('../features/mail-confirm/sended-mail-page.tsx'),
  'mail-confirm': () => import('../features/mail-confirm/mail-confirm-page.tsx'),
  payment: () => import('../features/payment/payment-page.tsx'),
  confirm: () => import('../features/confirm/confirm-page.tsx'),
  complete: () => import('../features/complete/complete-page.tsx'),
  'payment-callback': () => import('../features/payment-return/payment-return-page.tsx'),
  'three-d-secure-callback': () => import('../features/payment-return/payment-return-page.tsx'),
  'adyen-callback': () => import('../features/payment-return/payment-return-page.tsx'),
  ticket: () => import('../features/tickets/ticket-page.tsx'),
  'check-in': () => import('../features/tickets/check-in-page.tsx'),
  receipt: () => import('../features/tickets/receipt-page.tsx'),
  share: () => import('../features/tickets/share-page.tsx'),
  shared: () => import('../features/tickets/shared-page.tsx'),
  send: () => import('../features/tickets/send-page.tsx'),
  'change-date': () => import('../features/date-change/date-change-page.tsx'),
  'change-date-confirm': () => import('../features/date-change/date-change-confirm-page.tsx'),
  'change-date-payment': () => import('../features/date-change/date-change-payment-page.tsx'),
  'change-date-payment-confirm': () => import('../features/date-change/date-change-payment-confirm-page.tsx'),
  'change-date-complete': () => import('../features/date-change/date-change-complete-page.tsx'),
  'spot-order': () => import('../features/spot/spot-order-page.tsx'),
  'spot-payment': () => import('../features/spot/spot-payment-page.tsx'),
  'spot-ticket-inquiry': () => import('../features/spot/spot-ticket-inquiry-page.tsx'),
  'spot-qr': () => import('../features/spot/spot-qr-page.tsx'),
  'spot-order-fields': () => import('../features/spot/spot-order-fields-page.tsx'),
  'spot-products': () => import('../features/spot/spot-products-page.tsx'),
  'spot-email-sended': () => import('../features/spot/spot-email-sended-page.tsx'),
  'reservation-inquiry': () => import('../features/inquiry/reservation-inquiry-page.tsx'),
  'mail-release': () => import('../features/mail-release/mail-release-page.tsx'),
  'mail-release-completion': () => import('../features/mail-release/mail-release-completion-page.tsx'),
  signage: () => import('../features/signage/signage-page.tsx'),
};
