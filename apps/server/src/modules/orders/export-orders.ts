/**
 * A venue's order search as a file, streamed a thousand orders at a time whatever its size: CSV
 * (a UTF-8 BOM, cells a spreadsheet would run as a formula made text, like the coupons' export)
 * or XLSX (exceljs's streaming writer: rows are written out as they come, never held). Times are
 * the venue's local times and amounts in its currency; the headings say which.
 */
import { PassThrough, Readable } from 'node:stream';
import type { OrderSearchFilters, OrderSummary } from '@storefront/domain/console/order-search';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { MINOR_UNITS } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.ts';
import { safeCell } from './export-coupons.ts';
import { ordersForExport, type SearchOrder } from './search-orders.ts';

export type OrderExportVenue = { id: number; timeZone: string; currency: Currency };

/** The columns, with the time zone and the currency their values are in. */
export function orderExportColumns(venue: OrderExportVenue): string[] {
  return [
    'reservation_number',
    'name',
    'email',
    'phone',
    'product',
    `visit_date (${venue.timeZone})`,
    `visit_time (${venue.timeZone})`,
    'quantity',
    `total (${venue.currency})`,
    'status',
    'channel',
    `completed_at (${venue.timeZone})`,
  ];
}

type Cell = string | number;

function cellsOf(
  order: OrderSummary,
  lang: LanguageCode,
  venue: OrderExportVenue,
  formats: { time: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat },
): Cell[] {
  const time = (at: string | null) => (at ? formats.time.format(new Date(at)) : '');
  return [
    order.reservation_number,
    order.name ?? '',
    order.email ?? '',
    order.phone ?? '',
    localize(order.product_name, lang),
    order.visit_date ?? '',
    order.visit_starts_at ? `${time(order.visit_starts_at)}–${time(order.visit_ends_at)}` : '',
    order.quantity,
    order.total / 10 ** MINOR_UNITS[venue.currency],
    order.status,
    order.channel,
    order.completed_at ? formats.dateTime.format(new Date(order.completed_at)) : '',
  ];
}

async function* exportedRows(
  db: Database,
  venue: OrderExportVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
  lang: LanguageCode,
): AsyncGenerator<Cell[]> {
  // yyyy-MM-dd HH:mm:ss in the venue's time zone (the Swedish locale writes dates the ISO way).
  const formats = {
    time: new Intl.DateTimeFormat('sv-SE', { timeZone: venue.timeZone, timeStyle: 'short' }),
    dateTime: new Intl.DateTimeFormat('sv-SE', { timeZone: venue.timeZone, dateStyle: 'short', timeStyle: 'medium' }),
  };
  for await (const batch of ordersForExport(db, venue, filters, order)) {
    for (const found of batch) yield cellsOf(found, lang, venue, formats);
  }
}

export function exportOrdersCsv(
  db: Database,
  venue: OrderExportVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
  lang: LanguageCode,
): Readable {
  const decimals = MINOR_UNITS[venue.currency];
  async function* records() {
    for await (const cells of exportedRows(db, venue, filters, order, lang)) {
      yield cells.map((cell, index) =>
        typeof cell === 'number' ? (index === 8 ? cell.toFixed(decimals) : String(cell)) : safeCell(cell),
      );
    }
  }
  const csv = stringify({ bom: true, header: true, columns: orderExportColumns(venue), record_delimiter: 'windows' });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

export function exportOrdersXlsx(
  db: Database,
  venue: OrderExportVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
  lang: LanguageCode,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  const decimals = MINOR_UNITS[venue.currency];
  sheet.columns = orderExportColumns(venue).map((header, index) => ({
    header,
    width: [16, 22, 28, 16, 28, 14, 14, 10, 14, 18, 10, 22][index] ?? 14,
    ...(index === 8 ? { style: { numFmt: decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}` } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    for await (const cells of exportedRows(db, venue, filters, order, lang)) {
      // exceljs writes text as it is (a cell is never read as a formula unless it is made one).
      sheet.addRow(cells).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
