/**
 * What applying a slot series would do, without writing: per day, the slots it would make, those
 * already there (same product and start) and those refused as overlapping a slot with another
 * start; the totals; and, for one month asked for, the slots themselves. The answer stays small:
 * a count per day for up to two years, and at most MAX_PREVIEW_DETAILS slots listed.
 */
import {
  MAX_PREVIEW_DETAILS,
  type PreviewSlot,
  type SlotSeriesDay,
  type SlotSeriesPreview,
  type SlotSeriesRuleInput,
} from '@storefront/domain/console/slot-series';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import type { ExpandedSeries } from './expand-slot-series.ts';
import { checkSlotSeries, wantedSlots } from './slot-series-slots.ts';

const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** The expansion cut down to one month's days. */
function monthOf(expanded: ExpandedSeries, month: string): ExpandedSeries {
  const inMonth = (date: string) => date.startsWith(`${month}-`);
  const exception = expanded.exceptionDays
    .map((date, index) => [date, expanded.exceptionStarts[index] ?? 0] as const)
    .filter(([date]) => inMonth(date));
  const days = expanded.days.filter(inMonth);
  return {
    days,
    starts: expanded.starts,
    exceptionDays: exception.map(([date]) => date),
    exceptionStarts: exception.map(([, start]) => start),
    closed: expanded.closed,
    slotCount: days.length * expanded.starts.length + exception.length,
  };
}

export async function previewSlotSeries(
  db: Database,
  site: Site,
  input: SlotSeriesRuleInput,
  month?: string,
): Promise<SlotSeriesPreview> {
  const { rule, expanded } = await checkSlotSeries(db, site, input, { lock: false });
  const counted = await rows<SlotSeriesDay>(
    db,
    sql`with ${wantedSlots(site, rule, expanded)}
        select date::text as date,
               (count(*) filter (where status = 'new'))::int as new,
               (count(*) filter (where status = 'existing'))::int as existing,
               (count(*) filter (where status = 'overlap'))::int as overlap
          from wanted group by date`,
  );
  const days: SlotSeriesDay[] = [
    ...counted,
    ...[...expanded.closed].map(([date, closed]) => ({ date, new: 0, existing: 0, overlap: 0, closed })),
  ].sort((a, b) => (a.date < b.date ? -1 : 1));
  const totals = { new: 0, existing: 0, overlap: 0 };
  for (const day of days) {
    totals.new += day.new;
    totals.existing += day.existing;
    totals.overlap += day.overlap;
  }
  if (!month) return { days, totals, month: null };
  const listed = await rows<PreviewSlot>(
    db,
    sql`with ${wantedSlots(site, rule, monthOf(expanded, month))}
        select date::text as date, product_id, ${isoOf('starts_at')} as starts_at, ${isoOf('ends_at')} as ends_at, status
          from wanted order by starts_at, product_id limit ${MAX_PREVIEW_DETAILS + 1}`,
  );
  return {
    days,
    totals,
    month: { month, slots: listed.slice(0, MAX_PREVIEW_DETAILS), truncated: listed.length > MAX_PREVIEW_DETAILS },
  };
}
