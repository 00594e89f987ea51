/**
 * Date change (SPEC §2 change-date routes, §4 change-date flow): which tickets a visitor may move
 * to another date or slot, and what the move costs. Pure rules; the server decides with them and
 * the storefront explains with them.
 */
import type { ServerError } from './errors/catalogue.ts';

/** What happens when the new selection costs less than what was paid (explicit per site). */
export const CHEAPER_CHANGE_POLICIES = ['no_refund', 'refund_difference'] as const;
export type CheaperChangePolicy = (typeof CHEAPER_CHANGE_POLICIES)[number];

/** A venue's date-change rules (the site setting `time_change`). */
export type DateChangeSettings = {
  /** Whether visitors may change their own tickets at all. */
  isEnabled: boolean;
  /** Keys of the products whose tickets may change; null: every product of the site. */
  productKeys: string[] | null;
  /** A change must be made at least this many minutes before the ticket's current slot starts. */
  deadlineMinutes: number;
  /** Charged for each admission moved, in minor units, on top of any price difference. */
  feePerAdmission: number;
  /** A cheaper new selection: keep the difference (no_refund) or give it back (refund_difference). */
  cheaperNewSlot: CheaperChangePolicy;
  /**
   * Payment methods the venue ran a discount campaign with (cashback and the like, paid by the
   * wallet): tickets paid with one of them keep their date.
   */
  discountedPaymentMethods: string[];
};

/** Settings of a site that says nothing: changes allowed up to a day before, free, no refunds. */
export const DEFAULT_DATE_CHANGE_SETTINGS: DateChangeSettings = {
  isEnabled: true,
  productKeys: null,
  deadlineMinutes: 24 * 60,
  feePerAdmission: 0,
  cheaperNewSlot: 'no_refund',
  discountedPaymentMethods: [],
};

/** Time change status of SPEC §4 (pending, expired, waiting) and how a change ends. */
export const DATE_CHANGE_STATUSES = ['pending', 'waiting', 'completed', 'expired', 'cancelled'] as const;
export type DateChangeStatus = (typeof DATE_CHANGE_STATUSES)[number];

/** The ticket as the change rules see it. */
export type ChangeableTicket = {
  productKey: string;
  /** The sales channel it was bought on; only web tickets are the visitor's to change. */
  channel: string;
  paymentMethod: string | null;
  /** Whether the page is the reservation holder's (a receiver of a share cannot move the party). */
  isHolder: boolean;
  /** Admissions already used at the gate, or cancelled. */
  usedOrCancelled: number;
  /** Admissions handed to someone else through a share. */
  sharedAway: number;
  /** Start of the ticket's current slot. */
  startsAt: Date;
};

/** Why a ticket cannot change now, as the SPEC §8 error text, or null when it may. */
export function changeRefusal(settings: DateChangeSettings, ticket: ChangeableTicket, now: Date): ServerError | null {
  if (!settings.isEnabled) return 'cannot change ticket';
  if (settings.productKeys !== null && !settings.productKeys.includes(ticket.productKey)) return 'cannot change ticket';
  if (ticket.channel !== 'web' || !ticket.isHolder) return 'cannot change ticket';
  if (ticket.usedOrCancelled > 0 || ticket.sharedAway > 0) return 'cannot change ticket';
  if (now.getTime() > changeDeadline(settings, ticket.startsAt).getTime()) return 'cannot change ticket';
  if (ticket.paymentMethod !== null && settings.discountedPaymentMethods.includes(ticket.paymentMethod)) {
    return 'cannot change ticket because payment method discount';
  }
  return null;
}

/** The last moment a ticket of a slot starting at `startsAt` may change. */
export function changeDeadline(settings: DateChangeSettings, startsAt: Date): Date {
  return new Date(startsAt.getTime() - settings.deadlineMinutes * 60_000);
}

/** What a change costs or gives back, in minor units. */
export type ChangeAmounts = {
  /** What the ticket is worth as paid so far (the order's total). */
  paid: number;
  /** The same selection priced at the new date, coupons re-checked. */
  newTotal: number;
  fee: number;
  /** To pay now (0 when nothing is owed). */
  toPay: number;
  /** Given back to the original payment (0 unless the site refunds the difference). */
  toRefund: number;
  /** What the ticket is worth as paid after the change. */
  resultingTotal: number;
};

/**
 * The money of a change: the new price plus the fee against what was paid, netted into one
 * movement. A cheaper change refunds or keeps the difference by the site's policy; money kept
 * stays the ticket's worth, so a later change back to the dearer slot costs only the fee.
 */
export function changeAmounts(
  settings: Pick<DateChangeSettings, 'feePerAdmission' | 'cheaperNewSlot'>,
  input: { paid: number; newTotal: number; admissions: number },
): ChangeAmounts {
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be an integer ≥ 0, got ${value}`);
  }
  const fee = settings.feePerAdmission * input.admissions;
  const net = input.newTotal + fee - input.paid;
  const toPay = Math.max(net, 0);
  const toRefund = net < 0 && settings.cheaperNewSlot === 'refund_difference' ? -net : 0;
  return {
    paid: input.paid,
    newTotal: input.newTotal,
    fee,
    toPay,
    toRefund,
    resultingTotal: input.paid + toPay - toRefund - fee,
  };
}
