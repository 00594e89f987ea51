import type { Database } from '../../db/client.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { releaseOrderHolds } from '../stock/sell-places.ts';
import { changeError, type DateChangeDeps, inTransaction } from './date-change-deps.ts';
import * as repo from './date-changes.repository.ts';

/** `DELETE timechanges/{timechangeToken}`: the visitor gives up a pending change; its places go back. */
export async function cancelDateChange(db: Database, deps: DateChangeDeps, site: Site, timechangeToken: string): Promise<void> {
  const tokens = { timechangeToken };
  await inTransaction(db, async (tx) => {
    const change = await repo.findByToken(tx, site.id, hashToken(timechangeToken), { lock: true });
    if (!change) throw changeError('record not found', tokens);
    if (change.status !== 'pending') throw changeError('time change status is not pending', tokens);
    await repo.transition(tx, change.id, ['pending'], { status: 'cancelled' });
    await releaseOrderHolds(tx, change.id);
  });
  deps.options.onStockChanged?.();
}
