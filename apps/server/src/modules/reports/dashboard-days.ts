/**
 * The dashboard's figures of a run of days (decision 023): summarised days from `report_days`,
 * every other day counted live by the modules that own the rows (orders, refunds, date changes),
 * in grouped statements either way. And the summariser: a closed day (its end in the venue's time
 * zone more than an hour ago) is counted once and kept, its marker inserted in the same
 * transaction, so two server processes never both keep a day.
 */

import { addDays, daysBetween, startOfDayIn, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import { asDayFigures, type DayFigure } from '../../lib/day-figures.ts';
import { dateChangeFigures } from '../date-changes/date-change-figures.ts';
import { totalBeforeChanges } from '../date-changes/total-before-changes.ts';
import { firstSaleAt, salesFigures } from '../orders/sales-figures.ts';
import { refundFigures } from '../payments/refund-figures.ts';
import type { Site } from '../sites/site.ts';
import { reportDays } from './reports.schema.ts';

/** How long after a day's end it is summarised: what a transaction still open at midnight needs to commit. */
export const CLOSED_AFTER_MS = 60 * 60 * 1000;
/** How often each server process looks for closed days to summarise. */
export const REPORT_SUMMARY_MS = 10 * 60 * 1000;
/** Days one summariser run keeps at most (a venue's first run over years of orders is spread over runs). */
const DAYS_PER_RUN = 400;

type Venue = Pick<Site, 'id' | 'timeZone'>;

/** The figures of the days `from` to `to` (both counted), counted live from the owning modules. */
export async function liveFigures(db: Database, venue: Venue, from: string, to: string): Promise<DayFigure[]> {
  const range = { from: startOfDayIn(from, venue.timeZone), to: startOfDayIn(addDays(to, 1), venue.timeZone) };
  const parts = await Promise.all([
    salesFigures(db, totalBeforeChanges, venue.id, venue.timeZone, range),
    refundFigures(db, venue.id, venue.timeZone, range),
    dateChangeFigures(db, venue.id, venue.timeZone, range),
  ]);
  return parts.flat();
}

/**
 * The figures of the days `from` to `to` (both counted): kept summaries where a day has them,
 * live counts for the runs of days without (today, yesterday until it is summarised).
 */
export async function figuresOfDays(db: Database, venue: Venue, from: string, to: string): Promise<DayFigure[]> {
  // Markers and their rows in one statement: a day summarised meanwhile is either wholly here or not at all.
  const kept = await rows<Record<string, unknown> & { summarised: string }>(
    db,
    sql`select to_char(s.day, 'YYYY-MM-DD') as summarised, to_char(d.day, 'YYYY-MM-DD') as day, d.figure, d.key,
               d.orders, d.quantity, d.amount
        from report_summaries s
        left join report_days d on d.site_id = s.site_id and d.day = s.day
        where s.site_id = ${venue.id} and s.day >= ${from}::date and s.day <= ${to}::date`,
  );
  const summarised = new Set(kept.map((row) => row.summarised));
  const figures = asDayFigures(kept.filter((row) => row.figure !== null && row.figure !== undefined));
  const runs: Array<{ from: string; to: string }> = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (summarised.has(day)) continue;
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  const live = await Promise.all(runs.map((run) => liveFigures(db, venue, run.from, run.to)));
  return [...figures, ...live.flat()];
}

/** The venue's last closed day at `now`: the latest day that ended more than an hour ago. */
export function lastClosedDay(timeZone: string, now: Date): string {
  const today = todayIn(timeZone, now);
  const yesterday = addDays(today, -1);
  return now.getTime() - startOfDayIn(today, timeZone).getTime() >= CLOSED_AFTER_MS ? yesterday : addDays(yesterday, -1);
}

/** Keeps one closed day's figures, unless another process has (or is); answers whether this one did. */
async function summariseDay(db: Database, venue: Venue, day: string): Promise<boolean> {
  // Counted before the transaction (its statements run side by side on the pool); the day is
  // closed, so nothing counted changes meanwhile, and only the process that takes the marker keeps them.
  const figures = await liveFigures(db, venue, day, day);
  return db.transaction(async (tx) => {
    const claimed = await rows<{ day: string }>(
      tx,
      sql`insert into report_summaries (site_id, day) values (${venue.id}, ${day}::date)
          on conflict do nothing returning day`,
    );
    if (claimed.length === 0) return false;
    for (let i = 0; i < figures.length; i += 500) {
      await tx.insert(reportDays).values(
        figures.slice(i, i + 500).map((f) => ({
          siteId: venue.id,
          day: f.day,
          figure: f.figure,
          key: f.key,
          orders: f.orders,
          quantity: f.quantity,
          amount: f.amount,
        })),
      );
    }
    return true;
  });
}

/**
 * Keeps the figures of the venues' closed days not kept yet, from each venue's first sale on;
 * answers how many days this run kept.
 */
export async function summariseClosedDays(db: Database, venues: readonly Venue[], now: Date = clock.now()): Promise<number> {
  let kept = 0;
  for (const venue of venues) {
    const first = await firstSaleAt(db, venue.id);
    if (!first) continue;
    const from = todayIn(venue.timeZone, first);
    const to = lastClosedDay(venue.timeZone, now);
    if (to < from) continue;
    const done = await rows<{ day: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from report_summaries
          where site_id = ${venue.id} and day >= ${from}::date and day <= ${to}::date`,
    );
    const summarised = new Set(done.map((row) => row.day));
    if (summarised.size === daysBetween(from, to) + 1) continue;
    for (let day = from; day <= to && kept < DAYS_PER_RUN; day = addDays(day, 1)) {
      if (summarised.has(day)) continue;
      if (await summariseDay(db, venue, day)) kept += 1;
    }
  }
  return kept;
}
