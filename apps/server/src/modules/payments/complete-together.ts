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
import { createGroupBatcher, type GatherOptions, type Waiting as GroupWaiting } from '../../lib/group-batcher.ts';
import type { Site } from '../sites/site.ts';
import { completePayment } from './complete-payment.ts';
import type { Capture, Completion, Completions } from './completion.ts';
import { inTransaction, type PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

/** At most this many payments are completed in one transaction. */
const MAX_BATCH = 100;

type Entry = { site: Site; payment: repo.PaymentRow; capture?: Capture };
type Waiting = GroupWaiting<Entry, Completion | null>;

/**
 * A process's completer: the first payment to reach it idle waits `gatherMs` for others to
 * complete with; those that arrive while a batch is written go together next, and so on.
 */
export function createCompletions(db: Database, deps: PaymentDeps, options: Omit<GatherOptions, 'max'> = {}): Completions {
  const enqueue = createGroupBatcher<Entry, Completion | null>((batch) => completeBatch(db, deps, batch), {
    max: MAX_BATCH,
    ...options,
  });
  return {
    complete: async (site, payment) => (await enqueue({ site, payment })) ?? completePayment(db, deps, site, payment),
    async captured(site, payment, capture) {
      // Only orders' payments complete together: a date change's capture is recorded as ever.
      if (payment.dateChangeId !== null) return null;
      const completion = await enqueue({ site, payment, capture });
      if (!completion) return null;
      return {
        payment: completion.kind === 'moved' ? completion.payment : { ...payment, ...capturedValues(capture) },
        completion,
      };
    },
  };
}

const capturedValues = (capture: Capture) => ({
  status: 'captured' as const,
  providerReference: capture.reference,
  settledAt: null,
});

/**
 * A payment the batch left out completes alone; a capture the batch did not record is answered
 * with null, for its caller to record (and settle) as it would without batching.
 */
const alone = (db: Database, deps: PaymentDeps, waiting: Waiting, recorded: Set<string>) => {
  const { capture, payment, site } = waiting.item;
  if (capture && !recorded.has(payment.id)) return waiting.resolve(null);
  const current = capture ? { ...payment, ...capturedValues(capture) } : payment;
  return completePayment(db, deps, site, current).then(waiting.resolve, waiting.reject);
};

/** Completes a batch; never throws: every waiting payment is answered, together or alone. */
async function completeBatch(db: Database, deps: PaymentDeps, batch: Waiting[]): Promise<void> {
  const payable = deps.payables.order;
  const together: Waiting[] = [];
  const left: Waiting[] = [];
  const orders = new Set<string>();
  for (const waiting of batch) {
    const { payment } = waiting.item;
    // Date changes, and a second payment of an order already in the batch, complete alone.
    if (payment.dateChangeId === null && !orders.has(payment.orderId) && payable.completeMany) {
      orders.add(payment.orderId);
      together.push(waiting);
    } else left.push(waiting);
  }
  let completions = new Map<string, Completion>();
  let recorded = new Set<string>();
  if (together.length > 0) {
    try {
      ({ completions, recorded } = await completeTogether(db, deps, together));
    } catch (error) {
      // Nothing of the batch was kept: each completes alone, as it would have without batching.
      deps.logger?.warn({ err: error, payments: together.length }, 'completing payments together failed; completing each alone');
    }
  }
  for (const waiting of together) {
    const completion = completions.get(waiting.item.payment.id);
    if (completion) waiting.resolve(completion);
    else left.push(waiting);
  }
  // Those left complete alone, beside the next batch (a lapsed order may wait on its slot's row).
  for (const waiting of left) void alone(db, deps, waiting, recorded);
}

async function completeTogether(
  db: Database,
  deps: PaymentDeps,
  together: Waiting[],
): Promise<{ completions: Map<string, Completion>; recorded: Set<string> }> {
  const payable = deps.payables.order;
  const completeMany = payable.completeMany;
  if (!completeMany) return { completions: new Map(), recorded: new Set() };
  const byId = new Map(together.map(({ item }) => [item.payment.id, item]));
  const { completions, completed, recorded } = await inTransaction(db, async (tx) => {
    const completions = new Map<string, Completion>();
    const locked = await repo.lockPayments(tx, [...byId.keys()]);
    // Captures the provider just answered are recorded from the statuses `recordOutcome` moves them from.
    const captures = together.flatMap(({ item: { payment, capture } }) =>
      capture ? [{ id: payment.id, reference: capture.reference }] : [],
    );
    const captured = new Map((await repo.recordCaptures(tx, captures)).map((row) => [row.id, row]));
    const paid: { site: Site; payment: repo.PaymentRow }[] = [];
    for (const row of locked) {
      const entry = byId.get(row.id) as Entry;
      const current = captured.get(row.id) ?? row;
      // A capture not recorded here is recorded by its caller, and settled from there.
      if (entry.capture && !captured.has(row.id)) continue;
      if (current.status !== 'captured') completions.set(row.id, { kind: 'moved', payment: current });
      // A payment that completed its payable before answers it as it stands, alone.
      else if (current.completedAt === null) paid.push({ site: entry.site, payment: current });
    }
    const answers = await completeMany(tx, paid);
    const completed = paid.map((p) => p.payment).filter((payment) => answers.has(payment.id));
    const openSiblings = await repo.markCompletingMany(
      tx,
      completed.map((payment) => payment.id),
    );
    await repo.recordEvents(tx, [
      ...together.flatMap(({ item: { payment, capture } }) =>
        capture && captured.has(payment.id)
          ? [
              {
                paymentId: payment.id,
                eventKey: `captured:${capture.source}`,
                kind: 'captured',
                data: { source: capture.source, status: 'captured', reference: capture.reference },
              },
            ]
          : [],
      ),
      ...completed.map((payment) => ({
        paymentId: payment.id,
        eventKey: 'completed',
        kind: 'completed',
        data: { orderId: payment.orderId },
      })),
    ]);
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
    return { completions, completed, recorded: new Set(captured.keys()) };
  });
  // Committed: whatever happens now, each member is answered with its completion (its token is
  // in no other answer). A fold that fails is done by the next one (decision 025).
  if (completed.length > 0) {
    await Promise.resolve(payable.afterCommitMany?.(completed)).catch((error: unknown) =>
      deps.logger?.warn({ err: error, payments: completed.length }, 'after completing payments together'),
    );
  }
  return { completions, recorded };
}
