/**
 * One order as staff see it: what was bought, its admissions, payments and refunds, and a
 * timeline of everything recorded about it, in time order. Every module's records are read
 * through that module's public read file; nothing here is stored twice.
 */

import type {
  HoldOutcome,
  OrderDetail,
  OrderLine,
  OrderStanding,
  TimelineEntry,
  TimelineKind,
} from '@storefront/domain/console/order-detail';
import { refundStanding, TIMELINE_KINDS } from '@storefront/domain/console/order-detail';
import { DISPLAY_TIME_ZONE, LANGUAGE_CODES } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listObjectAudit } from '../audit/object-audit.ts';
import { findSlot, listProductSetProducts, optionNames, productNames } from '../catalogue/catalogue-facts.ts';
import { paymentMethodLabels } from '../catalogue/payment-method-labels.ts';
import { listOrderDateChanges } from '../date-changes/order-date-changes.ts';
import { listOrderMails } from '../mail/order-mails.ts';
import { findPlacedOrder, type PlacedOrder } from '../orders/placed-order.ts';
import { listOrderPaymentEvents, listOrderPayments, listOrderRefunds } from '../payments/order-payment-history.ts';
import type { Site } from '../sites/site.ts';
import { listOwnerHolds, type OrderHold } from '../stock/order-holds.ts';
import { listOrderAdmissions, listOrderCheckIns, listOrderShares } from '../tickets/order-ticket-history.ts';
import { orderNotes } from './customer-service.schema.ts';

/**
 * A hold that ended in the transaction that completed its owner (the order, or a date change)
 * was sold with it; any other ended hold gave its places back. The order's completion and the
 * sale share the transaction's clock; a date change's completion time is taken a moment later in
 * the same transaction, hence the margin.
 */
const SOLD_WITHIN_MS = 5_000;

function holdOutcome(hold: OrderHold, completedAt: Date | null): HoldOutcome {
  if (!hold.releasedAt || !completedAt) return 'released';
  return Math.abs(completedAt.getTime() - hold.releasedAt.getTime()) <= SOLD_WITHIN_MS ? 'sold' : 'released';
}

/** Audit actions whose record the timeline already shows in its own entry (a note's text). */
const SHOWN_ELSEWHERE = new Set(['note added']);

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

type Detail = TimelineEntry['detail'];

function entry(at: Date, kind: TimelineKind, detail: Detail, options: { actor?: string | null; mailId?: string } = {}) {
  return { at: iso(at), kind, actor: options.actor ?? null, detail, mail_id: options.mailId ?? null };
}

/** The slot's date and its times at the venue (none for a product without times). */
async function slotOf(db: Database, timeSpanId: number) {
  const slot = await findSlot(db, timeSpanId);
  if (!slot) return { id: timeSpanId, productType: null, date: '', start_time: null, end_time: null };
  const timed = slot.productType === 'time';
  return {
    id: timeSpanId,
    productType: slot.productType,
    date: slot.date,
    start_time: timed ? timeOfDayIn(slot.startsAt, DISPLAY_TIME_ZONE) : null,
    end_time: timed ? timeOfDayIn(slot.endsAt, DISPLAY_TIME_ZONE) : null,
  };
}

async function linesOf(db: Database, order: PlacedOrder): Promise<OrderLine[]> {
  const options = await optionNames(
    db,
    order.optionValues.map((o) => o.option_value_id),
  );
  const sets = new Map((await listProductSetProducts(db, order.productId)).map((s) => [s.id, s.name]));
  const line = (kind: OrderLine['kind'], id: number, name: Record<string, string>, quantity: number, price?: number) => ({
    kind,
    id,
    name,
    quantity,
    unit_price: price ?? null,
    amount: price === undefined ? null : price * quantity,
  });
  return [
    ...order.optionValues
      .filter((o) => o.quantity > 0)
      .map((o) => line('option', o.option_value_id, options.get(o.option_value_id) ?? {}, o.quantity, o.unit_price)),
    ...order.setProducts
      .filter((s) => s.quantity > 0)
      .map((s) => line('set_product', s.set_product_id, sets.get(s.set_product_id) ?? {}, s.quantity, s.unit_price)),
  ];
}

/**
 * Where the order stands now: cancelled admissions against the ones bought, and the money kept —
 * what its kept payments took less the refunds that did not fail (a pending one is on its way).
 */
function standingOf(
  admissions: { status: 'valid' | 'used' | 'cancelled' }[],
  payments: { status: string; completedAt: Date | null; amount: number }[],
  refunds: { status: 'pending' | 'succeeded' | 'failed'; amount: number }[],
): OrderStanding {
  const count = (status: string) => admissions.filter((a) => a.status === status).length;
  const cancelled = count('cancelled');
  const sum = (status: string) => refunds.filter((r) => r.status === status).reduce((total, r) => total + r.amount, 0);
  const paid = payments
    .filter((p) => p.completedAt !== null && p.status === 'captured')
    .reduce((total, p) => total + p.amount, 0);
  const pending = sum('pending');
  const refunded = sum('succeeded') + pending;
  const failed = sum('failed');
  return {
    status: cancelled === 0 ? 'completed' : cancelled === admissions.length ? 'cancelled' : 'partly_cancelled',
    refund_status: refundStanding({ paid, succeeded: sum('succeeded'), pending, failed }),
    admissions: { total: admissions.length, standing: admissions.length - cancelled, used: count('used'), cancelled },
    paid,
    refunded,
    refund_pending: pending,
    refund_failed: failed,
    kept: paid - refunded,
  };
}

/** Each method's name in every language, as the venue's shop shows it to its visitors. */
async function methodNames(db: Database, siteId: number, methods: string[]): Promise<Record<string, Record<string, string>>> {
  const names: Record<string, Record<string, string>> = {};
  if (methods.length === 0) return names;
  for (const lang of LANGUAGE_CODES) {
    const { labels } = await paymentMethodLabels(db, siteId, lang, methods);
    for (const method of methods) {
      const label = labels.get(method);
      if (label) names[method] = { ...names[method], [lang]: label };
    }
  }
  return names;
}

export async function readOrderDetail(db: Database, site: Site, orderId: string): Promise<OrderDetail | null> {
  const order = await findPlacedOrder(db, site.id, orderId);
  if (!order) return null;
  const [product, slot, lines, admissions, payments, events, refunds, mails, shares, checkIns, changes, notes, audit] =
    await Promise.all([
      productNames(db, [order.productId]).then((names) => names.get(order.productId) ?? {}),
      slotOf(db, order.timeSpanId),
      linesOf(db, order),
      listOrderAdmissions(db, order.id),
      listOrderPayments(db, order.id),
      listOrderPaymentEvents(db, order.id),
      listOrderRefunds(db, order.id),
      listOrderMails(db, order.id),
      listOrderShares(db, order.id),
      listOrderCheckIns(db, order.id),
      listOrderDateChanges(db, order.id),
      db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
      listObjectAudit(db, 'order', order.id),
    ]);

  // The places held for the order and for its date changes (each change holds under its own id).
  const holds = await listOwnerHolds(db, [order.id, ...changes.map((c) => c.id)]);
  const completionOf = new Map<string, Date | null>([
    [order.id, order.completedAt],
    ...changes.map((c) => [c.id, c.completedAt] as const),
  ]);

  // Date changes and holds name their slots; each slot is read once.
  const slotIds = [
    ...new Set([...changes.flatMap((c) => [c.fromTimeSpanId, c.toTimeSpanId]), ...holds.map((h) => h.timeSpanId)]),
  ];
  const slots = new Map(await Promise.all(slotIds.map(async (id) => [id, await slotOf(db, id)] as const)));
  const slotDetail = (prefix: 'from' | 'to', id: number): Detail => ({
    [`${prefix}_date`]: slots.get(id)?.date ?? '',
    [`${prefix}_time`]: slots.get(id)?.start_time ?? null,
  });
  const positionOf = new Map(admissions.map((a) => [a.id, a.position]));
  const holdDetail = (hold: OrderHold): Detail => ({
    quantity: hold.quantity,
    date: slots.get(hold.timeSpanId)?.date ?? '',
    time: slots.get(hold.timeSpanId)?.start_time ?? null,
    set_product_id: hold.setProductId,
    for_date_change: hold.ownerId !== order.id,
  });

  const timeline = [
    entry(order.createdAt, 'order_created', { channel: order.channel, quantity: order.quantity }),
    entry(order.completedAt, 'order_completed', { reservation_number: order.reservationNumber, total: order.total }),
    ...holds.map((h) => entry(h.createdAt, 'hold_taken', { ...holdDetail(h), expires_at: iso(h.expiresAt) })),
    ...holds.flatMap((h) =>
      h.releasedAt
        ? [entry(h.releasedAt, 'hold_ended', { ...holdDetail(h), outcome: holdOutcome(h, completionOf.get(h.ownerId) ?? null) })]
        : [],
    ),
    ...payments.map((p) =>
      entry(p.createdAt, 'payment_started', {
        payment_number: p.paymentNumber,
        attempt: p.attempt,
        method: p.method,
        provider: p.provider,
        amount: p.amount,
        status: p.status,
        for_date_change: p.dateChangeId !== null,
      }),
    ),
    ...events.map((e) => entry(e.createdAt, 'payment_event', { payment_number: e.paymentNumber, event: e.kind })),
    ...mails.map((m) =>
      entry(
        m.createdAt,
        'mail',
        { mail_kind: m.kind, to: m.toAddress, subject: m.subject, status: m.status, sent_at: isoOrNull(m.sentAt) },
        { mailId: m.id },
      ),
    ),
    ...shares.map((s) => entry(s.createdAt, 'share_created', { quantity: s.quantity })),
    ...shares.flatMap((s) => (s.claimedAt ? [entry(s.claimedAt, 'share_claimed', { quantity: s.quantity })] : [])),
    ...checkIns.map((c) =>
      entry(c.checkedInAt, 'check_in', { position: positionOf.get(c.ticketId) ?? c.position, mode: c.mode, gate: c.gate }),
    ),
    ...changes.map((c) =>
      entry(c.createdAt, 'date_change_started', {
        status: c.status,
        ...slotDetail('from', c.fromTimeSpanId),
        ...slotDetail('to', c.toTimeSpanId),
        fee: c.fee,
        to_pay: c.toPay,
        to_refund: c.toRefund,
      }),
    ),
    ...changes.flatMap((c) =>
      c.completedAt
        ? [
            entry(c.completedAt, 'date_change_completed', {
              ...slotDetail('from', c.fromTimeSpanId),
              ...slotDetail('to', c.toTimeSpanId),
              refund_status: c.refundStatus,
            }),
          ]
        : [],
    ),
    ...refunds.map((r) =>
      entry(r.createdAt, 'refund', {
        amount: r.amount,
        status: r.status,
        refund_kind: r.kind,
        reason: r.reason,
        requested_by: r.requestedBy,
        payment_number: r.paymentNumber,
      }),
    ),
    ...notes.map((n) => entry(n.createdAt, 'note', { body: n.body }, { actor: n.staffLabel })),
    ...audit
      .filter((a) => !SHOWN_ELSEWHERE.has(a.action))
      .map((a) => entry(a.at, 'audit', { action: a.action, changes: JSON.stringify(a.changes) }, { actor: a.actorLabel })),
  ];
  // Time order; what happened at the same instant keeps the order of the kinds (created before
  // completed), its mail last. A date change's hold comes after the change starts and ends before it completes.
  const rankOf = (kind: TimelineKind) => TIMELINE_KINDS.indexOf(kind);
  const rank = (e: TimelineEntry) => {
    // A mail follows what it tells of: written in the same transaction, it shares the change's instant.
    if (e.kind === 'mail') return TIMELINE_KINDS.length;
    if (e.detail.for_date_change !== true) return rankOf(e.kind);
    if (e.kind === 'hold_taken') return rankOf('date_change_started') + 0.5;
    if (e.kind === 'hold_ended') return rankOf('date_change_completed') - 0.5;
    return rankOf(e.kind);
  };
  timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || rank(a) - rank(b));

  const methods = [...new Set([order.paymentMethod, ...payments.map((p) => p.method)].filter((m): m is string => !!m))];
  const paymentMethodNames = await methodNames(db, site.id, methods);
  const fields = order.customerFields ?? {};
  return {
    id: order.id,
    reservation_number: order.reservationNumber,
    status: order.status,
    channel: order.channel,
    lang: order.lang,
    created_at: iso(order.createdAt),
    completed_at: isoOrNull(order.completedAt),
    product: { id: order.productId, name: product, type: slot.productType ?? '' },
    slot: { id: slot.id, date: slot.date, start_time: slot.start_time, end_time: slot.end_time },
    quantity: order.quantity,
    standing: standingOf(admissions, payments, refunds),
    lines,
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    currency: site.currency,
    coupon_codes: order.couponCodes,
    payment_method: order.paymentMethod,
    payment_method_names: paymentMethodNames,
    contact: { fullname: fields.fullname ?? '', email: fields.email ?? '', phone: fields.phone ?? '' },
    customer_fields: fields,
    admissions: admissions.map((a) => ({
      id: a.id,
      position: a.position,
      option_id: a.optionId,
      option_name: a.optionName,
      status: a.status,
      cancelled_at: isoOrNull(a.cancelledAt),
      share_id: a.shareId,
      checked_in_at: isoOrNull(a.checkedInAt),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      payment_number: p.paymentNumber,
      attempt: p.attempt,
      method: p.method,
      provider: p.provider,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      is_date_change: p.dateChangeId !== null,
      failure_reason: p.failureReason,
      created_at: iso(p.createdAt),
      completed_at: isoOrNull(p.completedAt),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      kind: r.kind,
      payment_number: r.paymentNumber,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      requested_by: r.requestedBy,
      failure_reason: r.failureReason,
      created_at: iso(r.createdAt),
      settled_at: isoOrNull(r.settledAt),
    })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, staff_label: n.staffLabel, created_at: iso(n.createdAt) })),
    timeline,
  };
}
