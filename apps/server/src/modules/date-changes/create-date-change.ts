import { randomUUID } from 'node:crypto';
import type { CreateDateChangeBody, DateChangeView } from '@storefront/domain/api/date-changes';
import { email as emailRule } from '@storefront/domain/customer/validation';
import { changeAmounts } from '@storefront/domain/date-change';
import { checkCouponsAtDate } from '@storefront/domain/pricing/coupon-rules';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { dateChangeRulesOf } from '../sites/date-change-rules.ts';
import type { Site } from '../sites/site.ts';
import { holdSetProduct, holdSlot } from '../stock/hold-places.ts';
import { changeError, type DateChangeDeps, inTransaction } from './date-change-deps.ts';
import { holderAccess, presentDateChange, refusalOf } from './date-change-reads.ts';
import * as repo from './date-changes.repository.ts';
import { releaseChangeHolds } from './expire-date-change.ts';

/** `POST timechanges/tickets/{reservationToken}`: a pending change holding the new slot. */
export async function createDateChange(
  db: Database,
  deps: DateChangeDeps,
  site: Site,
  reservationToken: string,
  body: CreateDateChangeBody,
  now = clock.now(),
): Promise<DateChangeView> {
  const { orders } = deps;
  const tokens = { reservationToken };
  if (body.email !== undefined && body.email !== '' && emailRule(body.email))
    throw changeError('invalid email address in time change', tokens, { field: 'email' });
  const outcome = await inTransaction(db, async (tx) => {
    const found = await holderAccess(tx, site, reservationToken);
    // The order's row lock makes two tabs changing one ticket go one after the other.
    const order = await orders.lockCompleted(tx, found.order.id);
    if (!order) throw specError('ticket not found');
    const access = { order, shareId: found.shareId };
    const refusal = await refusalOf(tx, deps, site, access, now);
    if (refusal) throw changeError(refusal, tokens);
    await releaseChangeHolds(tx, await repo.expireLapsed(tx, order.id));
    if ((await repo.openChanges(tx, order.id)).length > 0) throw changeError('waiting time change exists', tokens);
    if (body.time_span_id === order.timeSpanId)
      throw changeError('invalid request', tokens, {
        field: 'time_span_id',
        message: 'time_span_id is the slot the ticket already has',
      });
    const slot = await orders.slotOf(tx, order.productId, body.time_span_id);
    if (!slot) throw changeError('no stock has been registered for this product', tokens);
    if (!slot.isOnSale || slot.isPast) throw changeError('ticket not on sale now', tokens);
    // The same selection at the new date, at its prices now: coupons must still hold there.
    const { priced, coupons } = await orders.priceForChange(tx, site, { ...order, timeSpanId: body.time_span_id }, order.lang);
    const couponFailure = checkCouponsAtDate(coupons, { now, visitDate: slot.date });
    if (couponFailure) throw changeError(couponFailure, tokens);
    const amounts = changeAmounts(await dateChangeRulesOf(tx, site.id), {
      paid: order.total,
      newTotal: priced.total,
      admissions: order.quantity,
    });
    const id = randomUUID();
    const expiresAt = await repo.holdUntil(tx, site.holdMinutes);
    const held = await holdSlot(tx, {
      orderId: id,
      productId: order.productId,
      timeSpanId: body.time_span_id,
      quantity: order.quantity,
      expiresAt,
    });
    if (held === 'missing') throw changeError('no stock has been registered for this product', tokens);
    if (held === 'closed') throw changeError('ticket not on sale now', tokens);
    if (held === 'full') throw changeError('time_change_out_of_stock', tokens);
    for (const setProduct of order.setProducts.filter((s) => s.quantity > 0)) {
      const heldSet = await holdSetProduct(tx, {
        orderId: id,
        timeSpanId: body.time_span_id,
        setProductId: setProduct.set_product_id,
        quantity: setProduct.quantity,
        expiresAt,
      });
      if (!heldSet) throw changeError('time_change_out_of_stock', tokens);
    }
    const timechangeToken = newToken();
    const change = await repo
      .insert(tx, {
        id,
        orderId: order.id,
        tokenHash: hashToken(timechangeToken),
        status: 'pending',
        fromTimeSpanId: order.timeSpanId,
        toTimeSpanId: body.time_span_id,
        quantity: order.quantity,
        lang: body.lang,
        email: body.email ? body.email : null,
        paid: amounts.paid,
        newSubtotal: priced.subtotal,
        newDiscount: priced.discount,
        newTotal: amounts.newTotal,
        fee: amounts.fee,
        toPay: amounts.toPay,
        toRefund: amounts.toRefund,
        resultingTotal: amounts.resultingTotal,
        expiresAt,
      })
      .catch((error: unknown) => {
        // The one-open-change index, should another process have got past the check.
        if (String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === '23505')
          throw changeError('waiting time change exists', tokens);
        throw error;
      });
    return { timechangeToken, view: await presentDateChange(tx, deps, site, { ...change, isLapsed: false }, body.lang) };
  });
  deps.options.onStockChanged?.();
  return { time_change_token: outcome.timechangeToken, ...outcome.view };
}
