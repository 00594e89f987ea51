import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { type PayableCompletion, payableOf } from './payable.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

export type Completion =
  | PayableCompletion
  /** Another payment completed the payable first: this one is refunded, the visitor answered with the payable as it stands. */
  | { kind: 'surplus'; answer: CheckoutAnswer }
  /** The payment was no longer captured when locked (another delivery settled it). */
  | { kind: 'moved'; payment: repo.PaymentRow };

/**
 * A completion from before the ledger marked its payment (the mark was added later, and the
 * record of which payment completed may have been lost): the first capture to find it unmarked
 * is the one kept, not refunded. Called with the order or change locked, so two cannot both adopt.
 */
async function adoptsCompletion(tx: Database, payment: repo.PaymentRow): Promise<boolean> {
  if (payment.completedAt !== null) return false;
  return (await repo.completingPayment(tx, payment.orderId, payment.dateChangeId)) === null;
}

/**
 * The completing transaction of a captured payment. Safe to run any number of times, at once or
 * one after another: the payment row is locked first (one finisher at a time per payment), its
 * payable then locks its own rows and completes once (`paying → completed`, or the change's
 * status), and the one payment that completes is marked (`payments.completed_at`, unique per
 * order and per change) in the same transaction. Every path takes the payment's lock before the
 * payable's, as before the payable contract, so no new lock order appears.
 */
export function completePayment(db: Database, deps: PaymentDeps, site: Site, payment: repo.PaymentRow): Promise<Completion> {
  return inTransaction(db, async (tx): Promise<Completion> => {
    const locked = await repo.findPayment(tx, payment.paymentNumber, { lock: true });
    if (locked?.status !== 'captured') return { kind: 'moved', payment: locked ?? payment };
    const done = await payableOf(deps.payables, locked).complete(tx, site, locked);
    if (done.kind === 'refund') return done;
    if (done.justCompleted || (await adoptsCompletion(tx, locked))) await repo.markCompleting(tx, locked.id);
    else if (locked.completedAt === null) return { kind: 'surplus', answer: done.answer };
    return done;
  });
}
