import type { Database } from '../../db/client.ts';
import { releaseOrderHolds } from '../stock/sell-places.ts';
import * as repo from './date-changes.repository.ts';

/** A pending change whose hold lapsed becomes expired (its holds go back); committed by the caller. */
export async function expireDateChange(tx: Database, change: repo.DateChangeRow) {
  const expired = await repo.transition(tx, change.id, ['pending', 'waiting'], { status: 'expired' });
  if (expired) await releaseOrderHolds(tx, change.id);
}

/** Gives back the holds of changes that ended without completing. */
export async function releaseChangeHolds(tx: Database, ids: string[]) {
  for (const id of ids) await releaseOrderHolds(tx, id);
}
