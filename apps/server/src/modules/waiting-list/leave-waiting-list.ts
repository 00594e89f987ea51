/**
 * The "leave the waiting list" link of the list's mails: the entry ends, and places offered to it
 * go back at once (to the next on the list at the next round). Leaving twice is not an error.
 */
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './waiting-list.repository.ts';
import { inTransaction, type WaitingListDeps } from './waiting-list-deps.ts';

export async function leaveWaitingList(db: Database, deps: WaitingListDeps, site: Site, leaveToken: string): Promise<void> {
  const ended = await inTransaction(db, async (tx) => {
    const entry = await repo.findByLeaveToken(tx, site.id, hashToken(leaveToken), { lock: true });
    if (!entry) throw specError('record not found', { message: 'this link is not valid' });
    if (entry.status !== 'waiting' && entry.status !== 'offered') return false;
    await endEntry(tx, deps, entry, 'left');
    return true;
  });
  // Places offered to it went back, or the list is owed fewer: availability and the list move on.
  if (ended) deps.orders.stockChanged();
}

/**
 * Ends an entry still on its list (locked by the caller) as `left` (the visitor's link) or `closed`
 * (staff took it off), in the caller's transaction: the temporary order of its offer is given up
 * and its places go back at once. Answers whether places went back.
 */
export async function endEntry(
  tx: Database,
  deps: WaitingListDeps,
  entry: repo.EntryRow,
  status: 'left' | 'closed',
): Promise<boolean> {
  if (status === 'left') await repo.markLeft(tx, entry.id);
  else await repo.closeEntries(tx, [entry.id]);
  return entry.status === 'offered' && entry.orderId !== null && (await deps.orders.releaseOfferOrder(tx, entry.orderId));
}
