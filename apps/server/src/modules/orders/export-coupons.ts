/**
 * A venue's coupons as CSV, streamed a thousand rows at a time: a UTF-8 BOM first (so spreadsheet
 * programs read Japanese names as UTF-8), and every cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe.
 */
import { Readable } from 'node:stream';
import type { CouponFilters } from '@storefront/domain/console/coupons';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { stringify } from 'csv-stringify';
import type { Database } from '../../db/client.ts';
import { couponsForExport } from './list-coupons.ts';
import type { CouponRow } from './orders.repository.ts';

export const COUPON_CSV_COLUMNS = ['code', 'name', 'discount', 'coverage', 'expiry', 'limit', 'used', 'active', 'batch'] as const;

/** OWASP's advice for CSV injection: a leading character a spreadsheet reads as a formula is made text. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type ExportVenue = { id: number; timeZone: string; currency: Currency };

function recordOf(row: CouponRow, venue: ExportVenue, lang: LanguageCode, expiry: Intl.DateTimeFormat): string[] {
  const discount =
    row.discountType === 'percent' ? `${row.discountAmount}%` : formatPrice(row.discountAmount, venue.currency, lang);
  return [
    row.code,
    localize(row.name, lang),
    discount,
    `${row.coverageFrom} – ${row.coverageTo}`,
    expiry.format(row.expiresAt),
    row.usageLimit === null ? '' : String(row.usageLimit),
    String(row.usedCount),
    row.isActive ? 'yes' : 'no',
    row.batch ?? '',
  ].map(safeCell);
}

export function exportCoupons(
  db: Database,
  venue: ExportVenue,
  filters: CouponFilters,
  lang: LanguageCode,
  now = new Date(),
): Readable {
  // yyyy-MM-dd HH:mm in the venue's time zone (the Swedish locale writes dates the ISO way).
  const expiry = new Intl.DateTimeFormat('sv-SE', { timeZone: venue.timeZone, dateStyle: 'short', timeStyle: 'short' });
  async function* records() {
    for await (const page of couponsForExport(db, venue.id, filters, now)) {
      for (const row of page) yield recordOf(row, venue, lang, expiry);
    }
  }
  const csv = stringify({ bom: true, header: true, columns: [...COUPON_CSV_COLUMNS], record_delimiter: 'windows' });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
