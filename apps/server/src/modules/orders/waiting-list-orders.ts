/**
 * The orders' side of a waiting list (issue 22): a visitor's choice checked as an order would be,
 * and the temporary order an offer is. The waiting list keeps the entries; the places and the
 * purchase stay the orders'.
 */
import { priceOrder } from '@storefront/domain/pricing/price-order';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { type NoPlaces, reclaimSlot } from '../stock/hold-places.ts';
import { releaseOrderHolds } from '../stock/sell-places.ts';
import * as repo from './orders.repository.ts';
import { orders } from './orders.schema.ts';
import { OPEN_STATUSES, type OrdersContext } from './orders-context.ts';
import { placeOrder } from './place-orders.ts';
import { checkMaxPerOrder, checkSlot, resolveSelection } from './resolve-selection.ts';

export type WaitingListChoice = {
  productUuid: string;
  timeSpanId: number;
  quantity: number;
  optionValues: { option_value_id: number; quantity: number }[];
  lang: string;
};

/**
 * A choice a visitor may wait for: the product is the venue's and on the web, the slot on sale and
 * not over, the tickets the product's, and the slot without the places for them now (else they
 * are bought, not waited for). Answers the product's id.
 */
export async function checkWaitingListChoice(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  choice: WaitingListChoice,
): Promise<{ productId: number }> {
  const product = (await ctx.bundles.get(db, { siteId: site.id, uuid: choice.productUuid }))?.product;
  if (!product) throw specError('record not found', { message: 'product_uuid names no product of this site' });
  if (product.archivedAt || !product.salesChannels.includes('web')) throw specError('ticket not on sale now');
  await checkSlot(db, site, 'web', product.id, choice.timeSpanId);
  const selection = await resolveSelection(db, ctx.bundles, product.id, selectionOf(choice), choice.lang);
  checkMaxPerOrder(selection.admissions, product.maxPerOrder);
  const slot = await reclaimSlot(db, product.id, choice.timeSpanId);
  if (slot.state === 'open' && slot.available >= selection.admissions)
    throw specError('conflict', { message: 'the slot has these places: buy them instead of waiting' });
  return { productId: product.id };
}

/**
 * The temporary order of an offer, in the caller's transaction: the entry's tickets on its slot,
 * holding the places for `holdMinutes`, with the visitor's address and a mail token, so the offer
 * mail's link opens it as a mail-only confirmation's does (`ordermails/{token}`). The places are
 * taken by the same conditional update as any order's. Says why not when the slot has not them.
 */
export async function placeOfferOrder(
  tx: Database,
  ctx: OrdersContext,
  site: Site,
  offer: WaitingListChoice & { productId: number; email: string; holdMinutes: number },
): Promise<{ orderId: string; mailToken: string; expiresAt: Date } | NoPlaces> {
  const selection = await resolveSelection(tx, ctx.bundles, offer.productId, selectionOf(offer), offer.lang);
  const priced = priceOrder({ options: selection.options, setProducts: [], coupons: [], membershipPromotion: null });
  const placed = await placeOrder(tx, {
    siteId: site.id,
    tokenHash: hashToken(newToken()),
    channel: 'web',
    lang: offer.lang,
    productId: offer.productId,
    timeSpanId: offer.timeSpanId,
    quantity: selection.admissions,
    optionValues: selection.optionValues,
    setProducts: [],
    subtotal: priced.subtotal,
    total: priced.total,
    holdMinutes: offer.holdMinutes,
    forWaitingList: true,
  });
  if (typeof placed === 'string') return placed;
  const mailToken = newToken();
  await repo.updateOrder(tx, placed.id, { customerFields: { email: offer.email }, mailTokenHash: hashToken(mailToken) });
  return { orderId: placed.id, mailToken, expiresAt: placed.expiresAt };
}

/** Which of these orders are completed (an offer bought). */
export async function completedOrderIds(tx: Database, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const found = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'completed')));
  return new Set(found.map((row) => row.id));
}

/** An offer given up before its time (the visitor left the list): its places go back at once. */
export async function releaseOfferOrder(tx: Database, orderId: string): Promise<boolean> {
  const order = await repo.findOrderById(tx, orderId, { lock: true });
  if (!order || !OPEN_STATUSES.has(order.status)) return false;
  await releaseOrderHolds(tx, order.id);
  await repo.updateOrder(tx, order.id, { status: 'cancelled' });
  return true;
}

function selectionOf(choice: WaitingListChoice) {
  return {
    time_span_id: choice.timeSpanId,
    quantity: choice.quantity,
    option_values: choice.optionValues,
    set_products: [],
  };
}
