/**
 * Typed cells for the XLSX exports. Excel has no time zones: a date or time is a wall clock, so an
 * instant is written as the venue's wall clock (its heading names the zone) by giving exceljs a
 * `Date` whose UTC fields are that wall clock (exceljs turns a `Date` into a serial number from its
 * UTC time). Amounts are numbers in the currency's units with its number of decimals.
 */
import { createRequire } from 'node:module';
import type { Currency } from '@storefront/domain/constants';
import { isoInZone } from '@storefront/domain/dates';
import { MINOR_UNITS } from '@storefront/domain/format';

const requireOnFirstUse = createRequire(import.meta.url);

/**
 * exceljs, loaded by the first spreadsheet rather than at start (decision 038): synchronously,
 * as the exports hand back their stream at once, and kept by Node's module cache after that.
 */
export const exceljs = (): typeof import('exceljs') => requireOnFirstUse('exceljs');

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A venue's day ("2026-12-02") as a date cell. */
export function dateCell(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** An instant as a date-and-time cell holding the venue's wall clock. */
export function dateTimeCell(instant: Date, timeZone: string): Date {
  return new Date(`${isoInZone(instant, timeZone).slice(0, 19)}Z`);
}

/** A date cell's text in CSV: the day, or the day and time, the ISO way ("2026-12-02 09:30:00"). */
export function dateCellText(cell: Date, withTime: boolean): string {
  const iso = cell.toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10);
}

/** The number format of amounts in a currency: thousands grouped, its minor units as decimals. */
export function moneyFormat(currency: Currency): string {
  const decimals = MINOR_UNITS[currency];
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

/** An amount in minor units as the number of the currency's units. */
export function inUnits(amount: number, currency: Currency): number {
  return amount / 10 ** MINOR_UNITS[currency];
}
