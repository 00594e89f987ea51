/**
 * Whether a coupon may be applied to an order: the coupon errors of SPEC §8 as rules. The server
 * decides with these; the texts returned are the exact `error` of the SPEC §7 error body.
 */
import type { DiscountType } from '../constants.ts';
import type { ServerError } from '../errors/catalogue.ts';
import { isCalculable } from './discount.ts';

export type CouponFacts = {
  id: number;
  code: string;
  discountType: DiscountType;
  discountAmount: number;
  /** First visit date covered, yyyy-MM-dd, inclusive. */
  coverageFrom: string;
  /** Last visit date covered, yyyy-MM-dd, inclusive. */
  coverageTo: string;
  /** ISO instant from which the code is no longer accepted. */
  expiresAt: string;
  channels: string[];
  /** Uses allowed over all orders; null for no limit. */
  usageLimit: number | null;
  usedCount: number;
  /** Invitations may be combined only within one campaign. */
  campaign: string | null;
  isInvitation: boolean;
  isActive: boolean;
  /** Products the coupon applies to; null for every product. */
  productIds: number[] | null;
};

export type CouponContext = {
  now: Date;
  /** The visit date of the order, yyyy-MM-dd. */
  visitDate: string;
  channel: string;
  productId: number;
  /** Coupons already on the order. */
  applied: CouponFacts[];
  /** Admission tickets on the order. */
  admissions: number;
  subtotal: number;
  /** The total after the discounts already applied. */
  remainingTotal: number;
  /** Checking for a date change, which has its own texts for expiry and coverage. */
  isDateChange: boolean;
};

/**
 * Expired once `now` reaches `expiresAt`. An `expiresAt` that does not parse counts as expired:
 * a coupon nobody can date is not one to accept.
 */
function isExpired(coupon: CouponFacts, now: Date): boolean {
  return !(now.getTime() < Date.parse(coupon.expiresAt));
}

/** yyyy-MM-dd strings order as the dates they name, so plain comparison is enough. */
function isCovered(coupon: CouponFacts, visitDate: string): boolean {
  return coupon.coverageFrom <= visitDate && visitDate <= coupon.coverageTo;
}

/** The expiry or coverage failure of one coupon at a date, in the wording of an order or a date change. */
function dateError(coupon: CouponFacts, now: Date, visitDate: string, isDateChange: boolean): ServerError | null {
  if (isExpired(coupon, now)) return isDateChange ? 'time_change: expired coupon' : 'expired coupon';
  if (!isCovered(coupon, visitDate)) return isDateChange ? 'time_change: out of coverage dates' : 'out of coverage dates';
  return null;
}

/**
 * The first rule `coupon` breaks on the order described by `context`, or null when it may be applied.
 * Rules are checked in this order, so the customer hears about the most basic problem first:
 * existence, active, expiry, coverage, channel, usage limit, product, duplicates and combinations,
 * number of invitations, then whether anything is left to discount.
 */
export function checkCoupon(coupon: CouponFacts | null, context: CouponContext): ServerError | null {
  if (coupon === null) return 'coupon_code does not exist';
  if (!coupon.isActive) return 'coupon not available';

  const dated = dateError(coupon, context.now, context.visitDate, context.isDateChange);
  if (dated) return dated;

  if (!coupon.channels.includes(context.channel)) return 'invalid channel';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'coupon limit reached';
  if (coupon.productIds !== null && !coupon.productIds.includes(context.productId)) {
    return 'coupon cannot be applied to specified order';
  }

  const combination = combinationError(coupon, context.applied);
  if (combination) return combination;

  const invitations = context.applied.filter((applied) => applied.isInvitation).length + (coupon.isInvitation ? 1 : 0);
  if (invitations > context.admissions) return 'invitation codes exceeding tickets';

  if (context.remainingTotal <= 0) return 'no further discounts';
  const item = { discount_type: coupon.discountType, discount_amount: coupon.discountAmount };
  if (!isCalculable(item) || coupon.discountAmount <= 0 || context.subtotal <= 0) return 'discount not calculable';
  return null;
}

/**
 * An order holds either one regular coupon or invitations of one campaign, each once
 * (invitations are counted against admissions separately).
 */
function combinationError(coupon: CouponFacts, applied: CouponFacts[]): ServerError | null {
  if (applied.some((other) => other.id === coupon.id)) {
    return coupon.isInvitation ? 'duplicate invitation code' : 'multiple flat or fixed discount coupons';
  }
  if (!coupon.isInvitation && applied.some((other) => !other.isInvitation)) return 'multiple flat or fixed discount coupons';
  if (applied.some((other) => other.isInvitation !== coupon.isInvitation)) return 'invitation with flat coupon';
  if (coupon.isInvitation && applied.some((other) => other.isInvitation && other.campaign !== coupon.campaign)) {
    return 'different campaigns';
  }
  return null;
}

/**
 * For a date change: the first coupon already on the order that has expired by `now` or does not
 * cover the new `visitDate`, as its time_change error, or null when every coupon still holds.
 * Coupons are checked in the order given, expiry before coverage for each.
 */
export function checkCouponsAtDate(
  coupons: CouponFacts[],
  context: Pick<CouponContext, 'now' | 'visitDate'>,
): ServerError | null {
  for (const coupon of coupons) {
    const error = dateError(coupon, context.now, context.visitDate, true);
    if (error) return error;
  }
  return null;
}
