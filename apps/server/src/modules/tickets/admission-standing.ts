/**
 * What other modules may read of whether an order's admissions stand or were cancelled: counts
 * for the orders a page shows, and conditions for a search's statement (each names the order's id
 * as the caller's statement has it), answered from the tickets' status.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tickets } from './tickets.schema.ts';

export type AdmissionCounts = { admissions: number; cancelled: number };

/** Each order's admissions and how many of them are cancelled (orders without tickets are left out). */
export async function admissionCountsOf(db: Database, orderIds: string[]): Promise<Map<string, AdmissionCounts>> {
  if (orderIds.length === 0) return new Map();
  const found = await db
    .select({
      orderId: tickets.orderId,
      admissions: sql<number>`count(*)::int`,
      cancelled: sql<number>`(count(*) filter (where ${tickets.status} = 'cancelled'))::int`,
    })
    .from(tickets)
    .where(sql`${tickets.orderId} = any(${`{${orderIds.join(',')}}`}::uuid[])`)
    .groupBy(tickets.orderId);
  return new Map(found.map((row) => [row.orderId, { admissions: row.admissions, cancelled: row.cancelled }]));
}

/** The order has a cancelled admission (found through the small index of cancelled ones). */
export const hasCancelledAdmission = (orderId: SQLWrapper): SQL =>
  sql`${orderId} in (select t.order_id from tickets t where t.status = 'cancelled')`;

/** The order has an admission that still stands (valid or used). */
export const hasStandingAdmission = (orderId: SQLWrapper): SQL =>
  sql`exists (select 1 from tickets t where t.order_id = ${orderId} and t.status <> 'cancelled')`;
