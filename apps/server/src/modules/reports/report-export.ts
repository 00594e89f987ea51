/**
 * Any report as a file, with the conventions of the order export: CSV streamed as its rows come (a
 * UTF-8 BOM so spreadsheet programs read Japanese as UTF-8, cells a spreadsheet would run as a
 * formula made text, CRLF line ends) or XLSX through exceljs's streaming writer (rows written out
 * as they come, never held). A column says what its values are; the headings of days and times
 * name the venue's time zone and those of amounts its currency, so a file read on its own says
 * what its figures mean. Amounts come in minor units and are written in the currency's units. In
 * XLSX days are date cells and amounts and counts numbers with their formats. A totals row, when
 * the report has one, closes the file. A file worded in a language words its keys' values too (a
 * journal line's kind, a channel, the totals row's label); `headings=keys` keeps them keys.
 */

import { PassThrough, Readable } from 'node:stream';
import type { EXPORT_FORMATS } from '@storefront/domain/console/reports';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { ISO_DATE_PATTERN } from '@storefront/domain/dates';
import { MINOR_UNITS } from '@storefront/domain/format';
import { stringify } from 'csv-stringify';
import { clock } from '../../lib/clock.ts';
import { DATE_FORMAT, dateCell, exceljs, moneyFormat } from '../../lib/spreadsheet-cells.ts';
import { safeCell } from '../orders/export-coupons.ts';
import { type ReportHeadings, TOTALS_KEY, TOTALS_WORDS } from './report-headings.ts';

/**
 * - `text`: as it is (made safe from formulas in CSV).
 * - `date`: a day of the venue (yyyy-MM-dd), its heading names the time zone.
 * - `count`: a whole number.
 * - `money`: an amount in minor units, its heading names the currency.
 * - `percent`: a share in percent.
 */
type ReportColumnKind = 'text' | 'date' | 'count' | 'money' | 'percent';
export type ReportColumn = { name: string; kind: ReportColumnKind; width?: number };
type ReportCell = string | number | null;

export type ReportTable = {
  /** The XLSX sheet's name (at most 31 characters of letters, digits, `_` and `-`). */
  sheet: string;
  columns: ReportColumn[];
  /** Read once, as the file is written. */
  rows: AsyncIterable<ReportCell[]> | Iterable<ReportCell[]>;
  /**
   * The closing totals row, asked for once every row is written (a report may sum as it goes). A
   * first cell `total` (`TOTALS_KEY`) is its label, worded as the headings are.
   */
  totals?: () => ReportCell[] | Promise<ReportCell[]>;
  /** The columns' headings in each language, by column name (a name missing is its own heading). */
  headings?: ReportHeadings;
};

export type ReportFileContext = {
  timeZone: string;
  currency: Currency;
  /** The language of the headings, or `keys` for the columns' names (as when not given). */
  headings?: LanguageCode | 'keys';
};

export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

export const REPORT_CONTENT_TYPES: Record<ExportFormatName, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The headings, in words or keys: days and times with the time zone, amounts with the currency. */
function reportHeadings(columns: readonly ReportColumn[], context: ReportFileContext, words?: ReportHeadings): string[] {
  const language = context.headings ?? 'keys';
  return columns.map((column) => {
    const name = (language !== 'keys' && words?.[language][column.name]) || column.name;
    if (column.kind === 'date') return `${name} (${context.timeZone})`;
    if (column.kind === 'money') return `${name} (${context.currency})`;
    if (column.kind === 'percent') return `${name} (%)`;
    return name;
  });
}

async function* allRows(table: ReportTable, context: ReportFileContext): AsyncGenerator<ReportCell[]> {
  for await (const row of table.rows) yield row;
  if (!table.totals) return;
  const [label, ...sums] = await table.totals();
  const language = context.headings ?? 'keys';
  yield [label === TOTALS_KEY && language !== 'keys' ? TOTALS_WORDS[language] : (label ?? null), ...sums];
}

function csvRecord(row: ReportCell[], columns: readonly ReportColumn[], decimals: number): string[] {
  // A day stays "yyyy-MM-dd" text in CSV (a date cell in XLSX).
  return columns.map((column, index) => {
    const cell = row[index] ?? null;
    if (cell === null) return '';
    if (typeof cell === 'string') return safeCell(cell);
    if (column.kind === 'money') return (cell / 10 ** decimals).toFixed(decimals);
    return String(cell);
  });
}

export function reportCsv(table: ReportTable, context: ReportFileContext): Readable {
  const decimals = MINOR_UNITS[context.currency];
  async function* records() {
    for await (const row of allRows(table, context)) yield csvRecord(row, table.columns, decimals);
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: reportHeadings(table.columns, context, table.headings),
    record_delimiter: 'windows',
  });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

const DEFAULT_WIDTHS: Record<ReportColumnKind, number> = { text: 24, date: 22, count: 10, money: 16, percent: 10 };

export function reportXlsx(table: ReportTable, context: ReportFileContext): Readable {
  const out = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = clock.now();
  const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const decimals = MINOR_UNITS[context.currency];
  const formats: Partial<Record<ReportColumnKind, string>> = {
    date: DATE_FORMAT,
    count: '0',
    money: moneyFormat(context.currency),
  };
  const headings = reportHeadings(table.columns, context, table.headings);
  sheet.columns = table.columns.map((column, index) => {
    const numFmt = formats[column.kind];
    return {
      header: headings[index],
      width: column.width ?? DEFAULT_WIDTHS[column.kind],
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  (async () => {
    const rows = allRows(table, context);
    let last: ReportCell[] | null = null;
    for await (const row of rows) {
      // The row before is written once the next is known, so the totals row can be set in bold.
      if (last) sheet.addRow(xlsxCells(last, table.columns, decimals)).commit();
      last = row;
    }
    if (last) {
      const written = sheet.addRow(xlsxCells(last, table.columns, decimals));
      if (table.totals) written.font = { bold: true };
      written.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * exceljs writes text as it is (a cell is never read as a formula unless it is made one). A day is
 * a date cell; a date column's text that is not a day (the totals row's label) stays text.
 */
function xlsxCells(row: ReportCell[], columns: readonly ReportColumn[], decimals: number): Array<string | number | Date | null> {
  return columns.map((column, index) => {
    const cell = row[index] ?? null;
    if (typeof cell === 'number' && column.kind === 'money') return cell / 10 ** decimals;
    if (typeof cell === 'string' && column.kind === 'date' && ISO_DATE_PATTERN.test(cell)) return dateCell(cell);
    return cell;
  });
}

export function reportFile(format: ExportFormatName, table: ReportTable, context: ReportFileContext): Readable {
  return format === 'csv' ? reportCsv(table, context) : reportXlsx(table, context);
}

/** `<report>-<venue>-<from>-<to>.<format>`, the venue's code made safe for a file name. */
export function reportFileName(report: string, venueCode: string, range: { from: string; to: string }, format: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `${safe(report)}-${safe(venueCode)}-${range.from}-${range.to}.${format}`;
}
