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
import { markHoldsSold, sellAfterExpiry } from '../stock/sell-places.ts';
import { issueTickets } from '../tickets/issue-tickets.ts';
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
    completedAt: sql`now()` as unknown as Date,
    reservationNumber: newReservationNumber(),
    reservationTokenHash: hashToken(reservationToken),
  });
  const { options: optionRows, product } = await ctx.bundles.require(tx, order.productId);
  await issueTickets(
    tx,
    order.id,
    completed.optionValues
      .flatMap((value) => Array.from({ length: value.quantity }, () => value.option_value_id))
      .filter((id) => optionRows.find((o) => o.id === id)?.type === 'admission'),
  );
  await ctx.events.completing(tx, {
    site,
    orderId,
    email: completed.customerFields?.email ?? null,
    reservationNumber: completed.reservationNumber ?? '',
    reservationToken,
    details: async () => {
      const span = await ctx.bundles.slotTimes(tx, completed.productId, completed.timeSpanId);
      return {
        // The mail shows the order, not its token (the order token is not kept in plain form).
        order: await presentOrder(tx, ctx.bundles, completed, site, '', {
          ...(span ? { span } : {}),
          ...(order.hasCoupons ? {} : { couponRows: [] }),
        }),
        visitDate: span?.date ?? '',
        isAllDay: product.type !== 'time',
      };
    },
  });
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
