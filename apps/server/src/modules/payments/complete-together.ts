/**
 * Completions under a rush (decision 030): captured payments that arrive while a completion is
 * being written wait for it, then complete together, in one transaction with a statement per step
 * for all of them, so a sale of a thousand places is not a thousand transactions of ten
 * statements each. The ledger's rules hold per payment: each row is locked and must still be
 * captured, one payment completes its payable (`completed_at`), and the payable completes each
 * once. Whatever the batch leaves out (a payable already completed, lapsed places, a date change,
 * a second payment of the same order) or cannot write completes alone, through `completePayment`,
 * exactly as without batching.
 */
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { type Completion, completePayment } from './complete-payment.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

/** At most this many payments are completed in one transaction. */
const MAX_BATCH = 100;

type Waiting = {
  site: Site;
  payment: repo.PaymentRow;
  resolve: (completion: Completion) => void;
  reject: (error: unknown) => void;
};

export type Completions = {
  /** `completePayment`, with whatever else is waiting to complete at the same moment. */
  complete(site: Site, payment: repo.PaymentRow): Promise<Completion>;
};

/**
 * A process's completer: the first payment to arrive completes at once (alone, no waiting added);
 * those that arrive while it is written go together next, and so on.
 */
export function createCompletions(db: Database, deps: PaymentDeps): Completions {
  const queue: Waiting[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    try {
      while (queue.length > 0) await completeBatch(db, deps, queue.splice(0, MAX_BATCH));
    } finally {
      draining = false;
    }
  }

  return {
    complete(site, payment) {
      return new Promise<Completion>((resolve, reject) => {
        queue.push({ site, payment, resolve, reject });
        if (!draining) void drain();
      });
    },
  };
}

const alone = (db: Database, deps: PaymentDeps, waiting: Waiting) =>
  completePayment(db, deps, waiting.site, waiting.payment).then(waiting.resolve, waiting.reject);

/** Completes a batch; never throws: every waiting payment is answered, together or alone. */
async function completeBatch(db: Database, deps: PaymentDeps, batch: Waiting[]): Promise<void> {
  const payable = deps.payables.order;
  const together: Waiting[] = [];
  const left: Waiting[] = [];
  const orders = new Set<string>();
  for (const waiting of batch) {
    const { payment } = waiting;
    // Date changes, and a second payment of an order already in the batch, complete alone.
    if (payment.dateChangeId === null && !orders.has(payment.orderId) && payable.completeMany) {
      orders.add(payment.orderId);
      together.push(waiting);
    } else left.push(waiting);
  }
  let completions = new Map<string, Completion>();
  if (together.length > 0) {
    try {
      completions = await completeTogether(db, deps, together);
    } catch (error) {
      // Nothing of the batch was kept: each completes alone, as it would have without batching.
      deps.logger?.warn({ err: error, payments: together.length }, 'completing payments together failed; completing each alone');
    }
  }
  for (const waiting of together) {
    const completion = completions.get(waiting.payment.id);
    if (completion) waiting.resolve(completion);
    else left.push(waiting);
  }
  // Those left complete alone, beside the next batch (a lapsed order may wait on its slot's row).
  for (const waiting of left) void alone(db, deps, waiting);
}

async function completeTogether(db: Database, deps: PaymentDeps, together: Waiting[]): Promise<Map<string, Completion>> {
  const payable = deps.payables.order;
  const completeMany = payable.completeMany;
  if (!completeMany) return new Map();
  const siteOf = new Map(together.map((waiting) => [waiting.payment.id, waiting.site]));
  const { completions, completed } = await inTransaction(db, async (tx) => {
    const completions = new Map<string, Completion>();
    const paid: { site: Site; payment: repo.PaymentRow }[] = [];
    for (const locked of await repo.lockPayments(tx, [...siteOf.keys()])) {
      if (locked.status !== 'captured') completions.set(locked.id, { kind: 'moved', payment: locked });
      // A payment that completed its payable before answers it as it stands, alone.
      else if (locked.completedAt === null) paid.push({ site: siteOf.get(locked.id) as Site, payment: locked });
    }
    const answers = await completeMany(tx, paid);
    const completed = paid.map((p) => p.payment).filter((payment) => answers.has(payment.id));
    const openSiblings = await repo.markCompletingMany(
      tx,
      completed.map((payment) => payment.id),
    );
    await repo.recordEvents(
      tx,
      completed.map((payment) => ({
        paymentId: payment.id,
        eventKey: 'completed',
        kind: 'completed',
        data: { orderId: payment.orderId },
      })),
    );
    for (const payment of completed) {
      const answer = answers.get(payment.id);
      if (!answer) continue;
      completions.set(payment.id, {
        kind: 'completed',
        answer,
        justCompleted: true,
        openSiblings: openSiblings.get(payment.id) ?? false,
        announced: true,
      });
    }
    return { completions, completed };
  });
  if (completed.length > 0) await payable.afterCommitMany?.(completed);
  return completions;
}
