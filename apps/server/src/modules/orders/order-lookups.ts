/** Reading an order: the visitor's own view of it, and the facts other modules ask of it. */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import { paymentProfile } from '@storefront/domain/payments';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findPaymentMethod } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, OPEN_STATUSES, type OrdersContext, orderOfToken, sessionTimeout } from './orders-context.ts';
import { presentOrder } from './present-order.ts';

export function getOrder(db: Database, ctx: OrdersContext, site: Site, token: string): Promise<TemporaryOrder> {
  return inTransaction(db, async (tx) => {
    const order = await repo.findOrder(tx, site.id, hashToken(token));
    if (!order) throw specError('record not found', { message: 'there is no order with this token' });
    if (OPEN_STATUSES.has(order.status) && (await repo.isExpired(tx, order.id))) throw sessionTimeout();
    return presentOrder(tx, ctx.bundles, order, site, token);
  });
}

/**
 * A completed order as the temporary order shape, in `lang`, for the ticket, its mails and its
 * receipt; null when the site has no such completed order.
 */
export async function describeOrder(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  orderId: string,
  lang: string,
): Promise<TemporaryOrder | null> {
  const order = await repo.findCompletedOrder(db, site.id, orderId);
  if (!order) return null;
  return presentOrder(db, ctx.bundles, { ...order, lang }, site, '');
}

/** The sales channel an order was made on (web, spot …). */
export async function channelOf(db: Database, site: Site, token: string): Promise<string> {
  return (await orderOfToken(db, site, token)).channel;
}

export async function memberOf(db: Database, site: Site, token: string): Promise<number | null> {
  return (await orderOfToken(db, site, token)).memberId;
}

/**
 * Before the carrier login of d-pay (SPEC §7 `d-account/v1/auth/{id}`), which anyone can call: the
 * token must name an order of this site ready to pay with a carrier method its channel offers,
 * still held; anything else is not found. Counted per client, like every lookup by guessable input.
 */
export async function requireCarrierCheckout(db: Database, site: Site, token: string, clientIp: string): Promise<void> {
  await enforceRateLimits(db, [{ key: `carrier-login:ip:${clientIp}`, max: 20, windowSeconds: 600 }]);
  const order = await repo.findOrder(db, site.id, hashToken(token));
  const method =
    order?.status === 'ready_checkout' && order.paymentMethod && paymentProfile(order.paymentMethod)?.kind === 'carrier'
      ? await findPaymentMethod(db, site.id, order.channel, order.paymentMethod)
      : null;
  if (!order || !method || (await repo.isExpired(db, order.id)))
    throw specError('record not found', { message: 'there is no order ready to pay with d-pay with this token' });
}
