/** An order as the visitor sees it (SPEC §7 temporary order). */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import { toCustomerInfo } from '@storefront/domain/customer/customer-info';
import { localize } from '@storefront/domain/localize';
import type { PricedOrder } from '@storefront/domain/pricing/price-order';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import type { HeldSlot } from '../stock/hold-places.ts';
import type * as repo from './orders.repository.ts';
import type { ProductBundles } from './product-bundles.ts';
import { priceOf } from './reprice-order.ts';

/** Shows an order; what the caller already has in hand (its slot, coupons, prices) is not read again. */
export async function presentOrder(
  tx: Database,
  bundles: ProductBundles,
  order: repo.OrderRow,
  site: Site,
  token: string,
  known: { span?: HeldSlot; couponRows?: repo.CouponRow[]; priced?: PricedOrder } = {},
): Promise<TemporaryOrder> {
  const { product, options: optionRows } = await bundles.require(tx, order.productId);
  const span = known.span ?? (await bundles.slotTimes(tx, product.id, order.timeSpanId));
  if (!span) throw specError('record not found');
  const { priced, couponRows } =
    known.priced && known.couponRows
      ? { priced: known.priced, couponRows: known.couponRows }
      : await priceOf(tx, bundles, order, site, known.couponRows);
  const optionLines = priced.lines.filter((l) => l.kind === 'option');
  return {
    order_token: token,
    status: order.status,
    lang: order.lang as TemporaryOrder['lang'],
    price: priced.total,
    subtotal: priced.subtotal,
    discount: priced.discount,
    expiresAt: order.expiresAt.toISOString(),
    customerInfo: order.customerFields ? toCustomerInfo(order.customerFields) : null,
    customerFields: order.customerFields ?? null,
    paymentMethod: order.paymentMethod,
    mainProduct: {
      uuid: product.uuid,
      name: localize(product.name, order.lang),
      description: localize(product.description, order.lang),
      saleType: product.saleType,
      quantity: order.quantity,
      reservationFrom: span.startsAt.toISOString(),
      reservationTo: span.endsAt.toISOString(),
      productTimeSpanID: order.timeSpanId,
      presentedBy: localize(product.presentedBy, order.lang),
      caution: localize(product.caution, order.lang),
      options: optionLines.map((line) => ({
        id: line.id,
        name: line.name,
        type: optionRows.find((o) => o.id === line.id)?.type ?? 'admission',
        price: line.unitPrice,
        quantity: line.quantity,
      })),
    },
    setProducts: priced.lines
      .filter((l) => l.kind === 'set_product')
      .map((line) => ({ id: line.id, name: line.name, price: line.unitPrice, quantity: line.quantity })),
    coupons: priced.coupons.map((c, index) => ({ id: couponRows[index]?.id ?? 0, ...c })),
    membershipPromotion: priced.membershipPromotion,
  };
}
