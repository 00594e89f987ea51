/**
 * A spot purchase (SPEC §3 spot session data) as the spot screens and the payment return both
 * finish it: kept on the device (local storage, so another tab sees it), then the spot's own
 * e-mail-sent page with the QR token it started from. A card with 3-D Secure or a wallet leaves the
 * shop for the provider; `leaveForProvider` keeps what the return needs to finish it the spot way.
 */
import type { AppEnvironment } from '../lib/app-context.tsx';
import type { SessionStore } from '../lib/session/session-store.ts';
import type { Go } from './finish-payment.ts';
import { reservationOf } from './order-summary.ts';
import type { CompletedCheckout } from './payment-api.ts';
import { pendingCard } from './pending-card.ts';
import type { TemporaryOrder } from './purchase-api.ts';

/** A spot path with the QR token in its query. */
export function spotPath(path: string, qrToken: string | null): string {
  if (!qrToken) return path;
  return `${path}${path.includes('?') ? '&' : '?'}qr_token=${encodeURIComponent(qrToken)}`;
}

/** One spot purchase of this device, as the e-mail-sent and inquiry pages show it. */
export type SpotTicket = {
  reservationToken: string;
  reservationNumber: string;
  productName: string;
  date: string;
  from: string;
  to: string;
  quantity: number;
  email: string | null;
};

/** The most purchases a device keeps: a season of visits, not an archive. */
const KEPT_TICKETS = 30;

function isSpotTicket(value: unknown): value is SpotTicket {
  if (typeof value !== 'object' || value === null) return false;
  const ticket = value as Record<string, unknown>;
  return (
    typeof ticket.reservationToken === 'string' &&
    typeof ticket.reservationNumber === 'string' &&
    typeof ticket.productName === 'string' &&
    typeof ticket.date === 'string' &&
    typeof ticket.from === 'string' &&
    typeof ticket.to === 'string' &&
    typeof ticket.quantity === 'number'
  );
}

/** The spot purchases kept in local storage (session key spotOrderTokens), newest first. */
export function spotTickets(session: Pick<SessionStore, 'get'>): SpotTicket[] {
  const stored = session.get('spotOrderTokens');
  return Array.isArray(stored) ? stored.filter(isSpotTicket) : [];
}

/** Adds a purchase to the device's list; buying twice keeps both. */
export function keepSpotTicket(session: Pick<SessionStore, 'get' | 'set'>, ticket: SpotTicket): void {
  const others = spotTickets(session).filter((kept) => kept.reservationToken !== ticket.reservationToken);
  session.set('spotOrderTokens', [{ ...ticket }, ...others].slice(0, KEPT_TICKETS));
}

/** The spot purchase a payment return is finishing, if it is one. */
export function spotReturnOf(session: Pick<SessionStore, 'get'>): { qrToken: string | null } | null {
  const kept = session.get('spotReturn');
  if (!kept) return null;
  return { qrToken: typeof kept.qrToken === 'string' ? kept.qrToken : null };
}

/** Keeps the paid spot purchase on the device, forgets the spot order, and shows the e-mail-sent page. */
export function completeSpotPurchase(
  app: Pick<AppEnvironment, 'session'>,
  answer: Pick<CompletedCheckout, 'reservation_token' | 'reservation_number'>,
  order: TemporaryOrder | null,
  qrToken: string | null,
  go: Go,
): void {
  const reservationToken = answer.reservation_token ?? '';
  if (order) {
    const visit = reservationOf(order);
    keepSpotTicket(app.session, {
      reservationToken,
      reservationNumber: answer.reservation_number,
      productName: order.mainProduct.name,
      date: visit.date,
      from: visit.from,
      to: visit.to,
      quantity: order.mainProduct.quantity,
      email: order.customerFields?.email ?? null,
    });
  }
  app.session.remove('spotOrderToken', 'spotOrderPage', 'spotReturn', 'paymentNumber');
  pendingCard.forget();
  go(spotPath(`/spot/email-sended/${encodeURIComponent(reservationToken)}`, qrToken));
}
