/** Links a signed-in member to an open order; their promotion applies from now on. */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { inTransaction, type OrdersContext, openOrder } from './orders-context.ts';
import { presentOrder } from './present-order.ts';
import { repriceOrder } from './reprice-order.ts';

export function attachMember(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  memberId: number,
): Promise<TemporaryOrder> {
  return inTransaction(db, async (tx) => {
    const order = await openOrder(tx, site, token);
    const repriced = await repriceOrder(tx, ctx.bundles, order, site, { changes: { memberId } });
    return presentOrder(tx, ctx.bundles, repriced.order, site, token, repriced);
  });
}
