/**
 * The one contract of the console's date and time filters (the audit log's period, a search's
 * visit dates, a report's range, the calendar's, the arrivals' and the gate kit's day, the
 * waiting list's day): a real calendar date, or a point in time, between 2000-01-01 and
 * 2100-12-31. No venue sells, reports or audits anything outside it, and every engine and every
 * date calculation of the server works inside it: a date past it is refused with the filter's
 * name, never taken to the database (where year 0 or 275760 fails the statement).
 */
import { z } from 'zod';
import { InputText } from '../api/common.ts';
import { isIsoDate } from '../dates.ts';

export const FIRST_FILTER_DATE = '2000-01-01';
export const LAST_FILTER_DATE = '2100-12-31';
const RANGE = `from ${FIRST_FILTER_DATE} to ${LAST_FILTER_DATE}`;

/** A real calendar date written yyyy-MM-dd, inside the filters' range. */
export function isFilterDate(value: string): boolean {
  return isIsoDate(value) && value >= FIRST_FILTER_DATE && value <= LAST_FILTER_DATE;
}

const DateTimeWithOffset = z.iso.datetime({ offset: true });

/**
 * A point in time: a date alone (its midnight UTC, as the API has always read it) or a date and
 * time with its offset (`2026-03-01T00:00:00+09:00`, as the console sends it; one without an offset
 * would mean the server's own time zone). Its written date must be inside the filters' range.
 */
export function isFilterInstant(value: string): boolean {
  if (isFilterDate(value)) return true;
  return DateTimeWithOffset.safeParse(value).success && isFilterDate(value.slice(0, 10));
}

/** A day filter of the console (`?date=`, `?from=`, `?to=`). */
export const FilterDate = InputText.refine(isFilterDate, { error: `must be a calendar date written yyyy-MM-dd, ${RANGE}` });

/** A moment filter of the console (the audit log's `?from=` and `?to=`). */
export const FilterInstant = InputText.refine(isFilterInstant, {
  error: `must be a date (yyyy-MM-dd) or a date and time with its offset (ISO 8601), ${RANGE}`,
});
