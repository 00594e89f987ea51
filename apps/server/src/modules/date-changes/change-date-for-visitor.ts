/**
 * Staff move a visitor's completed ticket to another slot of the same product, on the visitor's
 * behalf, in the caller's transaction (which writes the audit entry). It follows the visitor's
 * rules (decision 008: the venue's date-change settings, coupons at the new date, the site's fee,
 * the same conditional hold and the same completion) with two exceptions staff choose and the
 * audit entry records: `overrideDeadline` moves a ticket past the venue's change deadline, and
 * `waiveDifference` moves it to a dearer slot without the visitor paying the difference. A cheaper
 * slot's difference is refunded by the site's policy after the commit, as for the visitor.
 */

import { randomUUID } from 'node:crypto';
import { changeAmounts, changeRefusal } from '@storefront/domain/date-change';
import { checkCouponsAtDate } from '@storefront/domain/pricing/coupon-rules';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { dateChangeRulesOf } from '../sites/date-change-rules.ts';
import type { Site } from '../sites/site.ts';
import { holdSetProduct, holdSlot } from '../stock/hold-places.ts';
import * as tickets from '../tickets/order-tickets.ts';
import { completeDateChange } from './complete-date-change.ts';
import type { DateChangeDeps } from './date-change-deps.ts';
import * as repo from './date-changes.repository.ts';
import { releaseChangeHolds } from './expire-date-change.ts';

export type VisitorChangeRequest = {
  orderId: string;
  toTimeSpanId: number;
  overrideDeadline: boolean;
  waiveDifference: boolean;
};

export type VisitorChangeDone = {
  change: repo.DateChangeRow;
  reservationNumber: string;
  fromTimeSpanId: number;
  /** The new price and fee against what was paid: positive when dearer (waived), negative when cheaper. */
  difference: number;
  deadlineOverridden: boolean;
  differenceWaived: boolean;
  mailQueued: boolean;
};

const refused = (message: string, field?: string) => specError('conflict', { message, ...(field ? { field } : {}) });

export async function changeDateForVisitor(
  tx: Database,
  deps: DateChangeDeps,
  site: Site,
  request: VisitorChangeRequest,
  now = clock.now(),
): Promise<VisitorChangeDone> {
  const { orders } = deps;
  const order = await orders.lockCompleted(tx, request.orderId);
  if (!order || order.siteId !== site.id)
    throw specError('not found', { message: 'there is no such completed order at this venue' });
  if (request.toTimeSpanId === order.timeSpanId) throw invalidField('slot_id', 'is the slot the ticket already has');
  const rules = await dateChangeRulesOf(tx, site.id);
  const { product } = await orders.productOf(tx, order.productId);
  const current = await orders.slotOf(tx, order.productId, order.timeSpanId);
  const admissions = await tickets.listOrderTickets(tx, order.id);
  const ticket = {
    productKey: product.key,
    channel: order.channel,
    paymentMethod: order.paymentMethod,
    isHolder: true,
    usedOrCancelled: admissions.filter((a) => a.status !== 'valid').length,
    sharedAway: admissions.filter((a) => a.shareId !== null).length,
    startsAt: current?.startsAt ?? new Date(0),
  };
  const refusal = changeRefusal(rules, ticket, now);
  // Before the deadline, or past it with the override: the rest of the rules always hold.
  const beforeDeadline = changeRefusal(rules, ticket, new Date(0));
  if (beforeDeadline) throw refused(`the venue's date-change rules do not allow this ticket to change (${beforeDeadline})`);
  const deadlineOverridden = refusal !== null;
  if (deadlineOverridden && !request.overrideDeadline)
    throw refused("the venue's change deadline has passed: override it to move the ticket", 'override_deadline');
  await releaseChangeHolds(tx, await repo.expireLapsed(tx, order.id));
  if ((await repo.openChanges(tx, order.id)).length > 0)
    throw refused('the visitor has a date change under way; it must finish or lapse first');
  const slot = await orders.slotOf(tx, order.productId, request.toTimeSpanId);
  if (!slot) throw invalidField('slot_id', 'is not a slot of the order’s product');
  if (!slot.isOnSale || slot.isPast) throw refused('the new slot is not on sale', 'slot_id');
  const { priced, coupons } = await orders.priceForChange(tx, site, { ...order, timeSpanId: request.toTimeSpanId }, order.lang);
  const couponFailure = checkCouponsAtDate(coupons, { now, visitDate: slot.date });
  if (couponFailure) throw refused(`the order's coupon does not hold at the new date (${couponFailure})`, 'slot_id');
  const amounts = changeAmounts(rules, { paid: order.total, newTotal: priced.total, admissions: order.quantity });
  const difference = amounts.newTotal + amounts.fee - amounts.paid;
  const differenceWaived = amounts.toPay > 0;
  if (differenceWaived && !request.waiveDifference)
    throw refused(`the new slot costs ${amounts.toPay} more: waive the difference to move the ticket`, 'waive_difference');
  const id = randomUUID();
  const expiresAt = await repo.holdUntil(tx, site.holdMinutes);
  const held = await holdSlot(tx, {
    orderId: id,
    productId: order.productId,
    timeSpanId: request.toTimeSpanId,
    quantity: order.quantity,
    expiresAt,
  });
  if (held === 'full') throw refused('the new slot has no room for the party', 'slot_id');
  if (held === 'missing' || held === 'closed') throw refused('the new slot is not on sale', 'slot_id');
  for (const setProduct of order.setProducts.filter((s) => s.quantity > 0)) {
    const heldSet = await holdSetProduct(tx, {
      orderId: id,
      timeSpanId: request.toTimeSpanId,
      setProductId: setProduct.set_product_id,
      quantity: setProduct.quantity,
      expiresAt,
    });
    if (!heldSet) throw refused('the new slot has no room for the set products', 'slot_id');
  }
  const change = await repo.insert(tx, {
    id,
    orderId: order.id,
    // The change is completed at once: its token is never handed out.
    tokenHash: hashToken(newToken()),
    status: 'pending',
    fromTimeSpanId: order.timeSpanId,
    toTimeSpanId: request.toTimeSpanId,
    quantity: order.quantity,
    lang: order.lang,
    email: null,
    paid: amounts.paid,
    newSubtotal: priced.subtotal,
    newDiscount: priced.discount,
    newTotal: amounts.newTotal,
    // A waived difference (the fee with it) is not paid: the ticket keeps the worth it was paid at.
    fee: differenceWaived ? 0 : amounts.fee,
    toPay: 0,
    toRefund: amounts.toRefund,
    resultingTotal: differenceWaived ? amounts.paid : amounts.resultingTotal,
    expiresAt,
  });
  const completion = await completeDateChange(tx, deps, site, change, false);
  if (completion.kind === 'no_places') throw refused('the new slot has no room for the party', 'slot_id');
  if (completion.kind === 'stale') throw refused('the ticket changed meanwhile; look again');
  return {
    change,
    reservationNumber: completion.reservationNumber,
    fromTimeSpanId: order.timeSpanId,
    difference,
    deadlineOverridden,
    differenceWaived,
    mailQueued: completion.mailQueued,
  };
}
