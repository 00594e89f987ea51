/**
 * A venue's coupons as CSV, streamed a thousand rows at a time: a UTF-8 BOM first (so spreadsheet
 * programs read Japanese names as UTF-8), and every cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe. Names and
 * discounts are in the names' language; the headings, whether a coupon is deactivated and its
 * status now are in the console's words (`headings=keys`: the keys, `yes`/`no` and the status key),
 * and the headings of the visit dates and the expiry name the venue's time zone they are in.
 */

import { Readable } from 'node:stream';
import type { CouponFilters } from '@storefront/domain/console/coupons';
import { COUPON_STATUS_WORDS } from '@storefront/domain/console/key-words';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { stringify } from 'csv-stringify';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { COUPON_EXPORT_HEADINGS, COUPON_EXPORT_KEYS, type CouponExportKey } from './coupon-export-headings.ts';
import { couponOf } from './coupon-rows.ts';
import { couponsForExport } from './list-coupons.ts';
import type { CouponRow } from './orders.repository.ts';

/** The columns whose values are the venue's days or wall clock. */
const ZONED: ReadonlySet<CouponExportKey> = new Set(['coverage', 'expiry']);

/** The headings in a language or as keys, with the time zone of the days and times. */
function couponExportColumns(venue: ExportVenue, headings: LanguageCode | 'keys'): string[] {
  return COUPON_EXPORT_KEYS.map((key) => {
    const name = headings === 'keys' ? key : COUPON_EXPORT_HEADINGS[headings][key];
    return ZONED.has(key) ? `${name} (${venue.timeZone})` : name;
  });
}

/** OWASP's advice for CSV injection: a leading character a spreadsheet reads as a formula is made text. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type ExportVenue = { id: number; timeZone: string; currency: Currency };

function recordOf(
  row: CouponRow,
  venue: ExportVenue,
  lang: LanguageCode,
  words: LanguageCode | 'keys',
  expiry: Intl.DateTimeFormat,
  now: Date,
): string[] {
  const discount =
    row.discountType === 'percent' ? `${row.discountAmount}%` : formatPrice(row.discountAmount, venue.currency, lang);
  const status = couponOf(row, now).status;
  return [
    row.code,
    localize(row.name, lang),
    discount,
    `${row.coverageFrom} – ${row.coverageTo}`,
    expiry.format(row.expiresAt),
    row.usageLimit === null ? '' : String(row.usageLimit),
    String(row.usedCount),
    words === 'keys' ? (row.isActive ? 'yes' : 'no') : COUPON_STATUS_WORDS[words][row.isActive ? 'active' : 'inactive'],
    row.batch ?? '',
    words === 'keys' ? status : COUPON_STATUS_WORDS[words][status],
  ].map(safeCell);
}

export function exportCoupons(
  db: Database,
  venue: ExportVenue,
  filters: CouponFilters,
  lang: LanguageCode,
  headings: LanguageCode | 'keys',
  now = clock.now(),
): Readable {
  // yyyy-MM-dd HH:mm in the venue's time zone (the Swedish locale writes dates the ISO way).
  const expiry = new Intl.DateTimeFormat('sv-SE', { timeZone: venue.timeZone, dateStyle: 'short', timeStyle: 'short' });
  async function* records() {
    for await (const page of couponsForExport(db, venue.id, filters, now)) {
      for (const row of page) yield recordOf(row, venue, lang, headings, expiry, now);
    }
  }
  const csv = stringify({ bom: true, header: true, columns: couponExportColumns(venue, headings), record_delimiter: 'windows' });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
