/**
 * Checkouts under a rush (decision 030): orders whose payment begins at the same moment are
 * checked, marked `paying` and given their ledger rows in one transaction, with a statement per
 * step for all of them. Each order is still checked on its own and told its own error; whatever
 * the batch leaves out (coupons to count, the same order twice) or cannot write begins alone,
 * through the payable's `begin`, exactly as without batching.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createGroupBatcher, type GatherOptions, type Waiting } from '../../lib/group-batcher.ts';
import type { Site } from '../sites/site.ts';
import type { Begins } from './completion.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';

/** At most this many checkouts begin in one transaction. */
const MAX_BATCH = 100;

type Entry = { site: Site; orderToken: string; body: { payment_method: string } };

export const newPaymentNumber = () => `pay_${randomBytes(16).toString('base64url')}`;

export function createBegins(deps: PaymentDeps, options: Omit<GatherOptions, 'max'> = {}): Begins {
  const enqueue = createGroupBatcher<Entry, repo.PaymentRow | null>((batch) => beginBatch(deps, batch), {
    max: MAX_BATCH,
    ...options,
  });
  return { begin: (site, orderToken, body) => enqueue({ site, orderToken, body }) };
}

async function beginBatch(deps: PaymentDeps, batch: Waiting<Entry, repo.PaymentRow | null>[]): Promise<void> {
  const beginMany = deps.payables.order.beginMany;
  let results: Awaited<ReturnType<NonNullable<typeof beginMany>>> = batch.map(() => 'alone');
  if (beginMany) {
    try {
      results = await beginMany(
        batch.map(({ item }) => ({ site: item.site, ref: item.orderToken, body: item.body })),
        (tx: Database, payments) =>
          repo.insertNextAttempts(
            tx,
            payments.map(({ site, payment }) => ({
              paymentNumber: newPaymentNumber(),
              orderId: payment.orderId,
              siteId: site.id,
              method: payment.method,
              provider: payment.provider,
              amount: payment.amount,
              currency: payment.currency,
              status: 'started' as const,
            })),
          ),
      );
    } catch (error) {
      // Nothing of the batch was kept: each begins alone, as it would have without batching.
      deps.logger?.warn({ err: error, checkouts: batch.length }, 'beginning payments together failed; beginning each alone');
    }
  }
  for (const [index, waiting] of batch.entries()) {
    const result = results[index] ?? 'alone';
    if (result === 'alone') waiting.resolve(null);
    else if ('begun' in result) waiting.resolve(result.begun);
    else waiting.reject(result.error);
  }
}
