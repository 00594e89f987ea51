/**
 * What the purchase screens keep between steps (SPEC §3 session data) and where each step goes
 * next (SPEC §2 purchase flow).
 * Card details never reach the shop: see pending-card.ts.
 */
import type { Configuration } from '@storefront/domain/api/catalogue';
import type { CardInput } from '@storefront/domain/api/orders';
import type { z } from 'zod';

/** The saved order page (session key orderPage): enough to restore the page and to change it. */
export type SavedOrderPage = {
  productUuid: string;
  date: string;
  timeSpanId: number;
  /** Option id → quantity. */
  options: Record<string, number>;
  /** Set product id → quantity. */
  setProducts: Record<string, number>;
};

/** What the complete page shows (session key complete). */
/** `reservationToken` is null when the answer came from a repeated completion (the token is given once). */
export type CompleteData = { reservationNumber: string; reservationToken: string | null; total: number; email: string | null };

export type CardDetails = z.infer<typeof CardInput>;

/** The step after the order page. */
export function afterOrder(config: Pick<Configuration, 'hasMembershipLogin' | 'isStartMailConfirmOnly'>): string {
  if (config.hasMembershipLogin) return '/membership-login';
  // Mail-only sites confirm the visitor's address by mail instead of the sign-in form.
  return config.isStartMailConfirmOnly ? '/mail-confirm' : '/sign-in';
}

/** Where a ticket lives: under the tickets prefix of this venue. */
export function ticketUrl(ticketsPath: string, reservationToken: string): string {
  return `${ticketsPath}#/id/${encodeURIComponent(reservationToken)}`;
}
