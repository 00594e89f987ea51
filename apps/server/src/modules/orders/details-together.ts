/**
 * An order's details under a rush (decision 031): every buyer sends their sign-in fields and
 * method once, as a read of the order and a write that must find it unchanged. Reads and writes
 * that arrive while one is being made go together in the next, one statement for all of them.
 * Each write still lands only on the version its buyer read, and answers that buyer alone: a write
 * not made (the order changed since, the same order twice in a batch, a statement that failed)
 * leaves the caller to change the order locked, as it would have without batching.
 */
import type { Database } from '../../db/client.ts';
import { createGroupBatcher } from '../../lib/group-batcher.ts';
import * as repo from './orders.repository.ts';

/** At most this many orders are read, or written, in one statement. */
const MAX_BATCH = 100;

export type DetailsWrites = {
  /** The order of a site's token hash, unlocked, with its row version; null when the site has none. */
  read(key: { siteId: number; tokenHash: string }): Promise<repo.VersionedOrder | null>;
  /** The order with `values`, if it is still the version read; null, having written nothing, otherwise. */
  write(write: repo.DetailsWrite): Promise<repo.OrderRow | null>;
};

/**
 * A process's details reads and writes. Each gathers what arrives in the same turn of the event
 * loop (`gatherMs` 0: no wait a visitor could notice), and what arrives while it is being made.
 */
export function createDetailsWrites(
  db: Database,
  options: { gatherMs?: number; logger?: { warn(obj: unknown, msg: string): void } } = {},
): DetailsWrites {
  const batching = { max: MAX_BATCH, gatherMs: options.gatherMs ?? 0 };
  const read = createGroupBatcher<{ siteId: number; tokenHash: string }, repo.VersionedOrder | null>(async (batch) => {
    const found = await repo.readOrderVersions(db, [...new Set(batch.map(({ item }) => item.tokenHash))]);
    const byHash = new Map(found.map((order) => [order.tokenHash, order]));
    for (const { item, resolve } of batch) {
      const order = byHash.get(item.tokenHash);
      resolve(order?.siteId === item.siteId ? order : null);
    }
  }, batching);

  const write = createGroupBatcher<repo.DetailsWrite, repo.OrderRow | null>(async (batch) => {
    // One statement per set of columns written (a rush's buyers all send the same), each order once.
    const groups = new Map<string, typeof batch>();
    const seen = new Set<string>();
    for (const waiting of batch) {
      if (seen.has(waiting.item.orderId)) {
        waiting.resolve(null);
        continue;
      }
      seen.add(waiting.item.orderId);
      const columns = Object.keys(waiting.item.values).sort().join();
      const group = groups.get(columns);
      if (group) group.push(waiting);
      else groups.set(columns, [waiting]);
    }
    for (const group of groups.values()) {
      // A statement that fails writes nothing: each buyer's order is then changed locked, alone.
      const written = await repo
        .updateOrdersIfUnchanged(
          db,
          group.map(({ item }) => item),
        )
        .catch((error: unknown) => {
          options.logger?.warn({ err: error, orders: group.length }, 'writing order details together failed; writing each alone');
          return [];
        });
      const byId = new Map(written.map((order) => [order.id, order]));
      for (const { item, resolve } of group) resolve(byId.get(item.orderId) ?? null);
    }
  }, batching);

  return { read, write };
}
