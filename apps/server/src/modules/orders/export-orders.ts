/**
 * A venue's order search as a file, streamed a thousand orders at a time whatever its size: CSV
 * (a UTF-8 BOM, cells a spreadsheet would run as a formula made text, like the coupons' export)
 * or XLSX (exceljs's streaming writer: rows are written out as they come, never held). Times are
 * the venue's local times and amounts in its currency; the headings say which. In XLSX days and
 * times are date cells, amounts and counts numbers with their formats; in CSV they are text. An
 * order's standing, where its refunds stand and its channel are words in the headings' language, the ones the console shows
 * (`@storefront/domain/console/key-words`), or the keys when the headings are (`headings=keys`).
 */

import { PassThrough, Readable } from 'node:stream';
import { ORDER_STANDING_WORDS, REFUND_STANDING_WORDS, SALES_CHANNEL_WORDS, wordFor } from '@storefront/domain/console/key-words';
import type { RefundStanding } from '@storefront/domain/console/order-detail';
import type { OrderSearchFilters, OrderSummary } from '@storefront/domain/console/order-search';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { MINOR_UNITS } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  dateCell,
  dateCellText,
  dateTimeCell,
  exceljs,
  inUnits,
  moneyFormat,
} from '../../lib/spreadsheet-cells.ts';
import { safeCell } from './export-coupons.ts';
import { ORDER_EXPORT_HEADINGS, type OrderExportKey } from './order-export-headings.ts';
import type { OrderReads } from './order-reads.ts';
import { ordersForExport, type SearchOrder } from './search-orders.ts';

export type OrderExportVenue = { id: number; timeZone: string; currency: Currency };

/** What the export reads from other modules, given by the caller through their own files. */
export type OrderExportReads = {
  /** What the search places of the tickets' and payments' tables. */
  search: OrderReads;
  /**
   * What went back to the visitors of a batch of orders, in minor units, and where their money
   * stands (the payments module's); an order absent had nothing back nor asked back.
   */
  refunds: (orderIds: readonly string[]) => Promise<Map<string, { refunded: number; standing: RefundStanding }>>;
  /** The options' names in every language, by id (the catalogue's). */
  optionNames: (optionIds: number[]) => Promise<Map<number, Record<string, string>>>;
};

/** The codes of the coupons each order of a batch used (in code order), and its options as booked. */
async function couponsAndOptions(
  db: Database,
  orderIds: readonly string[],
): Promise<{ coupons: Map<string, string[]>; options: Map<string, Array<{ id: number; quantity: number }>> }> {
  const ids = `{${orderIds.join(',')}}`;
  const found = await rows<{ id: string; codes: string[] | null; options: Array<{ option_value_id: number; quantity: number }> }>(
    db,
    sql`select o.id, o.option_values as options,
               (select array_agg(c.code order by c.code) from order_coupons oc join coupons c on c.id = oc.coupon_id
                 where oc.order_id = o.id) as codes
        from orders o where o.id = any(${ids}::uuid[])`,
  );
  return {
    coupons: new Map(found.map((row) => [row.id, row.codes ?? []])),
    options: new Map(
      found.map((row) => [row.id, row.options.map((v) => ({ id: Number(v.option_value_id), quantity: Number(v.quantity) }))]),
    ),
  };
}

/**
 * What a column holds: `date` a venue's day and `dateTime` its wall clock (typed date cells in
 * XLSX, ISO-like text in CSV), `money` an amount in the currency's units, `count` a whole number.
 */
type ColumnKind = 'text' | 'date' | 'dateTime' | 'count' | 'money';
type OrderColumn = { key: OrderExportKey; kind: ColumnKind; width: number; zoned?: boolean };

const ORDER_COLUMNS: readonly OrderColumn[] = [
  { key: 'reservation_number', kind: 'text', width: 16 },
  { key: 'name', kind: 'text', width: 22 },
  { key: 'email', kind: 'text', width: 28 },
  { key: 'phone', kind: 'text', width: 16 },
  { key: 'product', kind: 'text', width: 28 },
  { key: 'visit_date', kind: 'date', width: 14, zoned: true },
  { key: 'visit_time', kind: 'text', width: 14, zoned: true },
  { key: 'quantity', kind: 'count', width: 10 },
  { key: 'total', kind: 'money', width: 14 },
  { key: 'refunded', kind: 'money', width: 14 },
  { key: 'coupons', kind: 'text', width: 18 },
  { key: 'options', kind: 'text', width: 28 },
  { key: 'status', kind: 'text', width: 18 },
  { key: 'refund_status', kind: 'text', width: 22 },
  { key: 'channel', kind: 'text', width: 16 },
  { key: 'completed_at', kind: 'dateTime', width: 22, zoned: true },
];

/** How the file words its headings and its keys' values (standings, channel): in a language, or as the keys. */
type Wording = LanguageCode | 'keys';

/** The headings in a language or as keys, with the time zone and the currency their values are in. */
function orderExportColumns(venue: OrderExportVenue, headings: Wording = 'keys'): string[] {
  return ORDER_COLUMNS.map((column) => {
    const name = headings === 'keys' ? column.key : ORDER_EXPORT_HEADINGS[headings][column.key];
    if (column.zoned) return `${name} (${venue.timeZone})`;
    if (column.kind === 'money') return `${name} (${venue.currency})`;
    return name;
  });
}

type Cell = string | number | Date;

type OrderExtras = {
  refunds: Map<string, { refunded: number; standing: RefundStanding }>;
  coupons: Map<string, string[]>;
  options: Map<string, Array<{ id: number; quantity: number }>>;
  optionNames: Map<number, Record<string, string>>;
};

function cellsOf(
  order: OrderSummary,
  extras: OrderExtras,
  lang: LanguageCode,
  words: Wording,
  venue: OrderExportVenue,
  time: Intl.DateTimeFormat,
): Cell[] {
  const timeOf = (at: string | null) => (at ? time.format(new Date(at)) : '');
  const refunds = extras.refunds.get(order.id);
  const refundStatus = refunds?.standing ?? 'none';
  return [
    order.reservation_number,
    order.name ?? '',
    order.email ?? '',
    order.phone ?? '',
    localize(order.product_name, lang),
    order.visit_date ? dateCell(order.visit_date) : '',
    order.visit_starts_at ? `${timeOf(order.visit_starts_at)}–${timeOf(order.visit_ends_at)}` : '',
    order.quantity,
    inUnits(order.total, venue.currency),
    inUnits(refunds?.refunded ?? 0, venue.currency),
    (extras.coupons.get(order.id) ?? []).join(' '),
    (extras.options.get(order.id) ?? [])
      .map((option) => `${localize(extras.optionNames.get(option.id) ?? {}, lang) || `#${option.id}`} ×${option.quantity}`)
      .join('; '),
    words === 'keys' ? order.status : ORDER_STANDING_WORDS[words][order.status],
    // Nothing given back nor asked back is no word: the cell stays empty.
    words === 'keys' ? refundStatus : refundStatus === 'none' ? '' : REFUND_STANDING_WORDS[words][refundStatus],
    words === 'keys' ? order.channel : wordFor(SALES_CHANNEL_WORDS[words], order.channel),
    order.completed_at ? dateTimeCell(new Date(order.completed_at), venue.timeZone) : '',
  ];
}

async function* exportedRows(
  db: Database,
  venue: OrderExportVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
  lang: LanguageCode,
  words: Wording,
  reads: OrderExportReads,
): AsyncGenerator<Cell[]> {
  // HH:mm in the venue's time zone (the Swedish locale writes times the ISO way).
  const time = new Intl.DateTimeFormat('sv-SE', { timeZone: venue.timeZone, timeStyle: 'short' });
  for await (const batch of ordersForExport(db, reads.search, venue, filters, order)) {
    const ids = batch.map((found) => found.id);
    const { coupons, options } = await couponsAndOptions(db, ids);
    const optionIds = [...new Set([...options.values()].flatMap((booked) => booked.map((option) => option.id)))];
    const extras = { refunds: await reads.refunds(ids), coupons, options, optionNames: await reads.optionNames(optionIds) };
    for (const found of batch) yield cellsOf(found, extras, lang, words, venue, time);
  }
}

/** A cell as CSV text: days and times the ISO way, amounts with the currency's decimals. */
function csvText(cell: Cell, column: OrderColumn, decimals: number): string {
  if (cell instanceof Date) return dateCellText(cell, column.kind === 'dateTime');
  if (typeof cell === 'number') return column.kind === 'money' ? cell.toFixed(decimals) : String(cell);
  return safeCell(cell);
}

const XLSX_FORMATS: Partial<Record<ColumnKind, (venue: OrderExportVenue) => string>> = {
  date: () => DATE_FORMAT,
  dateTime: () => DATE_TIME_FORMAT,
  money: (venue) => moneyFormat(venue.currency),
  count: () => '0',
};

export function exportOrdersCsv(
  db: Database,
  venue: OrderExportVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
  lang: LanguageCode,
  headings: Wording,
  reads: OrderExportReads,
): Readable {
  const decimals = MINOR_UNITS[venue.currency];
  async function* records() {
    for await (const cells of exportedRows(db, venue, filters, order, lang, headings, reads)) {
      yield cells.map((cell, index) => csvText(cell, ORDER_COLUMNS[index] as OrderColumn, decimals));
    }
  }
  const csv = stringify({ bom: true, header: true, columns: orderExportColumns(venue, headings), record_delimiter: 'windows' });
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
  headings: Wording,
  reads: OrderExportReads,
): Readable {
  const out = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = clock.now();
  const sheet = workbook.addWorksheet('orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  const titles = orderExportColumns(venue, headings);
  sheet.columns = ORDER_COLUMNS.map((column, index) => {
    const numFmt = XLSX_FORMATS[column.kind]?.(venue);
    return { header: titles[index], width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  sheet.getRow(1).font = { bold: true };
  (async () => {
    for await (const cells of exportedRows(db, venue, filters, order, lang, headings, reads)) {
      // exceljs writes text as it is (a cell is never read as a formula unless it is made one).
      sheet.addRow(cells).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
