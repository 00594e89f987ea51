/**
 * The calendar screen's arithmetic: a month's weeks, day picks (one, a shift range, a weekday),
 * and the selection the server is sent for the picked days, slots, time window and product.
 */
import type { CalendarSelection, CalendarSlot } from '@storefront/domain/console/calendar';

/** `yyyy-MM` of a date string. */
export const monthOf = (date: string) => date.slice(0, 7);

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const fromDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export const addDays = (date: string, days: number) => {
  const d = toDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromDate(d);
};
export const weekdayOf = (date: string) => toDate(date).getUTCDay();

export function shiftMonth(month: string, by: number): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  const d = new Date(Date.UTC(year, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The month's first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The month as weeks of seven (Sunday first); days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const { from, to } = monthRange(month);
  const days: (string | null)[] = Array.from({ length: weekdayOf(from) }, () => null);
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

function daysBetween(a: string, b: string): string[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A click on a day: alone it toggles the day, with shift it adds the days from the anchor. */
export function pickDay(picked: ReadonlySet<string>, day: string, anchor: string | null, range: boolean): Set<string> {
  const next = new Set(picked);
  if (range && anchor) {
    for (const d of daysBetween(anchor, day)) next.add(d);
    return next;
  }
  if (next.has(day)) next.delete(day);
  else next.add(day);
  return next;
}

/** Every day of the month on a weekday: added, or removed when all of them were picked already. */
export function pickWeekday(picked: ReadonlySet<string>, month: string, weekday: number): Set<string> {
  const { from, to } = monthRange(month);
  const days = daysBetween(from, to).filter((d) => weekdayOf(d) === weekday);
  const next = new Set(picked);
  const all = days.every((d) => next.has(d));
  for (const d of days) {
    if (all) next.delete(d);
    else next.add(d);
  }
  return next;
}

export type Narrowing = { productId: number | null; timeFrom: string; timeTo: string };

/** Whether a slot falls in the time window and product of the narrowing. */
export function slotMatches(slot: Pick<CalendarSlot, 'product_id' | 'start_time'>, narrowing: Narrowing): boolean {
  if (narrowing.productId !== null && slot.product_id !== narrowing.productId) return false;
  if (narrowing.timeFrom && slot.start_time < narrowing.timeFrom) return false;
  if (narrowing.timeTo && slot.start_time >= narrowing.timeTo) return false;
  return true;
}

/**
 * The server's selection for the picked days or slots. Picked slots are sent one by one. Picked
 * days are sent as a range with weekdays when they are exactly the range's days of those
 * weekdays (so days without slots can be coloured too); otherwise as the matching slots' ids.
 */
export function selectionFor(
  picked: { days: ReadonlySet<string>; slotIds: ReadonlySet<number> },
  narrowing: Narrowing,
  slots: readonly Pick<CalendarSlot, 'id' | 'date' | 'product_id' | 'start_time'>[],
): CalendarSelection | null {
  if (picked.slotIds.size > 0) return { slot_ids: [...picked.slotIds].sort((a, b) => a - b) };
  if (picked.days.size === 0) return null;
  const days = [...picked.days].sort();
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const weekdays = [...new Set(days.map(weekdayOf))].sort();
  const covered = daysBetween(from, to).filter((d) => weekdays.includes(weekdayOf(d)));
  if (covered.length === days.length) {
    return {
      from,
      to,
      ...(weekdays.length < 7 ? { weekdays } : {}),
      ...(narrowing.timeFrom ? { time_from: narrowing.timeFrom } : {}),
      ...(narrowing.timeTo ? { time_to: narrowing.timeTo } : {}),
      ...(narrowing.productId !== null ? { product_ids: [narrowing.productId] } : {}),
    };
  }
  const ids = slots.filter((s) => picked.days.has(s.date) && slotMatches(s, narrowing)).map((s) => s.id);
  return ids.length > 0 ? { slot_ids: ids } : null;
}
