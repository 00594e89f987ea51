/**
 * An order as staff look it up in the console: one that was completed (it has a reservation
 * number), whatever became of it since, with the codes of its coupons. Takes the database or the
 * caller's transaction first.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as repo from './orders.repository.ts';
import { orders } from './orders.schema.ts';

export type PlacedOrder = repo.OrderRow & { reservationNumber: string; completedAt: Date; couponCodes: string[] };

/** A venue's order that was completed, by id; null for another venue's, a temporary or an abandoned one. */
export async function findPlacedOrder(
  db: Database,
  siteId: number,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<PlacedOrder | null> {
  const query = db
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, orderId), eq(orders.siteId, siteId), isNotNull(orders.completedAt), isNotNull(orders.reservationNumber)),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || row.completedAt === null || row.reservationNumber === null) return null;
  const coupons = await repo.listOrderCoupons(db, row.id);
  return {
    ...row,
    reservationNumber: row.reservationNumber,
    completedAt: row.completedAt,
    couponCodes: coupons.map((c) => c.code),
  };
}
