/** What the gate reads and writes of admissions (SPEC §4 check-in), in the caller's transaction. */
export type CheckInMode = 'gate' | 'set';

import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { optionNames } from '../catalogue/catalogue-facts.ts';
import { listOrdersByIds } from '../orders/completed-orders.ts';
import { checkIns, tickets } from './tickets.schema.ts';

export type CheckInTarget = {
  id: string;
  generation: number;
  status: 'valid' | 'used' | 'cancelled';
  position: number;
  optionId: number;
  orderId: string;
  siteId: number;
  orderStatus: string;
  timeSpanId: number;
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
  return found.flatMap((t) => {
    const order = orders.get(t.orderId);
    if (!order) return [];
    return [
      {
        id: t.id,
        generation: t.generation,
        status: t.status,
        position: t.position,
        optionId: t.optionId,
        orderId: t.orderId,
        siteId: order.siteId,
        orderStatus: order.status,
        timeSpanId: order.timeSpanId,
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
  // One statement: the check-ins, and an entry marks its admissions used.
  const at = values.offlineAt ? sql`${values.offlineAt.toISOString()}::timestamptz` : sql`app_now()`;
  const rowsOf = sql.join(
    ticketIds.map(
      (id) =>
        sql`(${id}::uuid, ${values.mode}, ${values.method}, ${values.gate}, ${values.deviceId}::uuid, ${values.staffId}::int, ${values.offlineAt !== undefined}, ${at})`,
    ),
    sql`, `,
  );
  const inserted = await rows<{ ticket_id: string; checked_in_at: string | Date }>(
    db,
    sql`with inserted as (
          insert into check_ins (ticket_id, mode, method, gate, device_id, staff_id, offline, checked_in_at)
          values ${rowsOf}
          on conflict (ticket_id, mode) do nothing
          returning ticket_id, checked_in_at),
        entered as (
          update tickets set status = 'used'
          where ${values.mode} = 'gate' and status = 'valid' and id in (select ticket_id from inserted))
        select ticket_id, checked_in_at from inserted`,
  );
  return inserted.map((r) => ({ ticketId: r.ticket_id, checkedInAt: new Date(r.checked_in_at) }));
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
export function checkInsOfOrders(db: Database, orderIds: SQL, recordedFrom: Date | null = null): Promise<CheckInRecord[]> {
  return db
    .select({ ticketId: checkIns.ticketId, mode: checkIns.mode, checkedInAt: checkIns.checkedInAt, gate: checkIns.gate })
    .from(checkIns)
    .innerJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .where(
      and(
        inArray(tickets.orderId, sql`(${orderIds})`),
        recordedFrom === null ? undefined : gte(checkIns.recordedAt, recordedFrom),
      ),
    )
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
