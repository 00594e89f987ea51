/**
 * Acting on where a payment stands (decisions 007, 009): a capture completes its payable or is
 * refunded, a failure lets the payable be paid again, anything else is answered as it stands.
 */
import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import { AUTHENTICATION_FAILED, VISITOR_CANCELLED } from '@storefront/domain/errors/catalogue';
import type { Database } from '../../db/client.ts';
import { AppError, specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import { askProvider, recordOutcome } from './ask-provider.ts';
import { completePayment } from './complete-payment.ts';
import type { Completion } from './completion.ts';
import { type FailureFields, payableOf } from './payable.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import { criticalRefundError, refundOrThrow, refundSurplus } from './refund-payment.ts';

export const stillProcessing = () =>
  // 409, not the catalogue's 502: nothing failed, the visitor asks again in a moment.
  specError('payment_api_failure', { status: 409, can_retry: true, message: 'the payment is still being processed' });

/** A payment that can no longer complete anything (refunded, or its places gone). */
const invalidOrderStatus = () =>
  specError('payment_api_failure', { status: 409, message: 'invalid order status', reason: 'invalid order status' });

/** The failure answer of SPEC §4's retry flow; Adyen methods answer a retryable failure with 400. */
function paymentFailure(payment: repo.PaymentRow, retryFields: FailureFields['retry']): AppError {
  const retryable = payment.retryable ?? false;
  return specError('payment_api_failure', {
    status: retryable && payment.method.startsWith('adyen_') ? 400 : 402,
    can_retry: retryable,
    ...retryFields,
    ...(retryable
      ? {
          message: payment.failureReason ?? 'the payment failed',
          // A 3-D Secure check not passed is said as such, not as a declined card.
          ...(payment.failureReason === AUTHENTICATION_FAILED ? { reason: 'authentication failed' as const } : {}),
          // Left unpaid on the provider's page: the visitor hears it was cancelled, not that it failed.
          ...(payment.failureReason === VISITOR_CANCELLED ? { reason: 'payment cancelled' as const } : {}),
        }
      : { message: 'invalid payment status', reason: 'invalid payment status' }),
  });
}

/** A failed payment lets its payable be paid again; an older attempt's failure replayed must not touch the attempt under way. */
async function releaseFailed(db: Database, deps: PaymentDeps, payment: repo.PaymentRow): Promise<void> {
  if (await repo.isLatestAttempt(db, payment))
    await inTransaction(db, (tx) => payableOf(deps.payables, payment).abandon(tx, payment));
  await repo.markSettled(db, payment.id);
}

/**
 * After a payment completed its order or change, the other attempts still open at a provider
 * are voided, so none can be captured later (one that is captured anyway is refunded).
 */
async function voidSiblings(db: Database, deps: PaymentDeps, payment: repo.PaymentRow): Promise<void> {
  for (const sibling of await repo.openSiblings(db, payment)) {
    try {
      const outcome = await askProvider(deps, sibling, 'cancel');
      const current = await recordOutcome(db, deps, sibling, outcome, 'void');
      if (current.status === 'captured') await settlePayment(db, deps, current).catch(() => {});
      else if (current.status === 'failed') await repo.markSettled(db, current.id);
    } catch (error) {
      deps.logger?.warn(
        { err: error, paymentNumber: sibling.paymentNumber },
        'voiding another attempt failed; the reconciler retries',
      );
    }
  }
}

/** Turns a captured payment into a completed payable, or a refund when that cannot be. */
async function settleCaptured(db: Database, deps: PaymentDeps, payment: repo.PaymentRow, fields: FailureFields) {
  const site = await deps.siteById(payment.siteId);
  if (!site) throw specError('record not found');
  const completion = await (deps.completions?.complete(site, payment) ?? completePayment(db, deps, site, payment));
  return settleCompletion(db, deps, payment, completion, fields);
}

/** Acts on what completing a captured payment came to: answers the visitor, refunds, voids other attempts. */
async function settleCompletion(
  db: Database,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  completion: Completion,
  fields: FailureFields = payableOf(deps.payables, payment).failureFields(),
): Promise<CheckoutAnswer> {
  switch (completion.kind) {
    case 'moved':
      return settleNow(db, deps, completion.payment, fields);
    case 'refund':
      await refundOrThrow(db, deps, payment, completion.reason);
      throw invalidOrderStatus();
    case 'surplus':
      await refundSurplus(db, deps, payment);
      return completion.answer;
    case 'completed':
      if (completion.justCompleted) {
        if (!completion.announced) {
          const { dateChangeId } = payment;
          await repo.recordEvent(db, {
            paymentId: payment.id,
            eventKey: 'completed',
            kind: 'completed',
            data: { orderId: payment.orderId, ...(dateChangeId !== null ? { dateChangeId } : {}) },
          });
          await payableOf(deps.payables, payment).afterCommit(payment);
        }
        if (completion.openSiblings) await voidSiblings(db, deps, payment);
      }
      return completion.answer;
  }
}

async function settleNow(
  db: Database,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  fields: FailureFields,
): Promise<CheckoutAnswer> {
  switch (payment.status) {
    case 'captured':
      return settleCaptured(db, deps, payment, fields);
    case 'requires_action':
      return { status: 'requires_action', redirect_url: payment.redirectUrl ?? '', payment_number: payment.paymentNumber };
    case 'failed':
      await releaseFailed(db, deps, payment);
      throw paymentFailure(payment, fields.retry);
    case 'refund_failed':
      throw criticalRefundError(payment);
    case 'refunded':
    case 'refund_pending':
      throw invalidOrderStatus();
    default:
      throw stillProcessing();
  }
}

/**
 * Acts on where a payment stands now. Safe to call any number of times: completion is keyed on
 * the locked payment row. Failures carry the payable's fields (a date change's SPEC §7 fields),
 * given by the caller that knows its reference or else the payable's own.
 */
export function settlePayment(
  db: Database,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  fields: FailureFields = payableOf(deps.payables, payment).failureFields(),
): Promise<CheckoutAnswer> {
  return withFields(fields, () => settleNow(db, deps, payment, fields));
}

/**
 * A payment its provider has just said is captured (a checkout's synchronous payment): the
 * capture is recorded in the transaction that completes it, with the others of the moment
 * (decision 030), or else as any outcome is and then settled.
 */
export async function settleCapture(
  db: Database,
  deps: PaymentDeps,
  site: Site,
  payment: repo.PaymentRow,
  capture: { reference: string; source: string },
  fields: FailureFields,
): Promise<CheckoutAnswer> {
  const done = await deps.completions?.captured(site, payment, capture);
  if (!done) {
    const outcome = { status: 'captured' as const, reference: capture.reference };
    return settlePayment(db, deps, await recordOutcome(db, deps, payment, outcome, capture.source), fields);
  }
  return withFields(fields, () => settleCompletion(db, deps, done.payment, done.completion, fields));
}

/** Failures carry the payable's fields (a date change's SPEC §7 fields). */
async function withFields(fields: FailureFields, settle: () => Promise<CheckoutAnswer>): Promise<CheckoutAnswer> {
  try {
    return await settle();
  } catch (error) {
    if (!(error instanceof AppError) || Object.keys(fields.every).length === 0) throw error;
    throw error.with(fields.every);
  }
}
