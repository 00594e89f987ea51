/**
 * The visitor's mails about a change to their completed booking, each written to the outbox in
 * the transaction of the change: a cancellation (by the venue calling off a slot, by staff, or by
 * the visitor) with its refund in the same mail, and a refund on its own (made again by staff, or
 * failed). Each reads what the mail tells through the owning modules' read files: the order, its
 * product and slot (in the venue's time zone), the admissions' names, the payment method's name
 * in the booking's language. Other modules reach these through the ports the mail plugin fills.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { findSlot, optionNames, productNames } from '../catalogue/catalogue-facts.ts';
import { paymentMethodLabels } from '../catalogue/payment-method-labels.ts';
import { listOrdersByIds, type OrderRow } from '../orders/completed-orders.ts';
import { keptPayments } from '../payments/order-refunds.ts';
import { findSiteById } from '../sites/find-site.ts';
import type { Site } from '../sites/site.ts';
import { renderCancellationMail } from './cancellation-mail.ts';
import { enqueueMail } from './outbox.repository.ts';
import { type RefundMailData, renderRefundMail } from './refund-mail.ts';

/** A refund as the mails tell it: how much, how, and through which payment. */
export type NoticeRefund = { amount: number; kind: 'provider' | 'outside'; paymentId: string | null };

export type CancellationNotice = {
  site: Site;
  orderId: string;
  /** Who cancelled: the venue calling off its slot, staff from the console, the visitor from the ticket page. */
  by: 'venue' | 'staff' | 'visitor';
  /** The admissions this cancellation cancelled (their options name them). */
  cancelled: { optionId: number }[];
  /** How many of the order's admissions still stand. */
  remaining: number;
  /** The refund rows the cancellation wrote (none: nothing goes back). */
  refunds: NoticeRefund[];
  fee: number;
  /** The venue's own words to its visitors; null for none. */
  message: string | null;
  /** The language to write in, where the visitor chose one at the moment; else the booking's. */
  lang?: LanguageCode | undefined;
};

/** Tells the visitor of a cancellation; writes nothing (null) when the order has no address. */
export type CancellationNotices = {
  cancelled: (tx: Database, notice: CancellationNotice) => Promise<{ id: string } | null>;
  /** After the transaction that wrote a notice commits: the mail goes at once. */
  queued: () => void;
};

const addressOf = (order: OrderRow) => order.customerFields?.email?.trim() || null;

/** The order's product and visit as a mail names them, in the venue's time zone. */
async function visitOf(db: Database, site: Site, order: OrderRow, lang: LanguageCode) {
  const [names, slot] = await Promise.all([productNames(db, [order.productId]), findSlot(db, order.timeSpanId)]);
  return {
    productName: localize(names.get(order.productId) ?? {}, lang),
    slot: {
      date: slot?.date ?? '',
      time: slot && slot.productType === 'time' ? timeOfDayIn(slot.startsAt, site.timeZone) : null,
    },
  };
}

/** The name, in `lang`, of the payment method each refund goes back to (the first one's, the order's method else). */
async function refundMethodOf(
  db: Database,
  site: Site,
  order: OrderRow,
  refunds: NoticeRefund[],
  lang: LanguageCode,
): Promise<string | null> {
  const throughPayment = refunds.find((r) => r.kind === 'provider' && r.paymentId);
  const kept = throughPayment ? await keptPayments(db, order.id) : [];
  const method = kept.find((p) => p.id === throughPayment?.paymentId)?.method ?? order.paymentMethod;
  if (!method) return null;
  const { labels } = await paymentMethodLabels(db, site.id, lang, [method]);
  return labels.get(method) ?? null;
}

async function orderOf(db: Database, orderId: string): Promise<OrderRow | null> {
  const [order] = await listOrdersByIds(db, [orderId]);
  return order ?? null;
}

/** The cancellation's one mail, its refund in it, in the caller's transaction. */
export async function enqueueCancellationNotice(db: Database, notice: CancellationNotice): Promise<{ id: string } | null> {
  const order = await orderOf(db, notice.orderId);
  const email = order ? addressOf(order) : null;
  if (!order || !email) return null;
  const { site } = notice;
  const lang = notice.lang ?? (order.lang as LanguageCode);
  const names = await optionNames(
    db,
    notice.cancelled.map((a) => a.optionId),
  );
  const counted = new Map<string, number>();
  for (const admission of notice.cancelled) {
    const name = localize(names.get(admission.optionId) ?? {}, lang);
    counted.set(name, (counted.get(name) ?? 0) + 1);
  }
  const refunded = notice.refunds.reduce((sum, r) => sum + r.amount, 0);
  const refundWay = notice.refunds.length > 0 && notice.refunds.every((r) => r.kind === 'outside') ? 'outside' : 'provider';
  const rendered = renderCancellationMail(
    {
      venueName: localize(site.venue.name, lang),
      reservationNumber: order.reservationNumber ?? '',
      ...(await visitOf(db, site, order, lang)),
      by: notice.by,
      cancelled: notice.cancelled.length,
      admissions: [...counted].map(([name, count]) => ({ name, count })),
      remaining: notice.remaining,
      refunded,
      refundTo: refunded > 0 ? await refundMethodOf(db, site, order, notice.refunds, lang) : null,
      refundWay,
      fee: notice.fee,
      currency: site.currency,
      message: notice.message,
    },
    lang,
  );
  return enqueueMail(db, {
    siteId: site.id,
    orderId: order.id,
    kind: `cancellation_by_${notice.by}`,
    toAddress: email,
    fromAddress: site.venue.email,
    lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
}

/** A refund on its own, as the payments module knows it. */
export type RefundNoticeRow = NoticeRefund & { orderId: string; siteId: number };

/** The mail of a refund made or failed on its own, in the caller's transaction; null when the order has no address. */
export async function enqueueRefundNotice(
  db: Database,
  refund: RefundNoticeRow,
  outcome: RefundMailData['outcome'],
): Promise<{ id: string } | null> {
  const [order, site] = await Promise.all([orderOf(db, refund.orderId), findSiteById(db, refund.siteId)]);
  const email = order ? addressOf(order) : null;
  if (!order || !site || !email) return null;
  const lang = order.lang as LanguageCode;
  const rendered = renderRefundMail(
    {
      outcome,
      venueName: localize(site.venue.name, lang),
      reservationNumber: order.reservationNumber,
      ...(await visitOf(db, site, order, lang)),
      amount: refund.amount,
      currency: site.currency,
      refundTo: refund.kind === 'provider' ? await refundMethodOf(db, site, order, [refund], lang) : null,
      contactEmail: site.venue.email,
    },
    lang,
  );
  return enqueueMail(db, {
    siteId: site.id,
    orderId: order.id,
    kind: outcome === 'made' ? 'refund_made' : 'refund_failed',
    toAddress: email,
    fromAddress: site.venue.email,
    lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
}
