/** A venue's slot series, newest first, each with its slots as they are now. */
import type { SlotSeriesProduct, SlotSeriesSummary } from '@storefront/domain/console/slot-series';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import type { CatalogueReferences } from './catalogue-references.ts';
import { isSlotInUse } from './delete-slot-series.ts';

export function listSlotSeries(db: Database, references: CatalogueReferences, site: Site): Promise<SlotSeriesSummary[]> {
  return rows<SlotSeriesSummary>(
    db,
    sql`select s.id, s.rule, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
               count(t.id)::int as slots,
               (count(t.id) filter (where t.starts_at > app_now()))::int as future_slots,
               (count(t.id) filter (where t.starts_at > app_now() and ${isSlotInUse(references, 't')}))::int as future_slots_kept
          from slot_series s
          left join product_time_spans t on t.series_id = s.id
         where s.site_id = ${site.id}
         group by s.id
         order by s.id desc`,
  );
}

/** The venue's products a series may be for (not archived), in the shop's order. */
export function listSeriesProducts(db: Database, site: Site): Promise<SlotSeriesProduct[]> {
  return rows<SlotSeriesProduct>(
    db,
    sql`select id, key, name from products where site_id = ${site.id} and archived_at is null order by position, id`,
  );
}
