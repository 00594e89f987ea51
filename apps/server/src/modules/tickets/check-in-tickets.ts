/** What the gate reads and writes of admissions (SPEC §4 check-in), in the caller's transaction. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optionNames, productNames } from '../catalog/catalog-facts.ts';
import { listOrdersByIds } from '../orders/completed-orders.ts';
import { checkIns, tickets } from './tickets.schema.ts';

export type CheckInTarget = {
  id: string;
  generation: number;
  status: 'valid' | 'used' | 'cancelled';
  position: number;
  optionName: Record<string, string>;
  orderId: string;
  siteId: number;
  orderStatus: string;
  timeSpanId: number;
  productName: Record<string, string>;
  setProductCount: number;
};

/**
 * Admissions named by a QR payload or a tap, with what the gate must know about each. They stay
 * locked to the end of the caller's transaction: a cancellation of the same admission
 * (`cancel-admissions.ts`) waits for the check-in, or the check-in for it, never both at once.
 */
export async function findCheckInTargets(db: Database, ids: string[]): Promise<CheckInTarget[]> {
  if (ids.length === 0) return [];
  const found = await db.select().from(tickets).where(inArray(tickets.id, ids)).orderBy(asc(tickets.position)).for('update');
  const orders = new Map(
    (
      await listOrdersByIds(
        db,
        found.map((t) => t.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const options = await optionNames(
    db,
    found.map((t) => t.optionId),
  );
  const products = await productNames(
    db,
    [...orders.values()].map((o) => o.productId),
  );
  return found.flatMap((t) => {
    const order = orders.get(t.orderId);
    if (!order) return [];
    return [
      {
        id: t.id,
        generation: t.generation,
        status: t.status,
        position: t.position,
        optionName: options.get(t.optionId) ?? {},
        orderId: t.orderId,
        siteId: order.siteId,
        orderStatus: order.status,
        timeSpanId: order.timeSpanId,
        productName: products.get(order.productId) ?? {},
        setProductCount: order.setProducts.reduce((sum, s) => sum + s.quantity, 0),
      },
    ];
  });
}

/**
 * Records the check-in of each admission that has none in this mode yet. The unique key on
 * (ticket, mode) decides between simultaneous scans: exactly one insert per admission returns.
 */
export async function recordCheckIns(
  db: Database,
  ticketIds: string[],
  values: { mode: 'gate' | 'set'; method: 'read_qr' | 'tap_ticket'; gate: string },
): Promise<{ ticketId: string; checkedInAt: Date }[]> {
  if (ticketIds.length === 0) return [];
  const inserted = await db
    .insert(checkIns)
    .values(ticketIds.map((ticketId) => ({ ticketId, ...values })))
    .onConflictDoNothing({ target: [checkIns.ticketId, checkIns.mode] })
    .returning({ ticketId: checkIns.ticketId, checkedInAt: checkIns.checkedInAt });
  if (values.mode === 'gate' && inserted.length > 0) {
    await db
      .update(tickets)
      .set({ status: 'used' })
      .where(
        and(
          inArray(
            tickets.id,
            inserted.map((r) => r.ticketId),
          ),
          eq(tickets.status, 'valid'),
        ),
      );
  }
  return inserted;
}
