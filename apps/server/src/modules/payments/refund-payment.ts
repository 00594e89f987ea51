import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { providerOf } from './ask-provider.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

export const criticalRefundError = (payment: repo.PaymentRow) =>
  specError('critical refund error', { additional_info: payment.paymentNumber });

/** Refunds a captured payment that completed nothing; records the outcome. */
export async function refundPayment(
  db: Database,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  reason: string,
): Promise<repo.PaymentRow> {
  const pending =
    (await repo.transition(db, payment.id, ['captured', 'refund_pending'], { status: 'refund_pending' })) ?? payment;
  if (pending.status !== 'refund_pending') return pending;
  const result = await providerOf(deps, pending).refund({
    reference: pending.providerReference ?? '',
    paymentNumber: pending.paymentNumber,
    siteId: pending.siteId,
    currency: pending.currency,
    amount: pending.amount,
    idempotencyKey: `${pending.idempotencyKey}:refund`,
  });
  await repo.recordEvent(db, {
    paymentId: pending.id,
    eventKey: `refund:${result.ok ? 'ok' : randomBytes(6).toString('hex')}`,
    kind: result.ok ? 'refunded' : 'refund_failed',
    data: { ...result, reason },
  });
  // A refund that failed is told to the visitor in the transaction that records it (the money is still theirs).
  const { next, told } = await inTransaction(db, async (tx) => {
    const moved = await repo.transition(tx, pending.id, ['refund_pending'], {
      status: result.ok ? 'refunded' : 'refund_failed',
      settledAt: clock.now(),
      ...(result.ok ? {} : { failureReason: result.reason }),
    });
    const written = moved && !result.ok ? await tellWholeRefundFailed(tx, deps, moved) : false;
    return { next: moved, told: written };
  });
  if (told) deps.refundNotices?.queued();
  if (!result.ok)
    deps.logger?.error(
      { paymentNumber: pending.paymentNumber, reason: result.reason },
      'refund failed: the visitor must be paid back by hand',
    );
  return next ?? pending;
}

/**
 * The visitor's mail about a whole payment that could not be given back (a capture that completed
 * nothing, or a second one), in the caller's transaction; whether one was written.
 */
export async function tellWholeRefundFailed(tx: Database, deps: PaymentDeps, payment: repo.PaymentRow): Promise<boolean> {
  if (!deps.refundNotices) return false;
  const written = await deps.refundNotices.write(
    tx,
    { orderId: payment.orderId, siteId: payment.siteId, amount: payment.amount, kind: 'provider', paymentId: payment.id },
    'failed',
  );
  return written !== null && written !== undefined;
}

/** A refund the visitor must hear about: the critical refund error when it could not be made. */
export async function refundOrThrow(db: Database, deps: PaymentDeps, payment: repo.PaymentRow, reason: string): Promise<void> {
  const refunded = await refundPayment(db, deps, payment, reason);
  if (refunded.status === 'refund_failed') throw criticalRefundError(payment);
}

/**
 * Another payment completed this order or change first: this capture is a surplus and goes back.
 * The order stands, so the visitor is answered with it.
 */
export async function refundSurplus(db: Database, deps: PaymentDeps, payment: repo.PaymentRow): Promise<void> {
  const keeper = await repo.completingPayment(db, payment.orderId, payment.dateChangeId);
  await repo.recordEvent(db, {
    paymentId: payment.id,
    eventKey: 'surplus',
    kind: 'surplus_capture',
    data: { completedBy: keeper?.paymentNumber ?? null },
  });
  deps.logger?.warn(
    { paymentNumber: payment.paymentNumber, completedBy: keeper?.paymentNumber },
    'a second capture for a completed order or date change is refunded',
  );
  await refundOrThrow(db, deps, payment, 'another payment completed the order');
}
