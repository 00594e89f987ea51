/** The discount item of SPEC §3: a percent of a price, or a fixed amount off it. */
import type { DiscountType } from '../constants.ts';
import type { ServerError } from '../errors/catalogue.ts';

export type DiscountItem = { discount_type: DiscountType; discount_amount: number };

/**
 * Thrown by `discountOf` for an item no price can be discounted by. Carries the SPEC §8 text so an
 * error handler can answer with it; coupons reach pricing only after `checkCoupon`, so seeing this
 * there means bad data, not a customer mistake.
 */
export class DiscountNotCalculable extends Error {
  readonly error: ServerError = 'discount not calculable';
  readonly item: DiscountItem;

  constructor(item: DiscountItem) {
    super(`discount not calculable: ${item.discount_type} ${item.discount_amount}`);
    this.name = 'DiscountNotCalculable';
    this.item = item;
  }
}

/**
 * True when the item can discount a price: a finite amount of at least zero, a whole number of minor
 * units when fixed, at most 100 when a percent.
 */
export function isCalculable(item: DiscountItem): boolean {
  const amount = item.discount_amount;
  if (!Number.isFinite(amount) || amount < 0) return false;
  return item.discount_type === 'percent' ? amount <= 100 : Number.isInteger(amount);
}

/**
 * How much the item takes off `price` (integer minor units): fixed subtracts its amount but never
 * more than the price; percent is price × amount / 100 rounded down, so 10 % of 1,555 is 155.
 * Throws DiscountNotCalculable for an item `isCalculable` rejects, RangeError for a price that is not
 * a whole number of minor units at least zero.
 */
export function discountOf(price: number, item: DiscountItem): number {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`price must be integer minor units ≥ 0, got ${price}`);
  if (!isCalculable(item)) throw new DiscountNotCalculable(item);
  if (item.discount_type === 'fixed') return Math.min(item.discount_amount, price);
  return Math.floor((price * item.discount_amount) / 100);
}
