/**
 * The first half of a checkout: checks the order and its method, reserves its coupon uses and
 * marks it `paying`, then runs `record` (the payment ledger's first row) in the same transaction.
 * Nothing is charged here; the payment service talks to the provider after commit. A payment that
 * fails gives the order back (`abandonOrderPayment`).
 */
import type { PaymentProviderId } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError, invalidField, specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, type OrdersContext, sessionTimeout } from './orders-context.ts';
import { priceOf } from './reprice-order.ts';

export type PaymentToBegin = {
  orderId: string;
  orderToken: string;
  method: string;
  provider: PaymentProviderId;
  amount: number;
  currency: string;
  description: string;
};

export function beginOrderPayment<T>(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  body: { payment_method: string },
  record: (tx: Database, payment: PaymentToBegin) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const order = await repo.lockOrder(tx, { siteId: site.id, tokenHash: hashToken(token) });
    const { payment, couponRows } = await checkPayment(tx, ctx, site, token, order, body);
    // Coupon uses are counted now, so two buyers can never both take a coupon's last use;
    // a payment that fails gives them back.
    const exhausted = await repo.redeemCoupons(
      tx,
      couponRows.map((c) => c.id),
    );
    if (exhausted.length > 0) throw specError('coupon limit reached');
    // The amounts as priced now are the ones paid, written with the status.
    await repo.updateOrder(tx, payment.orderId, { status: 'paying', ...payment.amounts });
    return record(tx, payment);
  });
}

/** An attempt to begin, with the amounts the order is written with. */
type CheckedPayment = PaymentToBegin & { amounts: { subtotal: number; discount: number; total: number } };

/** The checks of a payment's beginning (SPEC §4): the order, its lapse, its method and its price as it stands now. */
async function checkPayment(
  tx: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  order: repo.LockedOrder | null,
  body: { payment_method: string },
): Promise<{ payment: CheckedPayment; couponRows: repo.CouponRow[] }> {
  if (!order) throw specError('record not found', { message: 'there is no order with this token' });
  if (order.status !== 'ready_checkout') throw specError('order status must be ready_checkout');
  if (order.expired) throw sessionTimeout();
  const { priced: current, couponRows } = await priceOf(tx, ctx.bundles, order, site, order.hasCoupons ? undefined : []);
  if (body.payment_method !== order.paymentMethod)
    throw invalidField('payment_method', 'is not the method chosen for this order');
  const method = await ctx.bundles.paymentMethod(tx, site.id, order.channel, body.payment_method);
  if (!method) throw invalidField('payment_method', 'is not offered by this site');
  if ((current.total === 0) !== (method.provider === 'free')) {
    throw invalidField(
      'payment_method',
      current.total === 0 ? 'must be free for an order of 0' : 'cannot be free for an order that costs money',
    );
  }
  const { product } = await ctx.bundles.require(tx, order.productId);
  return {
    payment: {
      orderId: order.id,
      orderToken: token,
      method: method.method,
      provider: method.provider,
      amount: current.total,
      currency: site.currency,
      description: localize(product.name, order.lang),
      amounts: { subtotal: current.subtotal, discount: current.discount, total: current.total },
    },
    couponRows,
  };
}

/** What beginning came to for one order of a batch. */
export type BegunTogether<T> = { begun: T } | { error: unknown } | 'alone';

/**
 * `beginOrderPayment` for checkouts of the same moment (decision 030), in one transaction with a
 * statement per step for all of them: the orders are locked, each is checked as alone (a failed
 * check answers that order only), those that pass become `paying` with their amounts, and
 * `record` writes their attempts. An order with coupons (their uses are counted one by one), or
 * named twice, is answered 'alone': its caller begins it as before.
 */
export function beginOrderPayments<T>(
  db: Database,
  ctx: OrdersContext,
  begins: { site: Site; token: string; body: { payment_method: string } }[],
  record: (tx: Database, payments: { site: Site; payment: PaymentToBegin }[]) => Promise<T[]>,
): Promise<BegunTogether<T>[]> {
  return inTransaction(db, async (tx) => {
    const hashes = begins.map((b) => hashToken(b.token));
    const locked = await repo.lockOrdersByTokens(tx, hashes);
    const results: BegunTogether<T>[] = begins.map(() => 'alone');
    const checked: { index: number; site: Site; payment: CheckedPayment }[] = [];
    const seen = new Set<string>();
    for (const [index, { site, token, body }] of begins.entries()) {
      const order = locked.find((o) => o.tokenHash === hashes[index] && o.siteId === site.id) ?? null;
      if (order?.hasCoupons || seen.has(hashes[index] ?? '')) continue;
      seen.add(hashes[index] ?? '');
      try {
        checked.push({ index, site, payment: (await checkPayment(tx, ctx, site, token, order, body)).payment });
      } catch (error) {
        // What the visitor is told; anything else undoes the batch (each then begins alone).
        if (!(error instanceof AppError)) throw error;
        results[index] = { error };
      }
    }
    if (checked.length === 0) return results;
    await repo.markOrdersPaying(
      tx,
      checked.map(({ payment }) => ({ id: payment.orderId, ...payment.amounts })),
    );
    const recorded = await record(
      tx,
      checked.map(({ site, payment }) => ({ site, payment })),
    );
    for (const [position, { index }] of checked.entries()) results[index] = { begun: recorded[position] as T };
    return results;
  });
}

/** A payment that failed: the order can be paid again while its hold lasts; coupon uses come back. */
export async function abandonOrderPayment(tx: Database, orderId: string): Promise<boolean> {
  const [order] = await rows<{ id: string }>(
    tx,
    sql`update orders set status = 'ready_checkout', updated_at = app_now() where id = ${orderId} and status = 'paying' returning id`,
  );
  if (!order) return false;
  await repo.unredeemCoupons(tx, orderId);
  return true;
}
