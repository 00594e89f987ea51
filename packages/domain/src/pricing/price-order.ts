/**
 * The price of an order (SPEC §3 temporary order): lines, subtotal, each discount and the total.
 * The storefront's summary and the server's order come from this one function, so they agree.
 */
import { type DiscountItem, discountOf } from './discount.ts';

export type OptionInput = { id: number; name: string; type: 'admission' | 'addon'; price: number; quantity: number };
export type SetProductInput = { id: number; name: string; price: number; quantity: number };
export type AppliedCouponInput = DiscountItem & { code: string; name: string; isInvitation: boolean };
export type MembershipPromotionInput = DiscountItem & { name: string };

export type PriceOrderInput = {
  options: OptionInput[];
  setProducts: SetProductInput[];
  /** In the order they were applied; the priced coupons come back in the same order. */
  coupons: AppliedCouponInput[];
  membershipPromotion: MembershipPromotionInput | null;
};

export type PricedLine = {
  kind: 'option' | 'set_product';
  id: number;
  name: string;
  unitPrice: number;
  quantity: number;
  amount: number;
};

export type PricedOrder = {
  lines: PricedLine[];
  subtotal: number;
  /** Admission tickets on the order: the sum of the admission options' quantities. */
  admissions: number;
  coupons: { code: string; name: string; discount: number }[];
  membershipPromotion: { name: string; discount: number } | null;
  /** All discounts together. */
  discount: number;
  total: number;
};

function assertMinorUnits(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be an integer ≥ 0, got ${value}`);
}

/**
 * Prices an order. Lines with quantity 0 are dropped. Discounts apply in a fixed order, each to what
 * the ones before left, each capped so the total never goes below 0:
 * 1. the membership promotion, on the subtotal;
 * 2. regular (non-invitation) coupons, on what remains;
 * 3. invitation coupons, each on ONE admission ticket: the highest unit price not yet covered by an
 *    earlier invitation (in applied order), so two invitations cover the two dearest admissions.
 *    An invitation finding no admission left discounts nothing.
 * Coupons must have passed `checkCoupon`; an incalculable one throws DiscountNotCalculable.
 */
export function priceOrder(input: PriceOrderInput): PricedOrder {
  const lines: PricedLine[] = [];
  for (const option of input.options) {
    lines.push(lineOf('option', option));
  }
  for (const setProduct of input.setProducts) {
    lines.push(lineOf('set_product', setProduct));
  }
  const kept = lines.filter((line) => line.quantity > 0);
  const subtotal = kept.reduce((sum, line) => sum + line.amount, 0);

  const admissionOptions = input.options.filter((option) => option.type === 'admission');
  const admissions = admissionOptions.reduce((sum, option) => sum + option.quantity, 0);

  let remaining = subtotal;
  const take = (price: number, item: DiscountItem): number => {
    const discount = Math.min(discountOf(price, item), remaining);
    remaining -= discount;
    return discount;
  };

  const membershipPromotion = input.membershipPromotion
    ? { name: input.membershipPromotion.name, discount: take(subtotal, input.membershipPromotion) }
    : null;

  const couponDiscounts: number[] = input.coupons.map(() => 0);
  for (const [index, coupon] of input.coupons.entries()) {
    if (!coupon.isInvitation) couponDiscounts[index] = take(remaining, coupon);
  }
  const admissionPrices = dearestFirst(admissionOptions);
  for (const [index, coupon] of input.coupons.entries()) {
    if (!coupon.isInvitation) continue;
    const price = admissionPrices.next();
    if (!price.done) couponDiscounts[index] = take(price.value, coupon);
  }

  const coupons = input.coupons.map((coupon, index) => ({
    code: coupon.code,
    name: coupon.name,
    discount: couponDiscounts[index] ?? 0,
  }));

  return {
    lines: kept,
    subtotal,
    admissions,
    coupons,
    membershipPromotion,
    discount: subtotal - remaining,
    total: remaining,
  };
}

function lineOf(kind: PricedLine['kind'], item: { id: number; name: string; price: number; quantity: number }): PricedLine {
  assertMinorUnits(item.price, `price of ${kind} ${item.id}`);
  assertMinorUnits(item.quantity, `quantity of ${kind} ${item.id}`);
  return {
    kind,
    id: item.id,
    name: item.name,
    unitPrice: item.price,
    quantity: item.quantity,
    amount: item.price * item.quantity,
  };
}

/**
 * The unit price of each admission ticket, dearest first: the order invitations cover them in.
 * Walks the quantities rather than spreading them, so a large quantity costs nothing extra.
 */
function* dearestFirst(admissions: OptionInput[]): Generator<number> {
  for (const option of [...admissions].sort((a, b) => b.price - a.price)) {
    for (let ticket = 0; ticket < option.quantity; ticket += 1) yield option.price;
  }
}
