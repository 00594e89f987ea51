/**
 * Applies a slot series: writes the series row and every slot of the rule that the products do not
 * have yet, in the caller's transaction, with one `INSERT … SELECT` over arrays. A slot whose
 * product already has one at the same start is skipped, and so is one that would overlap a slot
 * of the product with another start: never a duplicate, never a double-booked hour.
 *
 * The console's route calls it inside `changeCatalogue` beside its audit entry; the demo seed and
 * the bench call it with their own transaction.
 */
import type { SlotSeriesApplied, SlotSeriesRule, SlotSeriesRuleInput } from '@storefront/domain/console/slot-series';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import { slotSeries } from './catalogue.schema.ts';
import { checkSlotSeries, hasSlotsNear, overlapsOther, placedSlots } from './slot-series-slots.ts';

export type AppliedSlotSeries = SlotSeriesApplied & { rule: SlotSeriesRule };

export async function applySlotSeries(
  tx: Database,
  site: Site,
  input: SlotSeriesRule | SlotSeriesRuleInput,
): Promise<AppliedSlotSeries> {
  const { rule, expanded } = await checkSlotSeries(tx, site, input, { lock: true });
  const [series] = await tx
    .insert(slotSeries)
    .values({ siteId: site.id, rule, productIds: rule.product_ids, capacity: rule.capacity })
    .returning({ id: slotSeries.id });
  if (!series) throw new Error('the slot series row was not written');
  // A span where the products have no slot yet (the usual new season) needs no overlap probe per slot.
  const crowded = await hasSlotsNear(tx, rule, expanded);
  const [counts] = await rows<{ created: number; existing: number; overlap: number }>(
    tx,
    sql`with ${placedSlots(site, rule, expanded)}, classified as (
          select s.*, ${crowded ? overlapsOther(rule) : sql`false`} as is_overlapping from placed s
        ), made as (
          insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, series_id)
          select product_id, date, starts_at, starts_at + make_interval(mins => ${rule.slot_minutes}::int), ${rule.capacity}::int, ${series.id}::int
            from classified where not is_overlapping
          on conflict (product_id, starts_at) do nothing
          returning 1
        )
        select (select count(*) from made)::int as created,
               (count(*) - (select count(*) from made) - count(*) filter (where is_overlapping))::int as existing,
               (count(*) filter (where is_overlapping))::int as overlap
          from classified`,
  );
  return { id: series.id, rule, created: counts?.created ?? 0, existing: counts?.existing ?? 0, overlap: counts?.overlap ?? 0 };
}
