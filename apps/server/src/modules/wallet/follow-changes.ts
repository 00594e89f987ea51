/**
 * Keeps handed-out passes in step with their admissions (decision 027). Every process follows the
 * tickets' change feed (`revocationsAfter`: a share or claim, a date change, a cancellation) from
 * this module's cursor; a pass whose admission moved to a newer generation is marked changed (its
 * tag moves) and every device registered for it gets a push, after which it fetches the pass again.
 * Ids of the feed commit only roughly in order, so each round re-reads a short overlap behind the
 * cursor; the move to a newer generation is one conditional update, so a change is pushed once
 * however many rounds or processes see it.
 */

import type { AppleWalletConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { revocationsAfter } from '../tickets/revocations.ts';
import { pushPassUpdates } from './apns.ts';
import * as repo from './wallet.repository.ts';

export const APPLE_WALLET_FOLLOW_MS = 5_000;
/** Feed ids behind the cursor read again each round, for changes that committed after a later id. */
const OVERLAP = 100;
const BATCH = 500;

export type FollowDeps = {
  db: Database;
  config: AppleWalletConfig;
  logger: { warn(obj: unknown, msg: string): void };
};

/** One round: passes changed and devices pushed; how many passes changed. */
export async function followPassChanges(deps: FollowDeps, now = () => clock.now()): Promise<number> {
  let cursor = await repo.feedCursor(deps.db);
  let from = Math.max(0, cursor - OVERLAP);
  let changed = 0;
  for (;;) {
    const revocations = await revocationsAfter(deps.db, from, BATCH);
    if (revocations.length === 0) break;
    const passes = new Map(
      (await repo.passesOf(deps.db, [...new Set(revocations.map((r) => r.ticketId))])).map((p) => [p.serialNumber, p]),
    );
    // The newest generation the feed names for each admission that has a pass.
    const newest = new Map<string, number>();
    for (const r of revocations)
      if (passes.has(r.ticketId)) newest.set(r.ticketId, Math.max(newest.get(r.ticketId) ?? 0, r.generation));
    for (const [serialNumber, generation] of newest) {
      if (!(await repo.markChanged(deps.db, serialNumber, generation, now()))) continue;
      changed += 1;
      const tokens = await repo.pushTokensOf(deps.db, serialNumber);
      const outcome = await pushPassUpdates(deps.config, tokens);
      for (const token of outcome.gone) await repo.removePushToken(deps.db, token);
      if (outcome.failed > 0) deps.logger.warn({ serialNumber, failed: outcome.failed }, 'pass update pushes failed');
    }
    const last = revocations[revocations.length - 1]?.id ?? from;
    if (last > cursor) {
      await repo.advanceFeedCursor(deps.db, last);
      cursor = last;
    }
    if (revocations.length < BATCH) break;
    from = last;
  }
  return changed;
}
