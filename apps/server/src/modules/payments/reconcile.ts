import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { askProvider, isOpen, recordOutcome } from './ask-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import { refundPayment } from './refund-payment.ts';
import { settlePayment } from './settle-payment.ts';

/** A payment still waiting for the visitor after this long is given up (voided at its provider). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** How many rows the reconciler claims at a time, and settles at once. */
const RECONCILE_BATCH = 50;
const RECONCILE_CONCURRENCY = 8;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * The reconciler's look at one row: asks the provider about attempts under way, voids those
 * waiting past `ABANDONED_AFTER_MS`, finishes captures, releases failures, retries refunds.
 */
async function reconcileOne(db: Database, deps: PaymentDeps, payment: repo.PaymentRow): Promise<void> {
  if (payment.status === 'refund_pending') {
    await refundPayment(db, deps, payment, 'a refund still owed');
    return;
  }
  let current = payment;
  if (isOpen(current.status)) {
    current = await recordOutcome(db, deps, current, await askProvider(deps, current, 'status'), 'reconcile');
    if (isOpen(current.status) && clock.nowMs() - current.createdAt.getTime() > ABANDONED_AFTER_MS) {
      const outcome = await askProvider(deps, current, 'cancel');
      current =
        outcome.status === 'unknown'
          ? // An hour on, the provider has never heard of the attempt: it was never made.
            await recordOutcome(
              db,
              deps,
              current,
              { status: 'failed', reference: null, retryable: true, reason: 'the provider has no such payment' },
              'abandoned',
            )
          : outcome.status === 'failed'
            ? await recordOutcome(db, deps, current, { ...outcome, reason: 'abandoned at the provider' }, 'abandoned')
            : await recordOutcome(db, deps, current, outcome, 'abandoned');
    }
  }
  if (current.status === 'captured' || current.status === 'failed') {
    await settlePayment(db, deps, current).catch((error) => {
      if (!(error instanceof AppError)) throw error;
    });
  } else if (!isOpen(current.status)) {
    await repo.markSettled(db, current.id);
  }
}

/**
 * Settles what nobody came back for, paging through every unsettled row once per run, least
 * recently checked first and captured before waiting: finishes captures whose order is still
 * `paying` (a server stopped in between), refunds surplus captures, releases failures, asks
 * about attempts under way for `olderThanSeconds` and voids those abandoned, retries refunds.
 * Returns how many rows it looked at.
 */
export async function reconcilePayments(db: Database, deps: PaymentDeps, olderThanSeconds = 60): Promise<number> {
  const since = await repo.databaseNow(db);
  let seen = 0;
  for (;;) {
    const batch = await repo.claimUnsettled(db, { olderThanSeconds, since, limit: RECONCILE_BATCH });
    if (batch.length === 0) return seen;
    seen += batch.length;
    await eachLimited(batch, RECONCILE_CONCURRENCY, async (payment) => {
      try {
        await reconcileOne(db, deps, payment);
      } catch (error) {
        deps.logger?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'reconciling a payment failed');
      }
    });
  }
}
