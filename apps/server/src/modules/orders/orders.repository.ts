import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  fieldTemplates,
  paymentMethods,
  productOptions,
  products,
  productTimeSpans,
  setProducts,
} from '../catalog/catalog.schema.ts';
import { coupons, orderCoupons, orders } from './orders.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export async function findProductByUuid(db: Database, siteId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.siteId, siteId), eq(products.uuid, uuid)));
  return row ?? null;
}

export async function findProductById(db: Database, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

export async function findTimeSpan(db: Database, productId: number, timeSpanId: number) {
  const [row] = await db
    .select({
      id: productTimeSpans.id,
      date: productTimeSpans.date,
      startsAt: productTimeSpans.startsAt,
      endsAt: productTimeSpans.endsAt,
      isOnSale: productTimeSpans.isOnSale,
      isPast: sql<boolean>`${productTimeSpans.endsAt} <= now()`,
    })
    .from(productTimeSpans)
    .where(and(eq(productTimeSpans.id, timeSpanId), eq(productTimeSpans.productId, productId)));
  return row ?? null;
}

export function listOptions(db: Database, productId: number) {
  return db.select().from(productOptions).where(eq(productOptions.productId, productId)).orderBy(asc(productOptions.position));
}

export function listSetProducts(db: Database, productId: number) {
  return db.select().from(setProducts).where(eq(setProducts.mainProductId, productId)).orderBy(asc(setProducts.position));
}

export async function insertOrder(db: Database, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('the order was not written');
  return row;
}

/** The order of a site by its token hash; locked for the rest of the transaction when asked. */
export async function findOrder(db: Database, siteId: number, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.tokenHash, tokenHash)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
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
    .select({ expired: sql<boolean>`${orders.expiresAt} <= now()` })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.expired ?? true;
}

export async function updateOrder(db: Database, orderId: string, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
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

export function listFieldTemplates(db: Database, siteId: number) {
  return db.select().from(fieldTemplates).where(eq(fieldTemplates.siteId, siteId)).orderBy(asc(fieldTemplates.position));
}

export async function findPaymentMethod(db: Database, siteId: number, channel: string, method: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.siteId, siteId),
        eq(paymentMethods.channel, channel),
        eq(paymentMethods.method, method),
        eq(paymentMethods.isEnabled, true),
      ),
    );
  return row ?? null;
}

export function couponsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as CouponRow[]);
  return db.select().from(coupons).where(inArray(coupons.id, ids));
}
