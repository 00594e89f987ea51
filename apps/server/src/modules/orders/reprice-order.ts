/** An order priced as it stands: its selection, its coupons and a member's promotion. */
import { localize } from '@storefront/domain/localize';
import type { CouponFacts } from '@storefront/domain/pricing/coupon-rules';
import { type PricedOrder, priceOrder } from '@storefront/domain/pricing/price-order';
import type { Database } from '../../db/client.ts';
import { activePromotion } from '../membership/active-promotion.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import type { ProductBundles } from './product-bundles.ts';
import { type PriceBasis, resolveSelection } from './resolve-selection.ts';

export function couponFacts(row: repo.CouponRow): CouponFacts {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountAmount: row.discountAmount,
    coverageFrom: row.coverageFrom,
    coverageTo: row.coverageTo,
    expiresAt: row.expiresAt.toISOString(),
    channels: row.channels,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    campaign: row.campaign,
    isInvitation: row.isInvitation,
    isActive: row.isActive,
    productIds: row.productIds ?? null,
  };
}

export type Priced = { priced: PricedOrder; couponRows: repo.CouponRow[] };

/**
 * Prices the order as it stands, with its coupons: at the unit prices it kept when the visitor
 * chose (`kept`), or at the catalogue's prices now at its slot (`current`, a date change).
 */
export async function priceOf(
  tx: Database,
  bundles: ProductBundles,
  order: repo.OrderRow,
  site: Site,
  knownCoupons?: repo.CouponRow[],
  basis: PriceBasis = 'kept',
): Promise<Priced> {
  const selection = {
    time_span_id: order.timeSpanId,
    quantity: order.quantity,
    option_values: order.optionValues,
    set_products: order.setProducts,
  };
  const { options, setProducts } = await resolveSelection(tx, bundles, order.productId, selection, order.lang, basis);
  const couponRows = knownCoupons ?? (await repo.listOrderCoupons(tx, order.id));
  // A signed-in member gets the site's membership promotion.
  const promotion = order.memberId !== null && site.hasMembershipLogin ? await activePromotion(tx, site.id) : null;
  const priced = priceOrder({
    options,
    setProducts,
    coupons: couponRows.map((c) => ({
      code: c.code,
      name: localize(c.name, order.lang),
      discount_type: c.discountType,
      discount_amount: c.discountAmount,
      isInvitation: c.isInvitation,
    })),
    membershipPromotion: promotion
      ? {
          name: localize(promotion.name, order.lang),
          discount_type: promotion.discountType,
          discount_amount: promotion.discountAmount,
        }
      : null,
  });
  return { priced, couponRows };
}

export type Repriced = Priced & { order: repo.OrderRow };

/**
 * Prices the order as it stands with `changes` applied, and stores both and the amounts in one
 * write; the result can be shown without pricing again. `coupons` are the order's when the caller
 * has them in hand (none, for an order known to have none).
 */
export async function repriceOrder(
  tx: Database,
  bundles: ProductBundles,
  order: repo.OrderRow,
  site: Site,
  given: { changes?: Partial<repo.OrderRow>; coupons?: repo.CouponRow[] } = {},
): Promise<Repriced> {
  const repriced = await reprice(tx, bundles, order, site, given, (values) => repo.updateOrder(tx, order.id, values));
  if (!repriced) throw new Error('the order was not updated');
  return repriced;
}

/**
 * `repriceOrder` of details alone without a lock: the write is kept only if the order is still the
 * version read (`DetailsWrites`). Null, having written nothing, when it changed since.
 */
export function repriceIfUnchanged(
  db: Database,
  { bundles, details }: Pick<OrdersContext, 'bundles' | 'details'>,
  order: repo.VersionedOrder,
  site: Site,
  given: { changes?: repo.DetailsValues; coupons?: repo.CouponRow[] } = {},
): Promise<Repriced | null> {
  return reprice(db, bundles, order, site, given, (values) =>
    details.write({ orderId: order.id, version: order.version, values }),
  );
}

async function reprice(
  db: Database,
  bundles: ProductBundles,
  order: repo.OrderRow,
  site: Site,
  given: { changes?: Partial<repo.OrderRow>; coupons?: repo.CouponRow[] },
  write: (values: Partial<repo.OrderRow>) => Promise<repo.OrderRow | null>,
): Promise<Repriced | null> {
  const changes = given.changes ?? {};
  const { priced, couponRows } = await priceOf(db, bundles, { ...order, ...changes }, site, given.coupons);
  const updated = await write({ ...changes, subtotal: priced.subtotal, discount: priced.discount, total: priced.total });
  return updated ? { order: updated, priced, couponRows } : null;
}
