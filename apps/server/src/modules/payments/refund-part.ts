import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { keptPayments, refundableOfOrder } from './order-refunds.ts';
import { inTransaction } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import { refunds } from './payments.schema.ts';
import { type RefundDeps, settleRefund } from './refund-order.ts';

export type PartRefund = { orderId: string; amount: number; idempotencyKey: string };

/**
 * Gives part of an order's money back (a date change to a cheaper slot) from its latest kept
 * payment with that much left unrefunded; the same key never refunds twice. The refund is written
 * as a `refunds` row under the payments' row locks first (so it counts against what staff may
 * still refund), then asked of the provider. False when it could not. It needs only the ledger and
 * the providers, so date changes are given it at construction without the payments service
 * (which is given the date changes as a payable) having to exist yet.
 */
export async function refundPart(db: Database, deps: RefundDeps, request: PartRefund): Promise<boolean> {
  const written = await inTransaction(db, async (tx) => {
    const [known] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
    if (known) return known;
    const kept = await keptPayments(tx, request.orderId, { lock: true });
    const payment = kept.find((p) => p.provider !== 'free' && p.refundable >= request.amount);
    if (!payment || request.amount > (await refundableOfOrder(tx, kept, request.orderId))) return null;
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: request.orderId,
        siteId: payment.siteId,
        paymentId: payment.id,
        kind: 'provider',
        amount: request.amount,
        currency: payment.currency,
        status: 'pending',
        idempotencyKey: request.idempotencyKey,
        reason: 'a date change to a cheaper slot',
        requestedBy: 'visitor',
      })
      .returning();
    return row ?? null;
  });
  if (!written?.paymentId) return false;
  const settled = written.status === 'pending' ? await settleRefund(db, deps, written.id) : written;
  const ok = settled?.status === 'succeeded';
  if (settled && settled.status !== 'pending') {
    await repo.recordEvent(db, {
      paymentId: written.paymentId,
      eventKey: `partial_refund:${request.idempotencyKey}`,
      kind: ok ? 'partially_refunded' : 'partial_refund_failed',
      data: ok
        ? { ok: true, reference: settled.providerReference, amount: request.amount }
        : { ok: false, reason: settled.failureReason, amount: request.amount },
    });
  }
  if (!ok) deps.logger?.error({ orderId: request.orderId, refund: written.id }, 'partial refund failed: pay back by hand');
  return ok;
}
