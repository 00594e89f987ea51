/**
 * The refunds that succeeded at a venue, by the venue-local day they settled, for the dashboard
 * (decision 023): figure `refund` ('' key), the refunds (orders) and their amount, in one grouped
 * statement. Provider and outside refunds alike: money that went back.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { asDayFigures, type DayFigure, type InstantRange, localDayOf } from '../../lib/day-figures.ts';

export async function refundFigures(db: Database, siteId: number, timeZone: string, range: InstantRange): Promise<DayFigure[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${localDayOf(sql`r.settled_at`, timeZone)} as day, 'refund' as figure, '' as key,
               count(*) as orders, 0 as quantity, sum(r.amount) as amount
        from refunds r
        where r.site_id = ${siteId} and r.status = 'succeeded'
          and r.settled_at >= ${range.from.toISOString()}::timestamptz and r.settled_at < ${range.to.toISOString()}::timestamptz
        group by 1`,
  );
  return asDayFigures(found);
}
