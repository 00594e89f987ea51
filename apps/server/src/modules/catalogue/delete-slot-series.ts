/**
 * Deletes a slot series: its slots still to come that nothing holds on to (no place sold or held,
 * no order or date change naming them) go, in one statement; the rest stay as plain slots of their
 * product, and the answer says how many. Past slots always stay. The series row goes too.
 */
import type { SlotSeriesDeleted } from '@storefront/domain/console/slot-series';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import type { CatalogueReferences } from './catalogue-references.ts';

/** A slot something holds on to: places sold or held, or an order or a date change naming it. */
export const isSlotInUse = (references: CatalogueReferences, slot: string): SQL => {
  const id = sql.raw(`${slot}.id`);
  return sql`(${sql.raw(`${slot}.sold`)} > 0 or ${sql.raw(`${slot}.held`)} > 0 or ${references.slotIsNamed(id)})`;
};

export async function hasSlotSeries(db: Database, site: Site, seriesId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(db, sql`select id from slot_series where id = ${seriesId} and site_id = ${site.id}`);
  return found.length > 0;
}

export async function deleteSlotSeries(
  tx: Database,
  references: CatalogueReferences,
  site: Site,
  seriesId: number,
): Promise<SlotSeriesDeleted & { rule: unknown }> {
  const [series] = await rows<{ rule: unknown }>(
    tx,
    sql`select rule from slot_series where id = ${seriesId} and site_id = ${site.id} for update`,
  );
  if (!series) return { deleted: 0, kept: 0, rule: null };
  const [counts] = await rows<{ deleted: number; kept: number }>(
    tx,
    sql`with gone as (
          delete from product_time_spans t
           where t.series_id = ${seriesId} and t.starts_at > app_now() and not ${isSlotInUse(references, 't')}
          returning 1
        )
        select (select count(*) from gone)::int as deleted,
               (select count(*) from product_time_spans t
                 where t.series_id = ${seriesId} and t.starts_at > app_now())::int
                 - (select count(*) from gone)::int as kept`,
  );
  await tx.execute(sql`delete from slot_series where id = ${seriesId}`);
  return { deleted: counts?.deleted ?? 0, kept: counts?.kept ?? 0, rule: series.rule };
}
