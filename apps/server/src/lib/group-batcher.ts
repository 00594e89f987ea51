/**
 * Group commit (decision 030): work that arrives while a batch is being written waits for it and
 * goes together in the next batch, so a rush is a few transactions of many rows instead of many
 * of one. The first to arrive at an idle batcher goes after `gatherMs` (at once without it; at the
 * end of this turn of the event loop with 0) with whatever arrived meanwhile.
 */
export type Waiting<I, O> = { item: I; resolve: (output: O) => void; reject: (error: unknown) => void };

export function createGroupBatcher<I, O>(
  /** Writes a batch; answers every waiting item (now or later). A throw rejects those still unanswered. */
  run: (batch: Waiting<I, O>[]) => Promise<void>,
  options: { max: number; gatherMs?: number },
): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let busy = false;

  async function drain() {
    busy = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, options.max);
        await run(batch).catch((error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        });
      }
    } finally {
      busy = false;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (busy) return;
      if (options.gatherMs === undefined) {
        void drain();
        return;
      }
      busy = true;
      if (options.gatherMs === 0) setImmediate(() => void drain());
      else setTimeout(() => void drain(), options.gatherMs);
    });
}
