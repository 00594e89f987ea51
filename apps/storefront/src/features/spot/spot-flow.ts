/**
 * What the spot screens keep between steps (SPEC §3 spot session data) and how they link to each
 * other. Every spot address carries the QR token it started from, so a reload, a back button or a
 * session time-out (SPEC §4: back to `/spot` with the same qr_token) never loses it.
 */
import type { SessionStore } from '../../lib/session/session-store.ts';

/** A spot path with the QR token in its query. */
export function spotPath(path: string, qrToken: string | null): string {
  if (!qrToken) return path;
  return `${path}${path.includes('?') ? '&' : '?'}qr_token=${encodeURIComponent(qrToken)}`;
}

/** The saved spot order page (session key spotOrderPage): the chosen slot and quantities. */
export type SavedSpotOrder = { timeSpanId: number; options: Record<string, number>; setProducts: Record<string, number> };

export function readSavedSpotOrder(raw: unknown): SavedSpotOrder | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const saved = raw as Partial<SavedSpotOrder>;
  if (typeof saved.timeSpanId !== 'number') return null;
  const counts = (value: unknown) =>
    typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
      : {};
  return { timeSpanId: saved.timeSpanId, options: counts(saved.options), setProducts: counts(saved.setProducts) };
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
