/**
 * How full a venue's slots are, for the dashboard's heat map (decision 023): per visit date and
 * venue-local hour the slots start in, their capacity and the places sold, from the slot rows'
 * own counters, in one grouped statement.
 */
import type { OccupancyCell } from '@storefront/domain/console/reports';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/** The cells of the visit dates `from` to `to` (both counted), by date then hour. */
export async function slotOccupancy(
  db: Database,
  siteId: number,
  timeZone: string,
  dates: { from: string; to: string },
): Promise<OccupancyCell[]> {
  const found = await rows<{ date: string; hour: number | string; capacity: number | string; sold: number | string }>(
    db,
    sql`select to_char(s.date, 'YYYY-MM-DD') as date, extract(hour from s.starts_at at time zone ${timeZone})::int as hour,
               sum(s.capacity) as capacity, sum(s.sold) as sold
        from product_time_spans s join products p on p.id = s.product_id
        where p.site_id = ${siteId} and s.date >= ${dates.from}::date and s.date <= ${dates.to}::date
        group by 1, 2 order by 1, 2`,
  );
  return found.map((c) => ({ date: c.date, hour: Number(c.hour), capacity: Number(c.capacity), sold: Number(c.sold) }));
}
