/**
 * The second half of a checkout: a captured payment becomes a completed order with tickets, once.
 * Its places are sold by `sellPlaces`, which the caller runs last: live holds are marked sold,
 * lapsed ones sold again if the places are still there; when they are gone, the caller rolls back
 * and refunds. A completed order answers its reservation again, without the token, which only the
 * first answer carries (it is stored hashed). Whatever must be written with the completion (the
 * confirmation mail) is written by the listeners of `completing`, in this transaction.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashToken, newReservationNumber, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { markHoldsSold, markHoldsSoldOfOrders, sellAfterExpiry } from '../stock/sell-places.ts';
import type { OrderCompleting } from './order-events.ts';
import * as repo from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import { presentOrder } from './present-order.ts';

export type PaidOrder = {
  status: 'completed';
  orderId: string;
  reservationNumber: string;
  /** Only in the answer that completed the order. */
  reservationToken?: string;
  total: number;
  /**
   * Only in the answer that completed the order: sells its places, the last write of the
   * transaction. Live holds are marked sold, their counters moved after the commit (`completed`);
   * lapsed ones are sold again on the counters, whose lock is then held from here to the commit.
   * False when they are gone: the caller rolls back and refunds.
   */
  sellPlaces?: () => Promise<boolean>;
};

export async function completePaidOrder(
  tx: Database,
  ctx: OrdersContext,
  site: Site,
  orderId: string,
): Promise<PaidOrder | 'not_paying'> {
  const order = await repo.lockOrder(tx, { id: orderId });
  if (!order) return 'not_paying';
  if (order.status === 'completed')
    return { status: 'completed', reservationNumber: order.reservationNumber ?? '', total: order.total, orderId };
  if (order.status !== 'paying') return 'not_paying';
  const reservationToken = newToken();
  const completed = await repo.updateOrder(tx, order.id, {
    status: 'completed',
    completedAt: sql`app_now()` as unknown as Date,
    reservationNumber: newReservationNumber(),
    reservationTokenHash: hashToken(reservationToken),
  });
  await ctx.issueTickets(tx, [await admissionsOf(tx, ctx, completed)]);
  await ctx.events.completing(tx, [await completingOf(tx, ctx, site, completed, order.hasCoupons, reservationToken)]);
  return {
    status: 'completed',
    reservationNumber: completed.reservationNumber ?? '',
    reservationToken,
    total: completed.total,
    sellPlaces: async () =>
      (await markHoldsSold(tx, order.id)) ||
      sellAfterExpiry(tx, {
        id: order.id,
        timeSpanId: order.timeSpanId,
        quantity: order.quantity,
        setProducts: order.setProducts,
      }),
    orderId,
  };
}

/** One admission per person of the order's admission options, in the order chosen. */
async function admissionsOf(tx: Database, ctx: OrdersContext, order: repo.OrderRow) {
  const { options } = await ctx.bundles.require(tx, order.productId);
  const admissionOptionIds = order.optionValues
    .flatMap((value) => Array.from({ length: value.quantity }, () => value.option_value_id))
    .filter((id) => options.find((o) => o.id === id)?.type === 'admission');
  return { orderId: order.id, admissionOptionIds };
}

/** What the listeners of `completing` are told of a completed order (its details read only when asked). */
async function completingOf(
  tx: Database,
  ctx: OrdersContext,
  site: Site,
  completed: repo.OrderRow,
  hasCoupons: boolean,
  reservationToken: string,
): Promise<OrderCompleting> {
  const { product } = await ctx.bundles.require(tx, completed.productId);
  return {
    site,
    orderId: completed.id,
    email: completed.customerFields?.email ?? null,
    reservationNumber: completed.reservationNumber ?? '',
    reservationToken,
    details: async () => {
      const span = await ctx.bundles.slotTimes(tx, completed.productId, completed.timeSpanId);
      return {
        // The mail shows the order, not its token (the order token is not kept in plain form).
        order: await presentOrder(tx, ctx.bundles, completed, site, '', {
          ...(span ? { span } : {}),
          ...(hasCoupons ? {} : { couponRows: [] }),
        }),
        visitDate: span?.date ?? '',
        isAllDay: product.type !== 'time',
      };
    },
  };
}

/**
 * `completePaidOrder` for orders paid at the same moment (decision 030), in the caller's
 * transaction with a statement per step for all of them: the orders are locked, the live holds of
 * those waiting for their payment marked sold, and those orders completed with their tickets and
 * the writes of `completing`. Answers the orders it completed, with their places already sold.
 * An order it leaves out (already completed, not paying, holds lapsed or gone) changed nothing:
 * its completion goes alone, through `completePaidOrder`.
 */
export async function completePaidOrders(
  tx: Database,
  ctx: OrdersContext,
  paid: { site: Site; orderId: string }[],
): Promise<Map<string, PaidOrder>> {
  const done = new Map<string, PaidOrder>();
  if (paid.length === 0) return done;
  const siteOf = new Map(paid.map((p) => [p.orderId, p.site]));
  const paying = (await repo.lockOrders(tx, [...siteOf.keys()])).filter((order) => order.status === 'paying');
  const sold = await markHoldsSoldOfOrders(
    tx,
    paying.map((order) => order.id),
  );
  const ready = paying.filter((order) => sold.has(order.id));
  if (ready.length === 0) return done;
  const tokens = new Map(ready.map((order) => [order.id, newToken()]));
  const completed = await repo.markOrdersCompleted(
    tx,
    ready.map((order) => ({
      id: order.id,
      reservationNumber: newReservationNumber(),
      reservationTokenHash: hashToken(tokens.get(order.id) ?? ''),
    })),
  );
  const admissions = [];
  for (const order of completed) admissions.push(await admissionsOf(tx, ctx, order));
  await ctx.issueTickets(tx, admissions);
  const hasCoupons = new Map(ready.map((order) => [order.id, order.hasCoupons]));
  const completing: OrderCompleting[] = [];
  for (const order of completed) {
    const site = siteOf.get(order.id) as Site;
    completing.push(await completingOf(tx, ctx, site, order, hasCoupons.get(order.id) ?? true, tokens.get(order.id) ?? ''));
  }
  await ctx.events.completing(tx, completing);
  for (const order of completed) {
    done.set(order.id, {
      status: 'completed',
      orderId: order.id,
      reservationNumber: order.reservationNumber ?? '',
      reservationToken: tokens.get(order.id) ?? '',
      total: order.total,
    });
  }
  return done;
}
