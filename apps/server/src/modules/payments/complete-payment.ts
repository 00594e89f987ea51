import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import type { Completion } from './completion.ts';
import { CompletionRefused, payableOf } from './payable.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

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
 * order and per change) in the same transaction; the payable's `finish` (its hottest write) runs
 * after that mark, just before the commit. A payable that refuses after writing
 * (`CompletionRefused`) has its writes rolled back and the payment refunded. Every path takes the
 * payment's lock before the payable's, as before the payable contract, so no new lock order appears.
 */
export async function completePayment(
  db: Database,
  deps: PaymentDeps,
  site: Site,
  payment: repo.PaymentRow,
): Promise<Completion> {
  try {
    return await completeLocked(db, deps, site, payment);
  } catch (error) {
    if (error instanceof CompletionRefused) return { kind: 'refund', reason: error.reason };
    throw error;
  }
}

function completeLocked(db: Database, deps: PaymentDeps, site: Site, payment: repo.PaymentRow): Promise<Completion> {
  return inTransaction(db, async (tx): Promise<Completion> => {
    const locked = await repo.findPayment(tx, payment.paymentNumber, { lock: true });
    if (locked?.status !== 'captured') return { kind: 'moved', payment: locked ?? payment };
    const done = await payableOf(deps.payables, locked).complete(tx, site, locked);
    if (done.kind === 'refund') return done;
    let openSiblings = false;
    if (done.justCompleted || (await adoptsCompletion(tx, locked))) openSiblings = await repo.markCompleting(tx, locked.id);
    else if (locked.completedAt === null) return { kind: 'surplus', answer: done.answer };
    // The payable's hottest write comes last, so its lock is held only to the commit.
    await done.finish?.();
    return { kind: 'completed', answer: done.answer, justCompleted: done.justCompleted, openSiblings };
  });
}
