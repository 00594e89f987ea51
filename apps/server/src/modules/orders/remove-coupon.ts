/** A coupon taken off an open order (SPEC §7 `DELETE orders/{token}/coupons/{id}`). */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, type OrdersContext, openOrder } from './orders-context.ts';
import { presentOrder } from './present-order.ts';
import { repriceOrder } from './reprice-order.ts';

export function removeCoupon(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  couponId: number,
): Promise<TemporaryOrder> {
  return inTransaction(db, async (tx) => {
    const order = await openOrder(tx, site, token);
    if (!(await repo.removeOrderCoupon(tx, order.id, couponId)))
      throw specError('record not found', { message: 'the coupon is not on this order' });
    const repriced = await repriceOrder(tx, ctx.bundles, order, site);
    return presentOrder(tx, ctx.bundles, repriced.order, site, token, repriced);
  });
}
