/**
 * The sales figures of a venue's completed orders (those with a reservation number), by the
 * venue-local day of `completed_at`, for the dashboard (decision 023). Grouped statements only:
 * - `sales` ('' key): orders, admissions (quantity) and takings (the orders' totals as they were
 *   completed, before any date change);
 * - `product` (product id), `channel` ('web', 'spot'), `payment_method` (the method, '' for none):
 *   orders, admissions, takings;
 * - `discount` (''): orders that used a coupon (orders), orders with a discount (quantity), the
 *   discount given (amount);
 * - `coupon` (its code): orders that used it (orders and quantity), their discount (amount);
 * - `option` (option id) and `set_product` (set product id): orders, pieces, pieces × unit price.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { asDayFigures, type DayFigure, type InstantRange, localDayOf } from '../../lib/day-figures.ts';
import { coupons } from './orders.schema.ts';

/**
 * The venue's completed orders in the range, with their local day (uses `orders_site_completed_idx`),
 * each at the total it was completed at: a later date change's money is counted on its own day
 * (`date-changes/date-change-figures.ts`), not again on the order's (decision 036).
 */
/**
 * The total an order was completed at, before any date change rewrote it: a subquery of the date
 * changes' table, which that module writes (`date-changes/total-before-changes.ts`) and the
 * caller hands in.
 */
export type TotalBeforeChanges = (orderId: SQL, orderTotal: SQL) => SQL;

const completedIn = (totalBeforeChanges: TotalBeforeChanges, siteId: number, timeZone: string, range: InstantRange): SQL =>
  sql`select o.id, o.product_id, o.channel, o.payment_method, o.quantity,
             ${totalBeforeChanges(sql`o.id`, sql`o.total`)} as total, o.discount, o.option_values, o.set_products,
             ${localDayOf(sql`o.completed_at`, timeZone)} as day
      from orders o
      where o.site_id = ${siteId} and o.reservation_number is not null
        and o.completed_at >= ${range.from.toISOString()}::timestamptz and o.completed_at < ${range.to.toISOString()}::timestamptz`;

export async function salesFigures(
  db: Database,
  totalBeforeChanges: TotalBeforeChanges,
  siteId: number,
  timeZone: string,
  range: InstantRange,
): Promise<DayFigure[]> {
  const completed = completedIn(totalBeforeChanges, siteId, timeZone, range);
  const [totals, coupons, pieces] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`select o.day,
                 case grouping(o.product_id, o.channel, o.payment_method)
                   when 3 then 'product' when 5 then 'channel' when 6 then 'payment_method' else 'sales' end as figure,
                 case grouping(o.product_id, o.channel, o.payment_method)
                   when 3 then o.product_id::text when 5 then o.channel when 6 then coalesce(o.payment_method, '') else '' end as key,
                 count(*) as orders, sum(o.quantity) as quantity, sum(o.total) as amount
          from (${completed}) o
          group by grouping sets ((o.day), (o.day, o.product_id), (o.day, o.channel), (o.day, o.payment_method))`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`with o as (${completed})
          select o.day, 'discount' as figure, '' as key,
                 count(*) filter (where exists (select 1 from order_coupons oc where oc.order_id = o.id)) as orders,
                 count(*) filter (where o.discount > 0) as quantity, sum(o.discount) as amount
          from o group by o.day
          union all
          select o.day, 'coupon', c.code, count(*), count(*), sum(o.discount)
          from o join order_coupons oc on oc.order_id = o.id join coupons c on c.id = oc.coupon_id
          group by o.day, c.code`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`with o as (${completed})
          select o.day, 'option' as figure, v->>'option_value_id' as key, count(distinct o.id) as orders,
                 sum((v->>'quantity')::int) as quantity, sum((v->>'quantity')::int * coalesce((v->>'unit_price')::int, 0)) as amount
          from o cross join lateral jsonb_array_elements(o.option_values) v
          group by o.day, v->>'option_value_id'
          union all
          select o.day, 'set_product', v->>'set_product_id', count(distinct o.id),
                 sum((v->>'quantity')::int), sum((v->>'quantity')::int * coalesce((v->>'unit_price')::int, 0))
          from o cross join lateral jsonb_array_elements(o.set_products) v
          group by o.day, v->>'set_product_id'`,
    ),
  ]);
  // A day without orders has no `discount` row either; one with orders always has.
  return asDayFigures([...totals, ...coupons, ...pieces]);
}

/** When the venue's first order was completed, if it has any (where its figures begin). */
export async function firstSaleAt(db: Database, siteId: number): Promise<Date | null> {
  const [row] = await rows<{ first: string | Date | null }>(
    db,
    sql`select min(completed_at) as first from orders where site_id = ${siteId} and reservation_number is not null`,
  );
  return row?.first ? new Date(row.first) : null;
}

/** The names of the venue's coupons by code. */
export async function couponNames(db: Database, siteId: number, codes: string[]): Promise<Map<string, Record<string, string>>> {
  if (codes.length === 0) return new Map();
  const found = await db
    .select({ code: coupons.code, name: coupons.name })
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), inArray(coupons.code, [...new Set(codes)])));
  return new Map(found.map((c) => [c.code, c.name]));
}
