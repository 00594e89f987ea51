/**
 * Passes that follow their admissions (decision 028). Every process runs rounds; a round
 *
 * 1. reads the tickets module's change feed (`revocationsAfter`) from a little behind its cursor —
 *    ids are handed out before commit, so one may appear after a higher one was read — and marks
 *    each object of an admission the feed names as owing the generation it names (never lower), then
 *    moves the cursor on (never back). Reading a row twice changes nothing.
 * 2. PATCHes each owed object that is due with the admission as it stands now: the new slot's
 *    times and code, `INACTIVE` once it is cancelled — or, for an object of someone it no longer
 *    belongs to (shared away, or a share's object after the share was taken back), `INACTIVE`
 *    alone. A failed call is tried again after a back-off; the owed generation stays until one
 *    succeeds, so no change is lost. Two processes sending the same PATCH do no harm.
 */
import { revocationsAfter } from '../tickets/revocations.ts';
import { walletAdmissionsByIds } from '../tickets/wallet-admissions.ts';
import * as repo from './google-wallet.repository.ts';
import type { GoogleWalletDeps } from './google-wallet-deps.ts';
import { eventTicketObjectChanges } from './pass-content.ts';

/** How often every process looks at the feed. */
export const GOOGLE_WALLET_ROUND_MS = 10_000;
/** Feed rows re-read behind the cursor, for ids that committed after higher ones. */
const FEED_OVERLAP = 200;
const FEED_BATCH = 500;
const OBJECT_BATCH = 50;

/** Waiting time after `attempts` failed updates: 30 s, 1 min, 2 min, … at most an hour. */
function googleWalletRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60 * 1000);
}

export type RoundResult = { read: number; marked: number; updated: number; failed: number };

export async function followAdmissionChanges(
  deps: GoogleWalletDeps,
  options: { retryDelayMs?: (attempts: number) => number } = {},
): Promise<RoundResult> {
  const { db, config, api } = deps;
  const result: RoundResult = { read: 0, marked: 0, updated: 0, failed: 0 };
  if (!config || !api) return result;
  const retryDelayMs = options.retryDelayMs ?? googleWalletRetryDelayMs;

  // 1. The feed, from a little behind the cursor.
  let cursor = await repo.feedCursor(db);
  let from = Math.max(cursor - FEED_OVERLAP, 0);
  for (;;) {
    const rows = await revocationsAfter(db, from, FEED_BATCH);
    if (rows.length === 0) break;
    result.read += rows.length;
    const wanted = new Map<string, number>();
    for (const row of rows) wanted.set(row.ticketId, Math.max(wanted.get(row.ticketId) ?? 0, row.generation));
    result.marked += await repo.markWanted(db, wanted);
    from = rows.at(-1)?.id ?? from;
    if (from > cursor) {
      await repo.advanceCursor(db, from);
      cursor = from;
    }
    if (rows.length < FEED_BATCH) break;
  }

  // 2. The objects that owe an update (each tried once a round, however short its back-off).
  const tried = new Set<string>();
  for (;;) {
    const owed = (await repo.owedObjects(db, OBJECT_BATCH)).filter((o) => !tried.has(o.objectId));
    if (owed.length === 0) break;
    for (const object of owed) tried.add(object.objectId);
    const admissions = new Map(
      (
        await walletAdmissionsByIds(
          db,
          deps.keys,
          owed.map((o) => o.ticketId),
        )
      ).map((a) => [a.id, a]),
    );
    for (const object of owed) {
      const admission = admissions.get(object.ticketId);
      const site = admission ? await deps.siteById(admission.siteId) : null;
      try {
        if (!admission || !site) {
          // Gone with its order: nothing left to show.
          await repo.recordSent(db, object.objectId, object.wantedGeneration, object.state);
          continue;
        }
        const isTheirs = admission.shareId === object.shareId;
        const changes = isTheirs ? eventTicketObjectChanges(admission, site) : { state: 'INACTIVE' as const };
        await api.patchObject(object.objectId, changes);
        await repo.recordSent(db, object.objectId, Math.max(admission.generation, object.wantedGeneration), changes.state);
        result.updated += 1;
      } catch (error) {
        result.failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        deps.logger?.warn(
          { objectId: object.objectId, attempts: object.attempts + 1, error: message },
          'a Google Wallet pass could not be updated; it will be tried again',
        );
        await repo.recordFailure(db, object.objectId, message, retryDelayMs(object.attempts + 1));
      }
    }
  }
  return result;
}
