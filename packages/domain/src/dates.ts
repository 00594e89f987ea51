/** Calendar dates travel as "yyyy-MM-dd" strings in the venue's time zone (SPEC §9). */
import { TZDate } from '@date-fns/tz';
import { addDays as addDaysToDate, differenceInCalendarDays, format, parse } from 'date-fns';

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function parseIsoDate(date: string): Date {
  return parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1));
}

/**
 * True for a real calendar date written yyyy-MM-dd ("2026-02-30" is not one). On every
 * catalogue request, so it avoids a full date parse.
 */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's date in the given time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

export function addDays(date: string, days: number): string {
  return format(addDaysToDate(parseIsoDate(date), days), 'yyyy-MM-dd');
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseIsoDate(to), parseIsoDate(from));
}

/** Local wall-clock time "HH:mm" of an instant in a time zone. */
export function timeOfDayIn(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'HH:mm');
}

/** The instant a calendar date begins in a time zone (its local midnight). */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** The instant a time zone's wall clock shows `time` ("HH:mm") on `date`. */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

/** An instant as ISO 8601 with the time zone's offset ("2026-11-24T10:00:00+09:00"): the wall clock there. */
export function isoInZone(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** An instant as the venue's wall clock for a file name ("2026-12-02-0930"). */
export function fileStampIn(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd-HHmm');
}
