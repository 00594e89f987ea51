/** What the gate reads and writes of admissions (SPEC §4 check-in), in the caller's transaction. */
export type CheckInMode = 'gate' | 'set';

import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
  values: {
    mode: CheckInMode;
    method: 'read_qr' | 'tap_ticket';
    gate: string;
    deviceId: string | null;
    staffId: number | null;
    /** A scan made offline: when it was made, and that it was. */
    offlineAt?: Date;
  },
): Promise<{ ticketId: string; checkedInAt: Date }[]> {
  if (ticketIds.length === 0) return [];
  const inserted = await db
    .insert(checkIns)
    .values(
      ticketIds.map((ticketId) => ({
        ticketId,
        mode: values.mode,
        method: values.method,
        gate: values.gate,
        deviceId: values.deviceId,
        staffId: values.staffId,
        ...(values.offlineAt ? { checkedInAt: values.offlineAt, offline: true } : {}),
      })),
    )
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

export type CheckInRecord = { ticketId: string; mode: CheckInMode; checkedInAt: Date; gate: string };

/** The check-ins of these admissions in one mode, first first. */
export async function checkInsOf(db: Database, ticketIds: string[], mode: CheckInMode): Promise<CheckInRecord[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({ ticketId: checkIns.ticketId, mode: checkIns.mode, checkedInAt: checkIns.checkedInAt, gate: checkIns.gate })
    .from(checkIns)
    .where(and(inArray(checkIns.ticketId, ticketIds), eq(checkIns.mode, mode)))
    .orderBy(asc(checkIns.checkedInAt));
}

/** Every check-in of the admissions of these orders (a select of order ids, e.g. a day's at a venue). */
export function checkInsOfOrders(db: Database, orderIds: SQL): Promise<CheckInRecord[]> {
  // The orders are a select: in parentheses, since inArray would write `in select …`, which is no SQL.
  return db
    .select({ ticketId: checkIns.ticketId, mode: checkIns.mode, checkedInAt: checkIns.checkedInAt, gate: checkIns.gate })
    .from(checkIns)
    .innerJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .where(sql`${tickets.orderId} in (${orderIds})`)
    .orderBy(asc(checkIns.checkedInAt));
}

/** An order's admissions with where each stands at the gate (manual entry by reservation number). */
export async function admissionsAtGate(db: Database, orderId: string) {
  const found = await db
    .select({ ticket: tickets, checkedInAt: checkIns.checkedInAt, gate: checkIns.gate })
    .from(tickets)
    .leftJoin(checkIns, and(eq(checkIns.ticketId, tickets.id), eq(checkIns.mode, 'gate')))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.position));
  const names = await optionNames(
    db,
    found.map((r) => r.ticket.optionId),
  );
  return found.map((r) => ({ ...r, optionName: names.get(r.ticket.optionId) ?? {} }));
}
