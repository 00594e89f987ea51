import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import type { LookupOutcome, PaymentLookup, PaymentProvider } from './providers/provider.ts';

export const isOpen = (status: repo.PaymentStatus) => repo.OPEN_STATUSES.includes(status);

export const lookupOf = (payment: repo.PaymentRow): PaymentLookup => ({
  reference: payment.providerReference,
  paymentNumber: payment.paymentNumber,
  idempotencyKey: payment.idempotencyKey,
  siteId: payment.siteId,
});

export function providerOf(deps: Pick<PaymentDeps, 'providers'>, payment: Pick<repo.PaymentRow, 'provider'>): PaymentProvider {
  const provider = deps.providers[payment.provider];
  if (!provider) throw specError('payment_api_failure', { message: 'provider not configured' });
  return provider;
}

/** Where an attempt stands at its provider; a free payment has nothing to ask and is paid. */
export async function askProvider(deps: PaymentDeps, payment: repo.PaymentRow, how: 'status' | 'cancel'): Promise<LookupOutcome> {
  if (payment.provider === 'free') return { status: 'captured', reference: `free_${payment.paymentNumber}` };
  return providerOf(deps, payment)[how](lookupOf(payment));
}

/** Writes what the provider said, once: a later or repeated answer cannot move the payment back. */
export async function recordOutcome(
  db: Database,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  outcome: LookupOutcome,
  source: string,
): Promise<repo.PaymentRow> {
  if (outcome.status === 'unknown') return (await repo.findPayment(db, payment.paymentNumber)) ?? payment;
  let next: repo.PaymentRow | null = null;
  let kind: string = outcome.status;
  if (outcome.status === 'captured') {
    const captured = { status: 'captured' as const, providerReference: outcome.reference, settledAt: null };
    next = await repo.transition(db, payment.id, repo.OPEN_STATUSES, captured);
    if (!next) {
      // Money that moved after the attempt was taken for failed (given up, cancelled, a gateway
      // that ignored the void) still wins: it is recorded as such and then completes the order
      // or is refunded, never kept without tickets.
      next = await repo.transition(db, payment.id, ['failed'], captured);
      if (next) kind = 'captured_after_failure';
    }
  } else if (outcome.status === 'failed') {
    next = await repo.transition(db, payment.id, repo.OPEN_STATUSES, {
      status: 'failed',
      providerReference: outcome.reference ?? payment.providerReference,
      failureReason: outcome.reason,
      retryable: outcome.retryable,
    });
  } else if (outcome.status !== payment.status) {
    // A redirect only follows the start; "still under way" may also follow a redirect.
    const from: repo.PaymentStatus[] = outcome.status === 'pending' ? ['started', 'requires_action'] : ['started'];
    next = await repo.transition(db, payment.id, from, {
      status: outcome.status,
      providerReference: outcome.reference,
      ...(outcome.status === 'requires_action' ? { redirectUrl: outcome.redirectUrl } : {}),
    });
  }
  if (next) {
    await repo.recordEvent(db, {
      paymentId: payment.id,
      eventKey: `${kind}:${source}`,
      kind,
      data: { source, ...outcome },
    });
    if (kind === 'captured_after_failure')
      deps.logger?.warn({ paymentNumber: payment.paymentNumber, source }, 'a payment taken for failed was captured');
  }
  return next ?? (await repo.findPayment(db, payment.paymentNumber)) ?? payment;
}
