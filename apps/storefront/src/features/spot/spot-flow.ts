/**
 * What the spot screens keep between steps (SPEC §3 spot session data) and how they link to each
 * other. Every spot address carries the QR token it started from, so a reload, a back button or a
 * session time-out (SPEC §4: back to `/spot` with the same qr_token) never loses it.
 */
export { keepSpotTicket, type SpotTicket, spotPath, spotTickets } from '../../checkout/spot-purchase.ts';

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
