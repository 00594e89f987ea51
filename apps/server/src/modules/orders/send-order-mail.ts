/**
 * Mail-only confirmation, step one: remembers the visitor's address on the order and mails them a
 * link with a new mail token (stored hashed). The mail is written by whoever listens, in the same
 * transaction.
 */
import { email } from '@storefront/domain/customer/validation';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, type OrdersContext, openOrder } from './orders-context.ts';

export async function sendOrderMail(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  body: { email: string; lang?: string | undefined },
  clientIp: string,
): Promise<void> {
  await enforceRateLimits(db, [{ key: `order-mail:ip:${clientIp}`, max: 10, windowSeconds: 600 }]);
  await inTransaction(db, async (tx) => {
    const order = await openOrder(tx, site, token);
    if (email(body.email)) throw specError('invalid email address');
    const mailToken = newToken();
    const lang = body.lang ?? order.lang;
    await repo.updateOrder(tx, order.id, {
      customerFields: { email: body.email },
      mailTokenHash: hashToken(mailToken),
      lang,
    });
    const [remaining] = await rows<{ minutes: number }>(
      tx,
      sql`select greatest(1, ceil(extract(epoch from (expires_at - app_now())) / 60))::int as minutes from orders where id = ${order.id}`,
    );
    await ctx.events.mailGiven(tx, {
      site,
      orderId: order.id,
      email: body.email,
      lang,
      mailToken,
      minutes: remaining?.minutes ?? site.holdMinutes,
    });
  });
  ctx.events.mailQueued();
}
