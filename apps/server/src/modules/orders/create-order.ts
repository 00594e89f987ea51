/** A new temporary order holding its places (SPEC §3, §7 `POST orders`). */
import type { CreateOrderBody, TemporaryOrder } from '@storefront/domain/api/orders';
import { priceOrder } from '@storefront/domain/pricing/price-order';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import type * as repo from './orders.repository.ts';
import { inTransaction, type OrdersContext } from './orders-context.ts';
import { placeOrder } from './place-orders.ts';
import { presentOrder } from './present-order.ts';
import { checkMaxPerOrder, checkSlot, resolveSelection } from './resolve-selection.ts';
import type { OrderChannel } from './sales-channels.ts';
import { holdSetProducts, noPlaces } from './take-holds.ts';

export async function createOrder(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  body: CreateOrderBody,
  channel: OrderChannel = 'web',
): Promise<TemporaryOrder> {
  const product = (await ctx.bundles.get(db, { siteId: site.id, uuid: body.product_uuid }))?.product;
  if (!product) throw specError('record not found', { message: 'product_uuid names no product of this site' });
  // An archived product is no longer offered; the orders it has keep it (a page open from before may still ask).
  if (product.archivedAt) throw specError('ticket not on sale now', { message: 'the product is no longer offered' });
  if (!product.salesChannels.includes(channel)) throw specError('ticket not on sale now');
  // Web orders take any slot on sale (the hold itself refuses closed ones): no read before the rush's one statement.
  if (channel !== 'web') await checkSlot(db, site, channel, product.id, body.time_span_id);
  const selection = await resolveSelection(db, ctx.bundles, product.id, body, body.lang);
  const { admissions, setProducts } = selection;
  checkMaxPerOrder(admissions, product.maxPerOrder);
  const token = newToken();
  const priced = priceOrder({ options: selection.options, setProducts, coupons: [], membershipPromotion: null });
  const newOrder = {
    siteId: site.id,
    tokenHash: hashToken(token),
    channel,
    lang: body.lang,
    productId: product.id,
    timeSpanId: body.time_span_id,
    quantity: admissions,
    // The prices the visitor is shown now are the ones they pay, whatever the catalogue does meanwhile.
    optionValues: selection.optionValues,
    setProducts: selection.setProductValues,
    subtotal: priced.subtotal,
    total: priced.total,
    holdMinutes: site.holdMinutes,
  };
  // An order and its slot's places are one statement, batched with other buyers of the slot;
  // set products need a transaction around it.
  const placed = setProducts.some((s) => s.quantity > 0)
    ? await inTransaction(db, async (tx) => {
        const placedWithSet = await placeOrder(tx, newOrder);
        if (typeof placedWithSet === 'string') throw noPlaces(placedWithSet);
        await holdSetProducts(tx, placedWithSet, body.time_span_id, setProducts);
        return placedWithSet;
      })
    : await ctx.placer(newOrder);
  if (typeof placed === 'string') throw noPlaces(placed);
  ctx.events.stockChanged();
  const order: repo.OrderRow = {
    ...newOrder,
    id: placed.id,
    status: 'pending',
    customerFields: null,
    paymentMethod: null,
    memberId: null,
    discount: 0,
    expiresAt: placed.expiresAt,
    createdAt: placed.createdAt,
    updatedAt: placed.createdAt,
    completedAt: null,
    reservationNumber: null,
    reservationTokenHash: null,
    mailTokenHash: null,
  };
  // A new order has no coupons nor member yet: it is shown from what is in hand.
  return presentOrder(db, ctx.bundles, order, site, token, { span: placed.span, couponRows: [], priced });
}
