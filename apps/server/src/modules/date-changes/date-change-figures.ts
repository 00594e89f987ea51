/**
 * The date changes completed at a venue, by the venue-local day they completed, for the dashboard
 * (decision 023): figure `date_change` ('' key), the changes (orders), the admissions moved
 * (quantity) and what was paid for them (`to_pay`: fee and difference), in one grouped statement.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { asDayFigures, type DayFigure, type InstantRange, localDayOf } from '../../lib/day-figures.ts';
import { ordersOfVenue } from '../orders/venue-orders.ts';

export async function dateChangeFigures(
  db: Database,
  siteId: number,
  timeZone: string,
  range: InstantRange,
): Promise<DayFigure[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${localDayOf(sql`c.completed_at`, timeZone)} as day, 'date_change' as figure, '' as key,
               count(*) as orders, sum(c.quantity) as quantity, sum(c.to_pay) as amount
        from time_changes c
        where c.status = 'completed'
          and c.completed_at >= ${range.from.toISOString()}::timestamptz and c.completed_at < ${range.to.toISOString()}::timestamptz
          and c.order_id in (${ordersOfVenue(siteId)})
        group by 1`,
  );
  return asDayFigures(found);
}
