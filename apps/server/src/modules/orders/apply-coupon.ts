/** A coupon code put on an open order (SPEC §7 `POST orders/{token}/coupons`), checked by the coupon rules. */

import { localize } from '@storefront/domain/localize';
import { checkCoupon } from '@storefront/domain/pricing/coupon-rules';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { findTimeSpan } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import { inTransaction, type OrdersContext, openOrder } from './orders-context.ts';
import { presentOrder } from './present-order.ts';
import { couponFacts, priceOf, repriceOrder } from './reprice-order.ts';

export async function applyCoupon(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  code: string,
  clientIp: string,
  now = clock.now(),
) {
  // Codes are guessable input: a client gets a few tries a minute.
  await enforceRateLimits(db, [{ key: `coupon:ip:${clientIp}`, max: 30, windowSeconds: 60 }]);
  return inTransaction(db, async (tx) => {
    const order = await openOrder(tx, site, token);
    const coupon = await repo.findCouponByCode(tx, site.id, code);
    const { priced, couponRows } = await priceOf(tx, ctx.bundles, order, site);
    const span = await findTimeSpan(tx, order.productId, order.timeSpanId);
    const failure = checkCoupon(coupon ? couponFacts(coupon) : null, {
      now,
      visitDate: span?.date ?? '',
      channel: order.channel,
      productId: order.productId,
      applied: couponRows.map(couponFacts),
      admissions: priced.admissions,
      subtotal: priced.subtotal,
      remainingTotal: priced.total,
      isDateChange: false,
    });
    if (failure || !coupon) throw specError(failure ?? 'coupon_code does not exist');
    await repo.addOrderCoupon(tx, order.id, coupon.id);
    const repriced = await repriceOrder(tx, ctx.bundles, order, site);
    const presented = await presentOrder(tx, ctx.bundles, repriced.order, site, token, repriced);
    const applied = presented.coupons.find((c) => c.id === coupon.id);
    return {
      coupon_id: coupon.id,
      coupon_name: applied?.name ?? localize(coupon.name, order.lang),
      coupon_discount: applied?.discount ?? 0,
      order: presented,
    };
  });
}
