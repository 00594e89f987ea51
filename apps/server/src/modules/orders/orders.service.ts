/**
 * Temporary orders and checkout (SPEC §3, §4, §7): the operations of this folder composed for the
 * routes and for the modules that pay for, change and show orders. Every change to stock happens
 * inside one transaction with the order it belongs to; a failure leaves nothing half-written.
 */

import type { CreateOrderBody, TemporaryOrder, UpdateOrderBody } from '@storefront/domain/api/orders';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { findPaymentMethod, findTimeSpan } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import { foldSoldHolds } from '../stock/sell-places.ts';
import { applyCoupon } from './apply-coupon.ts';
import { attachMember } from './attach-member.ts';
import { abandonOrderPayment, beginOrderPayment, beginOrderPayments, type PaymentToBegin } from './begin-order-payment.ts';
import { cancelOrder } from './cancel-order.ts';
import { completePaidOrder, completePaidOrders, type PaidOrder } from './complete-paid-order.ts';
import { confirmOrderMail } from './confirm-order-mail.ts';
import { createOrder } from './create-order.ts';
import { createDetailsWrites } from './details-together.ts';
import { createOrderEvents, type OrderEvents } from './order-events.ts';
import { channelOf, describeOrder, getOrder, memberOf, requireCarrierCheckout } from './order-lookups.ts';
import { createOrderPlacer } from './order-placer.ts';
import * as repo from './orders.repository.ts';
import type { IssueTickets, OrdersContext } from './orders-context.ts';
import { createProductBundles } from './product-bundles.ts';
import { removeCoupon } from './remove-coupon.ts';
import { couponFacts, priceOf } from './reprice-order.ts';
import type { OrderChannel } from './sales-channels.ts';
import { sendOrderMail } from './send-order-mail.ts';
import { updateOrder } from './update-order.ts';
import {
  checkWaitingListChoice,
  completedOrderIds,
  placeOfferOrder,
  releaseOfferOrder,
  type WaitingListChoice,
} from './waiting-list-orders.ts';

export type { PaidOrder, PaymentToBegin };

/** What the orders module is given: who issues a completed order's tickets, and whom its events reach. */
export type OrdersPorts = { issueTickets: IssueTickets; events?: OrderEvents };

export function createOrdersService(
  db: Database,
  ports: OrdersPorts,
  options: { logger?: { warn(obj: unknown, msg: string): void } } = {},
) {
  const events = ports.events ?? createOrderEvents();
  const ctx: OrdersContext = {
    bundles: createProductBundles(),
    placer: createOrderPlacer(db),
    details: createDetailsWrites(db, options.logger ? { logger: options.logger } : {}),
    events,
    issueTickets: ports.issueTickets,
  };
  const onFoldFailed = (error: unknown, orderId: string) =>
    options.logger?.warn({ err: error, orderId }, 'moving sold places to the slot failed; the next fold moves them');

  return {
    create: (site: Site, body: CreateOrderBody, channel: OrderChannel = 'web') => createOrder(db, ctx, site, body, channel),
    get: (site: Site, token: string) => getOrder(db, ctx, site, token),
    update: (site: Site, token: string, body: UpdateOrderBody) => updateOrder(db, ctx, site, token, body),
    cancel: (site: Site, token: string) => cancelOrder(db, ctx, site, token),
    applyCoupon: (site: Site, token: string, code: string, clientIp: string, now = clock.now()) =>
      applyCoupon(db, ctx, site, token, code, clientIp, now),
    removeCoupon: (site: Site, token: string, couponId: number) => removeCoupon(db, ctx, site, token, couponId),
    attachMember: (site: Site, token: string, memberId: number) => attachMember(db, ctx, site, token, memberId),
    describe: (site: Site, orderId: string, lang: string): Promise<TemporaryOrder | null> =>
      describeOrder(db, ctx, site, orderId, lang),
    channelOf: (site: Site, token: string) => channelOf(db, site, token),
    requireCarrierCheckout: (site: Site, token: string, clientIp: string) => requireCarrierCheckout(db, site, token, clientIp),
    memberOf: (site: Site, token: string) => memberOf(db, site, token),
    sendOrderMail: (site: Site, token: string, body: { email: string; lang?: string | undefined }, clientIp: string) =>
      sendOrderMail(db, ctx, site, token, body, clientIp),
    confirmOrderMail: (site: Site, mailToken: string) => confirmOrderMail(db, site, mailToken),

    // For the waiting list.
    checkWaitingListChoice: (site: Site, choice: WaitingListChoice) => checkWaitingListChoice(db, ctx, site, choice),
    placeOfferOrder: (tx: Database, site: Site, offer: Parameters<typeof placeOfferOrder>[3]) =>
      placeOfferOrder(tx, ctx, site, offer),
    completedOrderIds,
    releaseOfferOrder,
    /** Places were taken or given back outside an order's own calls (an offer): availability is recomputed. */
    stockChanged: () => events.stockChanged(),

    // For the payments module.
    beginPayment: <T>(
      site: Site,
      token: string,
      body: { payment_method: string },
      record: (tx: Database, payment: PaymentToBegin) => Promise<T>,
    ) => beginOrderPayment(db, ctx, site, token, body, record),
    /** `beginPayment` for checkouts of the same moment, together; those it leaves out begin alone. */
    beginPayments: <T>(
      begins: { site: Site; token: string; body: { payment_method: string } }[],
      record: (tx: Database, payments: { site: Site; payment: PaymentToBegin }[]) => Promise<T[]>,
    ) => beginOrderPayments(db, ctx, begins, record),
    abandonPayment: (tx: Database, orderId: string) => abandonOrderPayment(tx, orderId),
    completePaid: (tx: Database, site: Site, orderId: string): Promise<PaidOrder | 'not_paying'> =>
      completePaidOrder(tx, ctx, site, orderId),
    /** `completePaid` for orders paid at the same moment, together; those it leaves out complete alone. */
    completePaidMany: (tx: Database, paid: { site: Site; orderId: string }[]) => completePaidOrders(tx, ctx, paid),
    /** `completed` for orders completed together: their places are folded in one statement. */
    async completedMany(orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return;
      await foldSoldHolds(db, { orderIds }).catch((error: unknown) => onFoldFailed(error, orderIds.join(', ')));
      for (const orderId of orderIds) events.completed(orderId);
    },
    /**
     * After a completing transaction commits: the places it marked sold move to the slot's
     * `sold` (a statement of its own, so the slot's row is locked only while it runs; one that
     * fails is folded by the next `foldSoldHolds('all')`), then availability and mail go at once.
     */
    async completed(orderId: string): Promise<void> {
      await foldSoldHolds(db, { orderId }).catch((error: unknown) => onFoldFailed(error, orderId));
      events.completed(orderId);
    },

    // For date changes.
    /** A completed order, locked for the rest of the transaction; null when there is none. */
    async lockCompleted(tx: Database, orderId: string): Promise<repo.OrderRow | null> {
      const order = await repo.findOrderById(tx, orderId, { lock: true });
      return order?.status === 'completed' ? order : null;
    },
    /** A product with its options (cached briefly, like every hold). */
    productOf: (tx: Database, productId: number) => ctx.bundles.require(tx, productId),
    /** After a catalogue change: products and prices are read again. */
    catalogueChanged: () => ctx.bundles.forgetAll(),
    /** A slot of a product, with whether it is over; null when the product has no such slot. */
    slotOf: (tx: Database, productId: number, timeSpanId: number) => findTimeSpan(tx, productId, timeSpanId),
    /**
     * An order's selection priced as the catalogue stands now at the order's slot (the prices it
     * kept when bought do not count: pass the new slot for a date change), in `lang`, with its
     * coupons as the coupon rules see them: a date change re-checks them at the new date.
     */
    async priceForChange(tx: Database, site: Site, order: repo.OrderRow, lang: string) {
      ctx.bundles.forget(order.productId, order.timeSpanId);
      const { priced, couponRows } = await priceOf(tx, ctx.bundles, { ...order, lang }, site, undefined, 'current');
      return { priced, coupons: couponRows.map(couponFacts) };
    },
    /** A payment method the site offers on a channel, enabled; null otherwise. */
    paymentMethodOf: (tx: Database, site: Site, channel: string, method: string) =>
      findPaymentMethod(tx, site.id, channel, method),
    /** A completed order moved to another slot by a date change, with what it is now worth. */
    moveToSlot: (
      tx: Database,
      orderId: string,
      values: { timeSpanId: number; subtotal: number; discount: number; total: number },
    ) => repo.updateOrder(tx, orderId, values),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
