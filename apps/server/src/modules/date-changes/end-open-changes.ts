import type { Database } from '../../db/client.ts';
import { releaseOrderHolds } from '../stock/sell-places.ts';
import * as repo from './date-changes.repository.ts';

/**
 * Gives up an order's pending date changes, in the caller's transaction, when its admissions are
 * cancelled: the new slot's places they hold go back at once instead of when the hold lapses. A
 * change waiting for a payment is left to it (completing it finds the admissions cancelled, and a
 * capture that completes nothing is refunded). Returns how many it gave up.
 */
export async function endOpenChanges(tx: Database, orderId: string): Promise<number> {
  await releaseHeld(tx, await repo.expireLapsed(tx, orderId));
  const open = (await repo.openChanges(tx, orderId)).filter((change) => change.status === 'pending');
  for (const change of open) {
    const ended = await repo.transition(tx, change.id, ['pending'], { status: 'cancelled' });
    if (ended) await releaseOrderHolds(tx, change.id);
  }
  return open.length;
}

async function releaseHeld(tx: Database, ids: string[]) {
  for (const id of ids) await releaseOrderHolds(tx, id);
}
