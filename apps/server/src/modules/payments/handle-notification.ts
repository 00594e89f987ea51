import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { recordOutcome } from './ask-provider.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import { refunds } from './payments.schema.ts';
import type { NotifyingProvider, ProviderNotification, RefundFailedNotification } from './providers/provider.ts';
import { tellWholeRefundFailed } from './refund-payment.ts';
import { settlePayment } from './settle-payment.ts';

/** One notification about one payment: kept once, then settled like a return. */
async function handleOne(
  db: Database,
  deps: PaymentDeps,
  providerId: NotifyingProvider,
  notification: ProviderNotification,
): Promise<boolean> {
  // A payment is found by the reference the provider gave it, else by the shop's payment number
  // the provider carries (a start whose answer was lost; a provider whose reference changes once
  // paid), as long as it is that provider's.
  const byNumber = notification.paymentNumber ? await repo.findPayment(db, notification.paymentNumber) : null;
  const payment =
    (await repo.findByReference(db, providerId, notification.reference)) ?? (byNumber?.provider === providerId ? byNumber : null);
  if (!payment) return false;
  const fresh = await repo.recordEvent(db, {
    paymentId: payment.id,
    eventKey: notification.eventId,
    kind: `notification:${notification.outcome.status}`,
    data: notification.outcome,
  });
  if (!fresh) return true;
  const recorded = await recordOutcome(db, deps, payment, notification.outcome, `notification:${notification.eventId}`);
  await settlePayment(db, deps, recorded).catch((error) =>
    deps.logger?.info({ err: error, paymentNumber: payment.paymentNumber }, 'notification settled a failure'),
  );
  return true;
}

/**
 * A refund the provider took and then could not make. The money is still the visitor's to get back:
 * a refund of part of an order turns `failed`, so it no longer counts as given back (staff may
 * refund it again) and joins the venue's failed refunds to follow up; a whole payment given back
 * (a capture that completed nothing) turns `refund_failed`, as when the provider refuses at once.
 * The visitor of a failed part gets a mail about it, written with the change.
 */
async function handleRefundFailed(
  db: Database,
  deps: PaymentDeps,
  providerId: NotifyingProvider,
  notification: RefundFailedNotification,
): Promise<boolean> {
  const payment = await repo.findByReference(db, providerId, notification.reference);
  if (!payment) return false;
  const { refundReference, reason } = notification;
  let told = false;
  const undone = await inTransaction(db, async (tx) => {
    const fresh = await repo.recordEvent(tx, {
      paymentId: payment.id,
      eventKey: notification.eventId,
      kind: 'refund_failed_later',
      data: { refundReference, reason },
    });
    if (!fresh) return null;
    const [part] = await tx
      .update(refunds)
      .set({ status: 'failed', failureReason: reason })
      .where(
        and(eq(refunds.paymentId, payment.id), eq(refunds.providerReference, refundReference), eq(refunds.status, 'succeeded')),
      )
      .returning();
    if (part) {
      // The visitor was told the money is coming: they hear, in this transaction, that it is not.
      if (deps.refundNotices && (await deps.refundNotices.write(tx, part, 'failed'))) told = true;
      return `refund ${part.id}`;
    }
    const [whole] = await rows<{ id: string }>(
      tx,
      sql`select id from payment_events where payment_id = ${payment.id} and kind = 'refunded'
            and data->>'reference' = ${refundReference} limit 1`,
    );
    if (!whole) return 'nothing the shop counted as refunded';
    const moved = await repo.transition(tx, payment.id, ['refunded'], { status: 'refund_failed', failureReason: reason });
    if (moved && (await tellWholeRefundFailed(tx, deps, moved))) told = true;
    return 'the whole payment';
  });
  if (told) deps.refundNotices?.queued();
  if (undone)
    deps.logger?.error(
      { paymentNumber: payment.paymentNumber, refundReference, reason, undone },
      'a refund the provider took has failed: the visitor must be paid back',
    );
  return true;
}

/**
 * A provider's notification: checked by the provider (signature, or asking the provider back),
 * then each payment it is about is settled. `handled` says whether any was a payment of the shop.
 */
export async function handleNotification(
  db: Database,
  deps: PaymentDeps,
  providerId: NotifyingProvider,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ handled: boolean }> {
  const provider = deps.providers[providerId];
  if (!provider?.notification) return { handled: false };
  const read = await provider.notification(rawBody, headers);
  const notifications = read === null ? [] : Array.isArray(read) ? read : [read];
  let handled = false;
  for (const notification of notifications) {
    const isPayment = !('kind' in notification);
    if (
      await (isPayment ? handleOne(db, deps, providerId, notification) : handleRefundFailed(db, deps, providerId, notification))
    )
      handled = true;
  }
  return { handled };
}
