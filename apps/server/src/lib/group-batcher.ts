/**
 * Group commit (decision 030): work that arrives while a batch is being written waits for it and
 * goes together in the next batch, so a rush is a few transactions of many rows instead of many
 * of one. The first to arrive at an idle batcher goes after `gatherMs` (at once without it; at the
 * end of this turn of the event loop with 0) with whatever arrived meanwhile. With `whileBusy`
 * (decision 032) it goes sooner: at the end of the first turn of the event loop in which no
 * batcher of this process received anything.
 */
export type Waiting<I, O> = { item: I; resolve: (output: O) => void; reject: (error: unknown) => void };

export type GatherOptions = {
  /** At most this many a batch. */
  max: number;
  /** How long the first to arrive at an idle batcher waits for others (see above). */
  gatherMs?: number;
  /**
   * Stop waiting as soon as the process has nothing else to move: on an engine that never waits
   * on I/O (PGlite), every request that could still join has joined by then, and waiting longer
   * leaves the process idle. Not for engines reached over the network, whose answers come in
   * turns of their own.
   */
  whileBusy?: boolean;
};

/** Arrivals at every batcher of this process, for `whileBusy`: while they keep coming, work is still moving. */
let arrivals = 0;

export function createGroupBatcher<I, O>(
  /** Writes a batch; answers every waiting item (now or later). A throw rejects those still unanswered. */
  run: (batch: Waiting<I, O>[]) => Promise<void>,
  options: GatherOptions,
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

  /** Waits turn by turn while any batcher still receives work, until `until` at the latest. */
  function gatherWhileBusy(until: number, seen: number) {
    setImmediate(() => {
      if (arrivals !== seen && queue.length < options.max && performance.now() < until) gatherWhileBusy(until, arrivals);
      else void drain();
    });
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      arrivals += 1;
      queue.push({ item, resolve, reject });
      if (busy) return;
      if (options.gatherMs === undefined) {
        void drain();
        return;
      }
      busy = true;
      if (options.whileBusy) gatherWhileBusy(performance.now() + options.gatherMs, arrivals);
      else if (options.gatherMs === 0) setImmediate(() => void drain());
      else setTimeout(() => void drain(), options.gatherMs);
    });
}
