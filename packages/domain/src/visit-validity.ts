/**
 * When a ticket is valid, as its page says it (issue 17 part 6): before the visit's day an
 * admission the gate would answer `invalid_time` is early, not broken, so the page names the day
 * and slot it admits on; once the day has passed, that its validity ended. Shared by the
 * storefront's ticket page and the server's first view of it.
 */
import { DISPLAY_TIME_ZONE } from './constants.ts';
import { timeOfDayIn } from './dates.ts';
import { formatDate } from './format.ts';

export type VisitSlot = { date: string; reservationFrom: string; reservationTo: string; isAllDay: boolean };

/** The text key and values of a slot's validity, as of `today` (yyyy-MM-dd at the venue). */
export function validityOf(
  slot: VisitSlot,
  lang: Parameters<typeof formatDate>[1],
  today: string,
): { key: string; values: Record<string, string>; hasEnded: boolean } {
  const date = formatDate(slot.date, lang);
  if (slot.date < today) return { key: 'ticket_validity_ended', values: { date }, hasEnded: true };
  if (slot.isAllDay) return { key: 'ticket_valid_on_day', values: { date }, hasEnded: false };
  return {
    key: 'ticket_valid_on',
    values: {
      date,
      from: timeOfDayIn(new Date(slot.reservationFrom), DISPLAY_TIME_ZONE),
      to: timeOfDayIn(new Date(slot.reservationTo), DISPLAY_TIME_ZONE),
    },
    hasEnded: false,
  };
}
