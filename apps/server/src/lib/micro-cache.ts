import { LRUCache } from 'lru-cache';

/**
 * A small read-through cache for answers that may be a little old: concurrent misses for one key
 * share one load, and an entry is never served after `ttlMs`. Values are the serialised response
 * bytes, so a hit costs no query and no serialisation.
 */
export function createMicroCache(options: { ttlMs: number; max: number }) {
  const cache = new LRUCache<string, Buffer, () => Promise<Buffer>>({
    max: options.max,
    ttl: options.ttlMs,
    // An entry lives `ttlMs` from when its load finished: keep the ttl under the staleness budget.
    allowStale: false,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    async get(key: string, load: () => Promise<unknown>): Promise<Buffer> {
      // A hit is answered without the bookkeeping of a fetch.
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const serialised = async () => Buffer.from(JSON.stringify(await load()));
      let own: Promise<Buffer> | undefined;
      try {
        const value = await cache.fetch(key, { context: () => (own = serialised()) });
        if (value !== undefined) return value;
      } catch {
        // A `clear()` while the load ran (a stock or catalogue change) aborts the cached fetch. The
        // request still gets its answer, uncached: its own load's result or error, or, when it had
        // joined another request's load, a load of its own.
      }
      return own ?? serialised();
    },
    // Clearing resets arrays as long as `max`; a rush clears on every sale, mostly an empty cache.
    clear: () => {
      if (cache.size > 0) cache.clear();
    },
  };
}
