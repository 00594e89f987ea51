/**
 * A visitor cancels their own booking from the ticket page, where the product allows it (its
 * `self_cancel` rule: until some hours before the slot starts, a fee per order kept).
 *
 * Only the holder's own reservation token may cancel, never a share's: the booking is the holder's
 * (decision 010), and a receiver is refused as for sending or sharing (`record not found`). The
 * whole booking goes: every admission of the order still valid. One transaction locks the order,
 * then its admissions (as staff's cancellation and a date change take them), decides under those
 * locks, cancels through `cancelInTransaction` (places back once, refund rows for the shares less
 * the fee), writes the mail into the outbox and the audit entry naming the visitor. Two cancels at
 * once: the second finds nothing left. A cancel and a check-in at once: the admissions' locks put
 * them one after the other, and the later one is refused (`visit begun`, or the gate's `invalid`).
 */

import type { SelfCancelOffer, SelfCancelResult } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import { isoInZone } from '@storefront/domain/dates';
import type { SelfCancelRefusal } from '@storefront/domain/errors/catalogue';
import { type SelfCancelRule, selfCancelDeadline, selfCancelRefund, selfCancelRefusal } from '@storefront/domain/self-cancel';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/tokens.ts';
import { type Actor, auditedChange } from '../audit/record-audit.ts';
import { findProductById, findSlot } from '../catalogue/catalogue-facts.ts';
import { lockOrder } from '../orders/completed-orders.ts';
import { keptPayments, refundableOfOrder } from '../payments/order-refunds.ts';
import type { Site } from '../sites/site.ts';
import { type Access, findAccess, listOrderTickets, type OrderRow, type TicketRow } from '../tickets/order-tickets.ts';
import {
  admissionShares,
  cancelInTransaction,
  cancellationAudit,
  type OrderRefundDeps,
  settleRefunds,
  tellCancellation,
} from './cancel-order-admissions.ts';

export type VisitorCancellationDeps = OrderRefundDeps;

/** The product's rule, or null where its visitors may not cancel. */
async function ruleOf(db: Database, productId: number): Promise<SelfCancelRule | null> {
  const product = await findProductById(db, productId);
  if (!product || product.selfCancelHoursBefore === null) return null;
  return { hoursBefore: product.selfCancelHoursBefore, fee: product.selfCancelFee };
}

/** What the provider can still give back on the order: what is left unrefunded, through a provider. */
async function refundableThroughProvider(db: Database, orderId: string): Promise<number> {
  const kept = await keptPayments(db, orderId);
  const left = await refundableOfOrder(db, kept, orderId);
  const reachable = kept.filter((p) => p.provider !== 'free').reduce((sum, p) => sum + p.refundable, 0);
  return Math.min(left, reachable);
}

type Standing = {
  refusal: SelfCancelRefusal | null;
  /** The admissions a cancellation would take, and their shares of what was paid. */
  valid: TicketRow[];
  shares: number;
  startsAt: Date;
  date: string;
  isAllDay: boolean;
};

/** Where the booking stands against the rule, from the order's admissions as given. */
async function standingOf(
  db: Database,
  order: OrderRow,
  rule: SelfCancelRule,
  admissions: TicketRow[],
  now: Date,
): Promise<Standing> {
  const slot = await findSlot(db, order.timeSpanId);
  if (!slot) throw specError('ticket not found');
  const valid = admissions.filter((a) => a.status === 'valid');
  const used = admissions.filter((a) => a.status === 'used').length;
  const shareOf = admissionShares(order, admissions);
  return {
    refusal: selfCancelRefusal(rule, { startsAt: slot.startsAt, valid: valid.length, used }, now),
    valid,
    shares: valid.reduce((sum, a) => sum + (shareOf.get(a.id) ?? 0), 0),
    startsAt: slot.startsAt,
    date: slot.date,
    isAllDay: slot.productType !== 'time',
  };
}

/** What the ticket page tells its holder; null for a receiver and where the product has no rule. */
export async function selfCancelOffer(
  db: Database,
  venue: Site,
  access: Access,
  now = clock.now(),
): Promise<SelfCancelOffer | null> {
  if (access.shareId !== null) return null;
  const rule = await ruleOf(db, access.order.productId);
  if (!rule) return null;
  const standing = await standingOf(db, access.order, rule, await listOrderTickets(db, access.order.id), now);
  const refund =
    standing.valid.length === 0
      ? 0
      : selfCancelRefund(standing.shares, rule.fee, await refundableThroughProvider(db, access.order.id));
  return {
    isOpen: standing.refusal === null,
    refusal: standing.refusal,
    until: isoInZone(selfCancelDeadline(rule, standing.startsAt), venue.timeZone),
    fee: rule.fee,
    refund,
    admissions: standing.valid.length,
  };
}

/** `POST tickets/{token}/cancel`: the holder cancels the whole booking. */
export async function cancelOwnBooking(
  db: Database,
  deps: VisitorCancellationDeps,
  venue: Site,
  token: string,
  request: { lang?: LanguageCode | undefined; clientIp: string | null },
  now = clock.now(),
): Promise<SelfCancelResult> {
  const actor: Actor = { type: 'visitor', id: null, label: 'visitor (ticket page)', clientIp: request.clientIp };
  const done = await auditedChange(
    db,
    actor,
    async (tx) => {
      const access = await findAccess(tx, venue.id, hashToken(token));
      if (!access) throw specError('ticket not found', { message: 'there is no ticket with this token' });
      if (access.shareId !== null)
        throw specError('record not found', { message: 'only the reservation holder can cancel the booking' });
      // The order, then its admissions: the locks every cancellation and date change take in this order.
      await lockOrder(tx, access.order.id);
      const rule = await ruleOf(tx, access.order.productId);
      if (!rule) throw refused('not allowed');
      const admissions = await listOrderTickets(tx, access.order.id, { lock: true });
      const standing = await standingOf(tx, access.order, rule, admissions, now);
      if (standing.refusal) throw refused(standing.refusal);
      const cancelled = await cancelInTransaction(tx, venue, access.order.id, {
        tickets: 'all',
        refund: { mode: 'shares', fee: rule.fee },
        reason: 'cancelled by the visitor on the ticket page',
        requester: { requestedBy: 'visitor', staffId: null },
      });
      const refunded = cancelled.written.reduce((sum, r) => sum + r.amount, 0);
      const mail = await tellCancellation(tx, deps, venue, cancelled, {
        by: 'visitor',
        fee: Math.min(rule.fee, standing.shares),
        message: null,
        lang: request.lang,
      });
      return { ...cancelled, rule, refunded, mail, shares: standing.shares };
    },
    (done) =>
      cancellationAudit(
        venue,
        done,
        'cancelled_by_visitor',
        { mode: 'shares', fee: done.rule.fee, amount: done.refunded },
        { mail: done.mail?.id ?? null },
      ),
  );
  deps.onStockChanged?.();
  if (done.mail) deps.notices?.queued();
  await settleRefunds(db, deps, done.written);
  return {
    cancelled: done.cancelled.length,
    refund: done.refunded,
    fee: Math.min(done.rule.fee, done.shares),
    currency: venue.currency,
  };
}

const REFUSAL_MESSAGES: Record<SelfCancelRefusal, string> = {
  'not allowed': 'the venue does not let visitors cancel this booking online',
  'deadline passed': 'the time for cancelling this booking online has passed',
  'nothing to cancel': 'no admission of this booking is left to cancel',
  'visit begun': 'an admission of this booking was used at the gate',
};

/** A refusal: the request was well formed, but the booking's state does not allow it (409). */
const refused = (reason: SelfCancelRefusal) => specError('conflict', { reason, message: REFUSAL_MESSAGES[reason] });
