/**
 * Staff cancel some or all admissions of a completed order, with a refund through the provider
 * that took the money, one made outside the system, or none (decision 017).
 *
 * One transaction cancels the admissions (a new generation each: every QR shown before is void at
 * once), gives their places back to the slot, writes the refund rows (pending for the provider,
 * succeeded for outside) and the audit entry. The provider is asked only after it commits; a
 * refund whose answer never came stays pending and is asked again by the reconciler under the same
 * idempotency key. The order is locked first, then its admissions, as a date change takes them.
 */
import type {
  CancellableAdmission,
  CancellationBody,
  CancellationPreview,
  CancellationResult,
  OrderRefund,
} from '@storefront/domain/console/order-refunds';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { type Actor, type AuditRecord, auditedChange } from '../audit/record-audit.ts';
import { optionNames } from '../catalogue/catalogue-facts.ts';
import { endOpenChanges } from '../date-changes/end-open-changes.ts';
import type { CancellationNotice, CancellationNotices } from '../mail/enqueue-order-change-mail.ts';
import { findCompletedOrder, lockOrder, type OrderRow } from '../orders/completed-orders.ts';
import {
  findOrderRefund,
  keptPayments,
  listOrderRefunds,
  type OrderRefundView,
  type RefundRow,
  refundableOfOrder,
} from '../payments/order-refunds.ts';
import {
  type RefundDeps,
  type RefundRequester,
  recordOrderRefund,
  reopenRefund,
  settleRefund,
} from '../payments/refund-order.ts';
import type { Site } from '../sites/site.ts';
import { unsellPlaces } from '../stock/sell-places.ts';
import { cancelAdmissions, chooseAdmissions } from '../tickets/cancel-admissions.ts';
import type { TicketRow } from '../tickets/order-tickets.ts';

export type OrderRefundDeps = {
  refunds: RefundDeps;
  /** After places went back to a slot: availability is read again. */
  onStockChanged?: () => void;
  /** Tells the visitor of a cancellation in its transaction (the mail module); without it, no mail. */
  notices?: CancellationNotices | undefined;
};

/** The completed order of this venue, locked when asked; 404 for any other. */
export async function venueOrder(
  db: Database,
  venue: Site,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<OrderRow> {
  if (options.lock) await lockOrder(db, orderId);
  const order = await findCompletedOrder(db, venue.id, orderId);
  if (!order) throw specError('not found', { message: 'there is no such completed order at this venue' });
  return order;
}

/**
 * Each admission's share of the order's total: its option's kept unit price as a weight (all
 * alike when none has a price), the total (set products and discounts included) shared out in
 * position order with cumulative rounding, so the shares add up to the total exactly.
 */
export function admissionShares(order: Pick<OrderRow, 'total' | 'optionValues'>, admissions: TicketRow[]): Map<string, number> {
  const priceOf = new Map(order.optionValues.map((o) => [o.option_value_id, o.unit_price ?? 0]));
  const sorted = [...admissions].sort((a, b) => a.position - b.position);
  let weights = sorted.map((a) => Math.max(0, priceOf.get(a.optionId) ?? 0));
  if (weights.every((w) => w === 0)) weights = weights.map(() => 1);
  const whole = weights.reduce((sum, w) => sum + w, 0);
  const shares = new Map<string, number>();
  let before = 0;
  let cumulative = 0;
  sorted.forEach((admission, index) => {
    cumulative += weights[index] ?? 0;
    const upTo = whole === 0 ? 0 : Math.floor((order.total * cumulative) / whole);
    shares.set(admission.id, upTo - before);
    before = upTo;
  });
  return shares;
}

export const presentRefund = (r: OrderRefundView | (RefundRow & { paymentNumber?: string | null })): OrderRefund => ({
  id: r.id,
  kind: r.kind,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  reason: r.reason,
  payment_number: r.paymentNumber ?? null,
  failure_reason: r.failureReason,
  requested_by: r.requestedBy,
  created_at: r.createdAt.toISOString(),
  settled_at: r.settledAt?.toISOString() ?? null,
});

/** What cancelling `chosen` (every admission still valid when none named) would do, changing nothing. */
export async function previewCancellation(
  db: Database,
  venue: Site,
  orderId: string,
  chosen: string[] | undefined,
): Promise<CancellationPreview> {
  const order = await venueOrder(db, venue, orderId);
  const { admissions, targets } = await chooseAdmissions(db, order.id, chosen ?? 'all');
  const shares = admissionShares(order, admissions);
  const kept = await keptPayments(db, order.id);
  const refundable = await refundableOfOrder(db, kept, order.id);
  const names = await optionNames(
    db,
    admissions.map((a) => a.optionId),
  );
  const chosenIds = new Set(targets.map((t) => t.id));
  const listed: CancellableAdmission[] = admissions.map((a) => ({
    id: a.id,
    position: a.position,
    option_name: names.get(a.optionId) ?? {},
    status: a.status,
    cancellable: a.status === 'valid',
    share: shares.get(a.id) ?? 0,
  }));
  const proposed = targets.reduce((sum, t) => sum + (shares.get(t.id) ?? 0), 0);
  return {
    order_id: order.id,
    reservation_number: order.reservationNumber,
    currency: venue.currency,
    total: order.total,
    admissions: listed,
    chosen: [...chosenIds],
    whole_order: admissions.every((a) => a.status === 'cancelled' || chosenIds.has(a.id)),
    proposed_amount: Math.min(proposed, refundable),
    refundable,
    payments: kept.map((p) => ({
      payment_number: p.paymentNumber,
      provider: p.provider,
      method: p.method,
      amount: p.amount,
      refundable: p.refundable,
    })),
  };
}

/** The payment number each of an order's refunds went back through, by refund id. */
async function paymentNumbersOf(db: Database, orderId: string): Promise<Map<string, string | null>> {
  return new Map((await listOrderRefunds(db, orderId)).map((r) => [r.id, r.paymentNumber]));
}

/**
 * Asks the providers for the refunds just written; a pending answer stays for the reconciler. The
 * visitor hears of a failure; of a success only with `tell: 'success'` (a refund on its own).
 */
export async function settleRefunds(
  db: Database,
  deps: OrderRefundDeps,
  written: RefundRow[],
  options: { tell?: 'failure' | 'success' } = {},
): Promise<RefundRow[]> {
  const settled: RefundRow[] = [];
  for (const refund of written) {
    settled.push(refund.status === 'pending' ? ((await settleRefund(db, deps.refunds, refund.id, options)) ?? refund) : refund);
  }
  return settled;
}

/** The visitor's one mail about a cancellation and its refund, in the cancellation's transaction; null when none is written. */
export function tellCancellation(
  tx: Database,
  deps: Pick<OrderRefundDeps, 'notices'>,
  venue: Site,
  done: CancellationDone,
  more: Pick<CancellationNotice, 'by' | 'fee' | 'message' | 'lang'>,
): Promise<{ id: string } | null> {
  if (!deps.notices) return Promise.resolve(null);
  return deps.notices.cancelled(tx, {
    site: venue,
    orderId: done.order.id,
    cancelled: done.cancelled,
    remaining: done.admissions.filter((a) => a.status === 'valid').length,
    refunds: done.written,
    ...more,
  });
}

/** What a cancellation gives back: an amount staff chose, or the cancelled admissions' shares less a fee. */
type CancellationRefund = CancellationBody['refund'] | { mode: 'shares'; fee: number };

export type CancellationRequest = {
  tickets: CancellationBody['tickets'];
  refund: CancellationRefund;
  reason: string;
  requester: RefundRequester;
};

export type CancellationDone = {
  order: OrderRow;
  cancelled: TicketRow[];
  admissions: TicketRow[];
  wholeOrder: boolean;
  written: RefundRow[];
};

/**
 * Cancels admissions of the venue's completed order in the caller's transaction (decision 017):
 * the order locked, then its admissions; a date change left pending given up; the places back to
 * the slot exactly once; the refund rows written. The provider is asked after it commits
 * (`settleRefunds`).
 */
export async function cancelInTransaction(
  tx: Database,
  venue: Site,
  orderId: string,
  request: CancellationRequest,
): Promise<CancellationDone> {
  const order = await venueOrder(tx, venue, orderId, { lock: true });
  const { cancelled, admissions, wholeOrder } = await cancelAdmissions(tx, order.id, request.tickets);
  // A date change the visitor left pending can no longer complete: its held places go back now.
  await endOpenChanges(tx, order.id);
  // The places go back exactly once: only admissions this call moved from valid count, under their lock.
  const givenBack = await unsellPlaces(tx, {
    timeSpanId: order.timeSpanId,
    quantity: cancelled.length,
    setProducts: wholeOrder ? order.setProducts : [],
  });
  if (!givenBack) throw new Error(`the slot ${order.timeSpanId} does not hold the places of order ${order.id}`);
  const { refund } = request;
  const common = { orderId: order.id, siteId: venue.id, currency: venue.currency, reason: request.reason, ...request.requester };
  let written: RefundRow[] = [];
  if (refund.mode === 'shares') {
    const shares = admissionShares(order, admissions);
    const owed = cancelled.reduce((sum, t) => sum + (shares.get(t.id) ?? 0), 0) - refund.fee;
    written = await recordOrderRefund(tx, { ...common, mode: 'provider', amount: Math.max(0, owed), asMuchAsLeft: true });
  } else if (refund.mode !== 'none') {
    written = await recordOrderRefund(tx, { ...common, mode: refund.mode, amount: refund.amount });
  }
  return { order, cancelled, admissions, wholeOrder, written };
}

/**
 * The audit entry of a cancellation, whoever asked for it: the admissions, the places and set
 * products given back, the refund, and what the caller adds (the reason, the job, the mail).
 */
export function cancellationAudit(
  venue: Site,
  done: CancellationDone,
  action: string,
  refund: Record<string, unknown>,
  more: Record<string, unknown>,
): AuditRecord {
  return {
    venue: { id: venue.id, code: venue.code },
    objectType: 'order',
    objectId: done.order.id,
    action,
    changes: {
      reservation_number: done.order.reservationNumber,
      tickets: done.cancelled.map((t) => t.id),
      positions: done.cancelled.map((t) => t.position),
      places_given_back: done.cancelled.length,
      set_products_given_back: done.wholeOrder ? done.order.setProducts : [],
      refund: { ...refund, refunds: done.written.map((r) => r.id) },
      ...more,
    },
  };
}

export async function cancelOrderAdmissions(
  db: Database,
  deps: OrderRefundDeps,
  actor: Actor,
  venue: Site,
  orderId: string,
  body: CancellationBody,
): Promise<CancellationResult> {
  const done = await auditedChange(
    db,
    actor,
    async (tx) => {
      const cancelled = await cancelInTransaction(tx, venue, orderId, {
        tickets: body.tickets,
        refund: body.refund,
        reason: body.reason,
        requester: { requestedBy: 'staff', staffId: actor.id },
      });
      // One mail for the cancellation and its refund, with the change.
      const mail = await tellCancellation(tx, deps, venue, cancelled, { by: 'staff', fee: 0, message: null });
      return { ...cancelled, mail };
    },
    (done) =>
      cancellationAudit(
        venue,
        done,
        'admissions_cancelled',
        { mode: body.refund.mode, amount: body.refund.amount },
        { reason: body.reason, mail: done.mail?.id ?? null },
      ),
  );
  deps.onStockChanged?.();
  if (done.mail) deps.notices?.queued();
  const refunds = await settleRefunds(db, deps, done.written);
  const numbers = await paymentNumbersOf(db, orderId);
  return {
    cancelled: done.cancelled.map((t) => t.id),
    places_given_back: done.cancelled.length,
    refunds: refunds.map((r) => presentRefund({ ...r, paymentNumber: numbers.get(r.id) ?? null })),
  };
}

/** Asks again for a failed refund (a fresh key) or a pending one (its own key), audited. */
export async function retryOrderRefund(
  db: Database,
  deps: OrderRefundDeps,
  actor: Actor,
  venue: Site,
  orderId: string,
  refundId: string,
): Promise<OrderRefund> {
  const { refund: reopened, wasFailed } = await auditedChange(
    db,
    actor,
    async (tx) => {
      const order = await venueOrder(tx, venue, orderId, { lock: true });
      const before = await findOrderRefund(tx, order.id, refundId);
      return { order, refund: await reopenRefund(tx, order.id, refundId), wasFailed: before?.status === 'failed' };
    },
    ({ order, refund }) => ({
      venue: { id: venue.id, code: venue.code },
      objectType: 'refund',
      objectId: refund.id,
      action: 'refund_retried',
      changes: { order_id: order.id, reservation_number: order.reservationNumber, amount: refund.amount },
    }),
  );
  // A failed refund made again: the visitor, told it failed, hears when the money goes back. One
  // still pending is the one their cancellation's mail told of: only its failure is news.
  const [settled] = await settleRefunds(db, deps, [reopened], { tell: wasFailed ? 'success' : 'failure' });
  const numbers = await paymentNumbersOf(db, orderId);
  const row = settled ?? reopened;
  return presentRefund({ ...row, paymentNumber: numbers.get(row.id) ?? null });
}
