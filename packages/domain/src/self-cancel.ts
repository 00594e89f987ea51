/**
 * A visitor cancels their own booking from the ticket page, where the venue allows it for the
 * product: until a number of hours before the slot starts, with a fee per order kept from the
 * refund. Pure rules; the server decides with them and the storefront explains with them.
 */
import type { SelfCancelRefusal } from './errors/catalogue.ts';

/** A product's rule; a product without one (null) never lets visitors cancel. */
export type SelfCancelRule = {
  /** Cancelling is possible until this many hours before the slot starts. */
  hoursBefore: number;
  /** Kept from the refund, once per order, in minor units. */
  fee: number;
};

/** The most hours before a slot a rule may name: a year. */
export const MAX_SELF_CANCEL_HOURS = 24 * 366;

/** The last moment a booking of a slot starting at `startsAt` may be cancelled by its visitor. */
export function selfCancelDeadline(rule: SelfCancelRule, startsAt: Date): Date {
  return new Date(startsAt.getTime() - rule.hoursBefore * 3_600_000);
}

/** The booking as the rule sees it, read under the order's lock when it is about to change. */
export type CancellableBooking = {
  startsAt: Date;
  /** Admissions of the order still valid (shared away or not). */
  valid: number;
  /** Admissions already used at the gate. */
  used: number;
};

/** Why the visitor cannot cancel now, or null when they may. */
export function selfCancelRefusal(rule: SelfCancelRule | null, booking: CancellableBooking, now: Date): SelfCancelRefusal | null {
  if (rule === null) return 'not allowed';
  if (booking.used > 0) return 'visit begun';
  if (booking.valid === 0) return 'nothing to cancel';
  if (now.getTime() > selfCancelDeadline(rule, booking.startsAt).getTime()) return 'deadline passed';
  return null;
}

/**
 * What the visitor gets back: the cancelled admissions' shares of what was paid, less the fee,
 * never below nothing and never more than is left unrefunded on the order.
 */
export function selfCancelRefund(shares: number, fee: number, refundable: number): number {
  return Math.max(0, Math.min(shares - fee, refundable));
}
