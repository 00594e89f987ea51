/** An open order given up (SPEC §7 `DELETE orders/{token}`): its places go back at once. */
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { releaseOrderHolds } from '../stock/sell-places.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, OPEN_STATUSES, type OrdersContext } from './orders-context.ts';

export async function cancelOrder(db: Database, ctx: OrdersContext, site: Site, token: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const order = await repo.findOrder(tx, site.id, hashToken(token), { lock: true });
    if (!order) throw specError('record not found', { message: 'there is no order with this token' });
    if (!OPEN_STATUSES.has(order.status)) throw specError('order status must be ready_checkout');
    await releaseOrderHolds(tx, order.id);
    await repo.updateOrder(tx, order.id, { status: 'cancelled' });
  });
  ctx.events.stockChanged();
}
