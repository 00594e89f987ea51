/**
 * The completed orders of some slots, for statements other modules run (the gate's arrivals count
 * the admissions of a day's slots): a select of `id`, `time_span_id`, `reservation_number` from the
 * index on the order's slot; and the reservation numbers and products of orders by id.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from './orders.schema.ts';

/** A select of the completed orders of the slots (`id`, `time_span_id`, `reservation_number`); none for no slots. */
export const completedOrdersOfSlots = (siteId: number, slotIds: readonly number[]): SQL =>
  slotIds.length === 0
    ? sql`select null::uuid as id, null::int as time_span_id, null::text as reservation_number where false`
    : sql`select o.id, o.time_span_id, o.reservation_number from orders o
          where o.site_id = ${siteId} and o.status = 'completed' and o.time_span_id in (${sql.join(
            slotIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;

/** A select of one column, the ids of the completed orders of the slots (the day at a gate). */
export const completedOrderIdsOfSlots = (siteId: number, slotIds: readonly number[]): SQL =>
  sql`select slot_orders.id from (${completedOrdersOfSlots(siteId, slotIds)}) as slot_orders`;

export type OrderReference = { reservationNumber: string | null; productId: number };

/** The reservation number and product of a venue's orders by id (a list of scans names their orders). */
export async function orderReferences(
  db: Database,
  siteId: number,
  orderIds: readonly string[],
): Promise<Map<string, OrderReference>> {
  if (orderIds.length === 0) return new Map();
  const found = await db
    .select({ id: orders.id, reservationNumber: orders.reservationNumber, productId: orders.productId })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), inArray(orders.id, [...new Set(orderIds)])));
  return new Map(found.map((o) => [o.id, { reservationNumber: o.reservationNumber, productId: o.productId }]));
}
