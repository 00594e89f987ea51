/**
 * The shape in which each module answers the dashboard's figures (decision 023): grouped rows by
 * the venue's own calendar day, one per figure and key, counted in SQL. The reports module adds
 * them up over a range and keeps those of closed days as daily summaries.
 */
import { type SQL, sql } from 'drizzle-orm';

export type DayFigure = {
  /** The venue-local day, yyyy-MM-dd. */
  day: string;
  /** What is counted: `sales`, `product`, `option`, `refund`, … (each reading file names its own). */
  figure: string;
  /** The thing counted within the figure (a product id, a channel, a coupon code); '' for a total. */
  key: string;
  orders: number;
  quantity: number;
  amount: number;
};

/** A time range of instants, `from` included, `to` excluded (a run of whole venue-local days). */
export type InstantRange = { from: Date; to: Date };

/** The venue-local day of a timestamp column, as text yyyy-MM-dd. */
export const localDayOf = (column: SQL, timeZone: string): SQL =>
  sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/** Rows from the database as figures (counts may come back as strings from a bigint sum). */
export function asDayFigures(found: Array<Record<string, unknown>>): DayFigure[] {
  return found.map((row) => ({
    day: String(row.day),
    figure: String(row.figure),
    key: String(row.key ?? ''),
    orders: Number(row.orders ?? 0),
    quantity: Number(row.quantity ?? 0),
    amount: Number(row.amount ?? 0),
  }));
}
