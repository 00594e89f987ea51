import type { Database } from '../../db/client.ts';
import type { DateChangeDeps } from './date-change-deps.ts';
import * as repo from './date-changes.repository.ts';

/**
 * Gives back the difference of a cheaper change (by the site's policy), once: the provider
 * refunds under the change's own idempotency key, and the outcome is kept on the change.
 */
export async function refundDifference(
  db: Database,
  deps: DateChangeDeps,
  change: { id: string; orderId: string; toRefund: number },
) {
  const ok =
    (await deps.options
      .refund?.({ orderId: change.orderId, amount: change.toRefund, idempotencyKey: `${change.id}:refund` })
      .catch(() => false)) ?? false;
  const status = ok ? ('refunded' as const) : ('refund_failed' as const);
  await repo.transition(db, change.id, ['completed'], { refundStatus: status });
  return { amount: change.toRefund, status };
}

/** Asks again for refunds owed by changes completed just before a process stopped. */
export async function settleOwedRefunds(db: Database, deps: DateChangeDeps, olderThanSeconds = 60): Promise<number> {
  const owed = await repo.listOwedRefunds(db, olderThanSeconds);
  for (const change of owed) await refundDifference(db, deps, change);
  return owed.length;
}
