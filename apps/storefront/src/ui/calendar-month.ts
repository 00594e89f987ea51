/**
 * The order calendar's month grid. Dates stay "yyyy-MM-dd" strings and the arithmetic runs in
 * UTC, so no visitor time zone can shift a day; no date library is needed for it.
 */
import { MAX_SEARCH_RANGE_DAYS } from '@storefront/domain/constants';

export type YearMonth = { year: number; month: number };
/** 0 = the week starts on Sunday, 1 = on Monday. */
export type WeekStart = 0 | 1;

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Today's date in a time zone, with Intl alone. It agrees with the domain's `todayIn` (a test holds
 * them together), which formats through date-fns: about 7 KB gzip that the order route cannot spare.
 */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function isoDate(year: number, month: number, day: number): string {
  return fromUtc(Date.UTC(year, month - 1, day));
}

export function addDaysTo(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

export function monthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function addMonths(value: YearMonth, months: number): YearMonth {
  const index = value.year * 12 + value.month - 1 + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when a is before b, 0 for the same month. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/**
 * The weeks of a month, each seven cells from the first weekday; cells outside the month are null.
 */
export function monthGrid(value: YearMonth, weekStart: WeekStart): (string | null)[][] {
  const first = new Date(Date.UTC(value.year, value.month - 1, 1));
  const daysInMonth = new Date(Date.UTC(value.year, value.month, 0)).getUTCDate();
  const lead = (first.getUTCDay() - weekStart + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(isoDate(value.year, value.month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** Short weekday names in grid order, e.g. ["Sun", "Mon", …] or ["月", "火", …]. */
export function weekdayNames(locale: string, weekStart: WeekStart): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2023, 0, 1 + weekStart + index))));
}

/** The first day of the week where the locale says (Intl week info), else Sunday as in Japan. */
export function weekStartOf(locale: string): WeekStart {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    return firstDay === 1 ? 1 : 0;
  } catch {
    return 0;
  }
}

export function monthLabel(value: YearMonth, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(value.year, value.month - 1, 1)),
  );
}

/** The widest window one availability call may ask for, starting today. */
export function calendarWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDaysTo(today, MAX_SEARCH_RANGE_DAYS - 1) };
}

/** The last day that has any open slot: the calendar ends there. */
export function lastOpenDate(days: readonly { date: string; status: string }[]): string | null {
  let last: string | null = null;
  for (const day of days) if (day.status !== 'closed' && (last === null || day.date > last)) last = day.date;
  return last;
}

/**
 * The month the calendar opens on: the chosen day's, else the month of the first day from `today`
 * that can be booked, so a visitor near a month's end whose remaining days are closed or sold out
 * does not open on a month with nothing to choose; today's month when no day can be booked.
 */
export function openingMonth(today: string, statuses: ReadonlyMap<string, string>, selected: string | null): YearMonth {
  if (selected) return monthOf(selected);
  let first: string | null = null;
  for (const [date, status] of statuses)
    if (date >= today && (status === 'available' || status === 'few') && (first === null || date < first)) first = date;
  return monthOf(first ?? today);
}
