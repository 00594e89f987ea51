/** When a ticket lets its holder in: the slot's times widened by the site's grace period. */
import type { TicketCheckStatus } from '@storefront/domain/api/tickets';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { checkInGraceMinutes, findSlot } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import type { TicketRow } from './order-tickets.ts';

/** Minutes before a slot starts and after it ends in which its tickets are still let in. */
export const DEFAULT_CHECK_IN_GRACE_MINUTES = 30;

export type EntryWindow = { startsAt: Date; endsAt: Date; graceMinutes: number };

/** Whether `now` is inside the slot's entry window widened by the grace period. */
export function isWithinEntryWindow(window: EntryWindow, now: Date): boolean {
  const grace = window.graceMinutes * 60_000;
  return now.getTime() >= window.startsAt.getTime() - grace && now.getTime() <= window.endsAt.getTime() + grace;
}

export function checkStatusOf(ticketStatus: TicketRow['status'], isInWindow: boolean): TicketCheckStatus {
  if (ticketStatus === 'cancelled') return 'invalid';
  if (ticketStatus === 'used') return 'used';
  return isInWindow ? 'available' : 'invalid_time';
}

/** The entry window of a slot with its date and whether it is all-day; the ticket is not found without it. */
export async function entryWindowOf(
  tx: Database,
  site: Site,
  timeSpanId: number,
): Promise<EntryWindow & { date: string; isAllDay: boolean }> {
  const slot = await findSlot(tx, timeSpanId);
  if (!slot) throw specError('ticket not found');
  const graceMinutes = await checkInGraceMinutes(tx, site.id, DEFAULT_CHECK_IN_GRACE_MINUTES);
  return { startsAt: slot.startsAt, endsAt: slot.endsAt, graceMinutes, date: slot.date, isAllDay: slot.productType !== 'time' };
}
