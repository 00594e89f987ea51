import type { Database } from '../../db/client.ts';
import { providerOf } from './ask-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

export type PartRefund = { orderId: string; amount: number; idempotencyKey: string };

/**
 * Gives part of an order's money back (a date change to a cheaper slot) from its latest kept
 * payment large enough; the same key never refunds twice. False when it could not. It needs only
 * the ledger and the providers, so date changes are given it at construction without the
 * payments service (which is given the date changes as a payable) having to exist yet.
 */
export async function refundPart(
  db: Database,
  deps: Pick<PaymentDeps, 'providers' | 'logger'>,
  request: PartRefund,
): Promise<boolean> {
  const payment = await repo.latestCaptured(db, request.orderId, request.amount);
  if (!payment || payment.provider === 'free') return false;
  const result = await providerOf(deps, payment).refund({
    reference: payment.providerReference ?? '',
    amount: request.amount,
    idempotencyKey: request.idempotencyKey,
  });
  await repo.recordEvent(db, {
    paymentId: payment.id,
    eventKey: `partial_refund:${request.idempotencyKey}`,
    kind: result.ok ? 'partially_refunded' : 'partial_refund_failed',
    data: { ...result, amount: request.amount },
  });
  if (!result.ok)
    deps.logger?.error(
      { paymentNumber: payment.paymentNumber, reason: result.reason },
      'partial refund failed: pay back by hand',
    );
  return result.ok;
}
