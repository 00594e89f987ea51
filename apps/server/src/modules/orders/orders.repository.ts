import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idArray } from '../../db/rows.ts';
import { coupons, orderCoupons, orders } from './orders.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** The order of a site by its token hash; locked for the rest of the transaction when asked. */
export async function findOrder(db: Database, siteId: number, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.tokenHash, tokenHash)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** An order that is about to change, with what the change must check, read with its lock. */
export type LockedOrder = OrderRow & {
  /** Its hold has lapsed. */
  expired: boolean;
  /** Coupons are applied to it (most orders have none, and their coupons need not be read). */
  hasCoupons: boolean;
};

/** An order's columns with whether it lapsed and whether it has coupons. */
const lockedOrderColumns = {
  ...getTableColumns(orders),
  expired: sql<boolean>`${orders.expiresAt} <= app_now()`,
  hasCoupons: sql<boolean>`exists (select 1 from ${orderCoupons} where ${orderCoupons.orderId} = ${orders.id})`,
};

/**
 * An order, locked, with whether it lapsed and has coupons, in one read: by a site's token hash,
 * or by its id.
 */
export async function lockOrder(
  db: Database,
  key: { siteId: number; tokenHash: string } | { id: string },
): Promise<LockedOrder | null> {
  const [row] = await db
    .select(lockedOrderColumns)
    .from(orders)
    .where('id' in key ? eq(orders.id, key.id) : and(eq(orders.siteId, key.siteId), eq(orders.tokenHash, key.tokenHash)))
    .for('update');
  return row ?? null;
}

export type VersionedOrder = LockedOrder & { version: string };

/**
 * Orders as `lockOrder` reads them, by token hash, without the lock, each with its row version
 * (`xmin`) for a write that must find it unchanged.
 */
export function readOrderVersions(db: Database, tokenHashes: string[]): Promise<VersionedOrder[]> {
  return db
    .select({ ...lockedOrderColumns, version: sql<string>`${orders}.xmin::text` })
    .from(orders)
    .where(sql`${orders.tokenHash} = any(${idArray(tokenHashes)}::text[])`);
}

/** The columns an order's details change, with their SQL types for a per-order write. */
const detailColumns = {
  status: 'text',
  lang: 'text',
  customerFields: 'jsonb',
  paymentMethod: 'text',
  subtotal: 'int',
  discount: 'int',
  total: 'int',
} as const;
export type DetailsValues = Partial<Pick<OrderRow, keyof typeof detailColumns>>;
export type DetailsWrite = { orderId: string; version: string; values: DetailsValues };

/**
 * Each order's details, written only where the order is still the version read (any write since
 * gives it a new `xmin`), in one statement; the orders written come back. Every write changes the
 * same columns, and an order appears once.
 */
export function updateOrdersIfUnchanged(db: Database, writes: DetailsWrite[]): Promise<OrderRow[]> {
  const columns = Object.keys(writes[0]?.values ?? {}) as (keyof typeof detailColumns)[];
  const other = columns.find((column) => !(column in detailColumns));
  if (other) throw new Error(`${other} is not one of an order's details`);
  return updateEach(
    db,
    writes.map((w) => ({ id: w.orderId, version: w.version, ...w.values })),
    { version: 'text', ...Object.fromEntries(columns.map((column) => [column, detailColumns[column]])) },
    Object.fromEntries(columns.map((column) => [column, fromEach(column)])),
    sql`${orders}.xmin = ${fromEach('version')}::xid`,
  ).returning();
}

/** Orders as `lockOrder` reads one, locked in id order (so two batches never wait on each other crosswise). */
const lockInIdOrder = (db: Database, where: SQL): Promise<LockedOrder[]> =>
  db.select(lockedOrderColumns).from(orders).where(where).orderBy(asc(orders.id)).for('update');

/** Several orders by id, locked in id order. */
export function lockOrders(db: Database, ids: string[]): Promise<LockedOrder[]> {
  return lockInIdOrder(db, sql`${orders.id} = any(${idArray(ids)}::uuid[])`);
}

/** Orders by token hash, locked in id order. */
export function lockOrdersByTokens(db: Database, tokenHashes: string[]): Promise<LockedOrder[]> {
  return lockInIdOrder(db, sql`${orders.tokenHash} = any(${idArray(tokenHashes)}::text[])`);
}

/** A value of the order's own row in `updateEach`'s record set. */
const fromEach = (key: string) => sql.raw(`each."${key}"`);

/**
 * Writes each order's own values in one statement: `rows` (each order once, with its id) go as
 * one JSON parameter, read as the record set `each` with the SQL `types` given, and `set` takes
 * from it (`fromEach`) or sets one value for all; only where `also` holds.
 */
function updateEach(
  db: Database,
  rows: ({ id: string } & Record<string, unknown>)[],
  types: Record<string, 'int' | 'text' | 'jsonb'>,
  set: Partial<Record<keyof typeof orders.$inferInsert, unknown>>,
  also?: SQL,
) {
  const fields = Object.entries(types).map(([key, type]) => `"${key}" ${type}`);
  const each = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as each(id uuid, ${sql.raw(fields.join(', '))})`;
  const matches = sql`${orders.id} = each.id`;
  return db
    .update(orders)
    .set({ ...(set as Partial<typeof orders.$inferInsert>), updatedAt: sql`app_now()` })
    .from(each)
    .where(also ? and(matches, also) : matches);
}

/** Orders whose payment begins become `paying` with the amounts paid, in one statement. */
export async function markOrdersPaying(
  db: Database,
  amounts: { id: string; subtotal: number; discount: number; total: number }[],
): Promise<void> {
  await updateEach(
    db,
    amounts,
    { subtotal: 'int', discount: 'int', total: 'int' },
    { status: 'paying', subtotal: fromEach('subtotal'), discount: fromEach('discount'), total: fromEach('total') },
  );
}

/** Paid orders become completed, each with its reservation number and token hash, in one statement. */
export function markOrdersCompleted(
  db: Database,
  completions: { id: string; reservationNumber: string; reservationTokenHash: string }[],
): Promise<OrderRow[]> {
  return updateEach(
    db,
    completions,
    { reservationNumber: 'text', reservationTokenHash: 'text' },
    {
      status: 'completed',
      completedAt: sql`app_now()`,
      reservationNumber: fromEach('reservationNumber'),
      reservationTokenHash: fromEach('reservationTokenHash'),
    },
  ).returning();
}

export async function findOrderByMailToken(db: Database, siteId: number, mailTokenHash: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.mailTokenHash, mailTokenHash)))
    .for('update');
  return row ?? null;
}

export async function isExpired(db: Database, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ expired: sql<boolean>`${orders.expiresAt} <= app_now()` })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.expired ?? true;
}

export async function updateOrder(db: Database, orderId: string, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: sql`app_now()` })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error('the order was not updated');
  return row;
}

export function listOrderCoupons(db: Database, orderId: string) {
  return db
    .select({ coupon: coupons })
    .from(orderCoupons)
    .innerJoin(coupons, eq(coupons.id, orderCoupons.couponId))
    .where(eq(orderCoupons.orderId, orderId))
    .orderBy(asc(orderCoupons.appliedAt))
    .then((rows) => rows.map((r) => r.coupon));
}

export async function findCouponByCode(db: Database, siteId: number, code: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), sql`upper(${coupons.code}) = upper(${code})`));
  return row ?? null;
}

export async function addOrderCoupon(db: Database, orderId: string, couponId: number): Promise<void> {
  await db.insert(orderCoupons).values({ orderId, couponId });
}

export async function removeOrderCoupon(db: Database, orderId: string, couponId: number): Promise<boolean> {
  const removed = await db
    .delete(orderCoupons)
    .where(and(eq(orderCoupons.orderId, orderId), eq(orderCoupons.couponId, couponId)))
    .returning();
  return removed.length > 0;
}

/** Counts one use of each coupon, never past its limit; returns the ids that had no use left. */
export async function redeemCoupons(db: Database, couponIds: number[]): Promise<number[]> {
  const exhausted: number[] = [];
  for (const id of couponIds) {
    const updated = await db
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, id), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`))
      .returning({ id: coupons.id });
    if (updated.length === 0) exhausted.push(id);
  }
  return exhausted;
}

/** Gives back one use of each coupon of an order whose payment failed. */
export async function unredeemCoupons(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    update coupons set used_count = greatest(used_count - 1, 0)
    where id in (select coupon_id from order_coupons where order_id = ${orderId})`);
}

/** A completed order of a site by the hash of its first reservation token. */
export async function findCompletedByReservationToken(db: Database, siteId: number, tokenHash: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.reservationTokenHash, tokenHash), eq(orders.status, 'completed')));
  return row ?? null;
}

/** A completed order of a site by its id. */
export async function findCompletedOrder(db: Database, siteId: number, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.siteId, siteId), eq(orders.status, 'completed')));
  return row ?? null;
}

/** A completed order of a site by its reservation number and the address it was made with (any case). */
export async function findCompletedByReservationNumber(db: Database, siteId: number, number: string, address: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.siteId, siteId),
        eq(orders.status, 'completed'),
        eq(orders.reservationNumber, number),
        sql`lower(${orders.customerFields}->>'email') = ${address}`,
      ),
    );
  return row ?? null;
}

/** A completed order of a site by its reservation number alone (staff at the gate). */
export async function findCompletedByNumber(db: Database, siteId: number, number: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.status, 'completed'), eq(orders.reservationNumber, number)));
  return row ?? null;
}

/** An order by its id, whatever its site or status; locked for the rest of the transaction when asked. */
export async function findOrderById(db: Database, orderId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Orders by id, whatever their site or status. */
export function listOrdersByIds(db: Database, orderIds: string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
}

/** The site an order belongs to (no lock). */
export async function siteIdOf(db: Database, orderId: string): Promise<number | null> {
  const [row] = await db.select({ siteId: orders.siteId }).from(orders).where(eq(orders.id, orderId));
  return row?.siteId ?? null;
}
