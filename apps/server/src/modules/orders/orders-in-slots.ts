/**
 * The completed orders of some slots that still have an admission to cancel (a slot or a day called
 * off), as statements other modules run: the slots are a select of ids, so any number of them is
 * one statement, and the orders come from the index on their slot.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { OrderReads } from './order-reads.ts';

/** A select of one column `subject`: the orders' ids as text. */
export const ordersToCancelInSlots = (reads: OrderReads, siteId: number, slotIds: SQL): SQL =>
  sql`select o.id::text as subject from orders o
      where o.site_id = ${siteId} and o.status = 'completed' and o.time_span_id in (${slotIds})
        and ${reads.admissions.hasValidAdmission(sql`o.id`)}`;

export type SlotOrderTotals = {
  timeSpanId: number;
  orders: number;
  admissions: number;
  /** What was paid and has not gone back yet: at most what cancelling them refunds. */
  refundable: number;
};

/** Per slot: the orders with an admission still valid, those admissions, and what is left to refund of them. */
export async function slotOrderTotals(db: Database, reads: OrderReads, siteId: number, slotIds: SQL): Promise<SlotOrderTotals[]> {
  const found = await rows<{ time_span_id: number; orders: number; admissions: number; refundable: string }>(
    db,
    sql`select o.time_span_id, count(*)::int as orders, sum(v.valid)::int as admissions,
               sum(greatest(0, o.total - ${reads.refundedOfOrder(sql`o.id`)}))::text as refundable
        from orders o, lateral (select ${reads.admissions.validAdmissionCount(sql`o.id`)} as valid) v
        where o.site_id = ${siteId} and o.status = 'completed' and o.time_span_id in (${slotIds}) and v.valid > 0
        group by o.time_span_id`,
  );
  return found.map((r) => ({
    timeSpanId: r.time_span_id,
    orders: r.orders,
    admissions: r.admissions,
    refundable: Number(r.refundable),
  }));
}
