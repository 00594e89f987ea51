/**
 * Mail-only confirmation, step two: the link's mail token gives the order back. The order gets a
 * new token each time (the one given before stops working), since only hashes are stored. The
 * link keeps working until the order is done or lapses: a mail scanner that opens it first, or a
 * second tap, must not leave the visitor with nothing but "start again".
 */
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, OPEN_STATUSES, sessionTimeout } from './orders-context.ts';

export function confirmOrderMail(db: Database, site: Site, mailToken: string): Promise<{ order_token: string }> {
  return inTransaction(db, async (tx) => {
    const order = await repo.findOrderByMailToken(tx, site.id, hashToken(mailToken));
    if (!order) throw specError('record not found', { message: 'this link is not valid' });
    if (!OPEN_STATUSES.has(order.status)) throw specError('order status must be ready_checkout');
    if (await repo.isExpired(tx, order.id)) throw sessionTimeout();
    const orderToken = newToken();
    await repo.updateOrder(tx, order.id, { tokenHash: hashToken(orderToken) });
    return { order_token: orderToken };
  });
}
