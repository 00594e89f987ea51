import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { configurations, productOptions, products, productTimeSpans } from '../catalog/catalog.schema.ts';
import { orders } from '../orders/orders.schema.ts';
import { checkIns, receipts, ticketAccessTokens, ticketShares, tickets } from './tickets.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

/** What a reservation token opens: the whole party (holder) or one claimed share (receiver). */
export type Access = { order: OrderRow; shareId: string | null };

export async function findAccess(db: Database, siteId: number, tokenHash: string): Promise<Access | null> {
  const [own] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.reservationTokenHash, tokenHash), eq(orders.status, 'completed')));
  if (own) return { order: own, shareId: null };
  const [other] = await db
    .select({ order: orders, shareId: ticketAccessTokens.shareId })
    .from(ticketAccessTokens)
    .innerJoin(orders, eq(orders.id, ticketAccessTokens.orderId))
    .where(and(eq(ticketAccessTokens.tokenHash, tokenHash), eq(orders.siteId, siteId), eq(orders.status, 'completed')));
  return other ? { order: other.order, shareId: other.shareId } : null;
}

export type AdmissionRow = TicketRow & { optionName: Record<string, string>; checkedInAt: Date | null };

/** The admissions a page shows: the holder's (not shared away) or one share's, in position order. */
export async function listAdmissions(db: Database, access: Access, options: { lock?: boolean } = {}): Promise<AdmissionRow[]> {
  const owner = access.shareId === null ? isNull(tickets.shareId) : eq(tickets.shareId, access.shareId);
  const query = db
    .select({
      ticket: tickets,
      optionName: productOptions.name,
      checkedInAt: sql<Date | null>`(select max(${checkIns.checkedInAt}) from ${checkIns} where ${checkIns.ticketId} = ${tickets.id} and ${checkIns.mode} = 'gate')`,
    })
    .from(tickets)
    .innerJoin(productOptions, eq(productOptions.id, tickets.optionId))
    .where(and(eq(tickets.orderId, access.order.id), owner))
    .orderBy(asc(tickets.position));
  const found = options.lock ? await query.for('update', { of: tickets }) : await query;
  return found.map((r) => ({
    ...r.ticket,
    optionName: r.optionName,
    checkedInAt: r.checkedInAt === null ? null : new Date(r.checkedInAt),
  }));
}

export async function findSlot(db: Database, timeSpanId: number) {
  const [row] = await db
    .select({
      date: productTimeSpans.date,
      startsAt: productTimeSpans.startsAt,
      endsAt: productTimeSpans.endsAt,
      productType: products.type,
    })
    .from(productTimeSpans)
    .innerJoin(products, eq(products.id, productTimeSpans.productId))
    .where(eq(productTimeSpans.id, timeSpanId));
  return row ?? null;
}

/** The grace period around a slot's entry window, in minutes (configuration `checkin_grace_minutes`). */
export async function checkInGraceMinutes(db: Database, siteId: number, fallback: number): Promise<number> {
  const [row] = await db
    .select({ value: configurations.value })
    .from(configurations)
    .where(and(eq(configurations.siteId, siteId), eq(configurations.key, 'checkin_grace_minutes')));
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

export function listShares(db: Database, orderId: string) {
  return db.select().from(ticketShares).where(eq(ticketShares.orderId, orderId)).orderBy(asc(ticketShares.createdAt));
}

export async function findShare(db: Database, siteId: number, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ share: ticketShares, order: orders })
    .from(ticketShares)
    .innerJoin(orders, eq(orders.id, ticketShares.orderId))
    .where(and(eq(ticketShares.tokenHash, tokenHash), eq(orders.siteId, siteId), eq(orders.status, 'completed')));
  const [row] = options.lock ? await query.for('update', { of: ticketShares }) : await query;
  return row ?? null;
}

export async function shareAdmissions(db: Database, shareId: string) {
  return db
    .select({ ticket: tickets, optionName: productOptions.name })
    .from(tickets)
    .innerJoin(productOptions, eq(productOptions.id, tickets.optionId))
    .where(eq(tickets.shareId, shareId))
    .orderBy(asc(tickets.position));
}

/** Moves admissions to a share (or within it, on claim); each one's earlier QR payloads stop working. */
export async function bumpGenerations(db: Database, ticketIds: string[], values: { shareId?: string } = {}): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const updated = await db
    .update(tickets)
    .set({ generation: sql`${tickets.generation} + 1`, ...(values.shareId ? { shareId: values.shareId } : {}) })
    .where(and(inArray(tickets.id, ticketIds), eq(tickets.status, 'valid')))
    .returning({ id: tickets.id });
  return updated.length;
}

/** Holds the order's row until the caller's transaction ends: one receipt is issued at a time per order. */
export async function lockOrderForReceipt(db: Database, orderId: string): Promise<void> {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

export async function findReceipt(db: Database, orderId: string) {
  const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId));
  return row ?? null;
}

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

/** Admissions named by a QR payload or a tap, with what the gate must know about each. */
export async function findCheckInTargets(db: Database, ids: string[]): Promise<CheckInTarget[]> {
  if (ids.length === 0) return [];
  return rows<CheckInTarget>(
    db,
    sql`select t.id, t.generation, t.status, t.position, o2.name as "optionName", t.order_id as "orderId",
               o.site_id as "siteId", o.status as "orderStatus", o.time_span_id as "timeSpanId",
               p.name as "productName",
               coalesce((select sum((sp->>'quantity')::int) from jsonb_array_elements(o.set_products) sp), 0)::int as "setProductCount"
        from tickets t
        join orders o on o.id = t.order_id
        join product_options o2 on o2.id = t.option_id
        join products p on p.id = o.product_id
        where t.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by t.position`,
  );
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

/** Every admission of an order, shared away or not; locked for the rest of the transaction when asked. */
export async function listOrderTickets(db: Database, orderId: string, options: { lock?: boolean } = {}): Promise<TicketRow[]> {
  const query = db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.position));
  return options.lock ? query.for('update') : query;
}

/** Re-issues every still-valid admission of an order (a date change): earlier QR payloads stop working. */
export async function reissueOrderTickets(db: Database, orderId: string): Promise<number> {
  const updated = await db
    .update(tickets)
    .set({ generation: sql`${tickets.generation} + 1` })
    .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'valid')))
    .returning({ id: tickets.id });
  return updated.length;
}

/** A further reservation token for an order (stored hashed), e.g. for the link in a mail sent later. */
export async function addAccessToken(
  db: Database,
  values: { tokenHash: string; orderId: string; source: 'inquiry' | 'share' | 'time_change' },
): Promise<void> {
  await db.insert(ticketAccessTokens).values(values);
}
