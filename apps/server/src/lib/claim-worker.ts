/**
 * A worker for an outbox-like table (mail, webhook deliveries): rows written in the transaction
 * that causes them are claimed in batches under a lease (`for update skip locked`, their next
 * attempt moved past the lease, so no two processes hold one row) and handled after commit. It
 * polls for retries and other processes' rows, and is kicked after a writing transaction commits.
 */
export type ClaimWorker = {
  /** Starts a drain soon, without waiting for it; never throws. */
  kick(): void;
  /** Handles everything due now and resolves with how many rows were handled. Never rejects. */
  drain(): Promise<number>;
  /** Stops polling and waits for the work under way. */
  stop(): Promise<void>;
};

/**
 * How claimed rows are handled and their outcomes recorded: each row by itself (`handle`), or a
 * whole batch at once (`handleBatch`, which can record its outcomes together). A throw is logged,
 * and the lease brings the rows back.
 */
type RowHandling<T> =
  | { handle(row: T): Promise<void>; handleBatch?: never }
  | { handleBatch(rows: T[]): Promise<void>; handle?: never };

export type ClaimWorkerOptions<T> = RowHandling<T> & {
  /** Takes up to `limit` due rows (already leased away from other claims). */
  claim(limit: number): Promise<T[]>;
  /** What the rows are, for the log ("mail", "webhook delivery"). */
  what: string;
  intervalMs: number;
  batchSize: number;
  /**
   * How long a kick waits for more kicks before draining (0: at once). Under a rush each commit
   * kicks; gathering them claims and records many rows per statement instead of one or two, and
   * keeps the worker's statements from crowding the requests' (back-pressure).
   */
  gatherMs?: number;
  logger: { error(obj: unknown, msg: string): void };
};

export function createClaimWorker<T>(options: ClaimWorkerOptions<T>): ClaimWorker {
  const { logger, what } = options;
  let stopped = false;
  /** The drain under way, and at most one queued behind it for callers that came during it. */
  let current: Promise<number> | null = null;
  let next: Promise<number> | null = null;

  async function run(): Promise<number> {
    let handled = 0;
    try {
      // Claimed rows are either handled or leased away, so each round takes new rows until none are due.
      while (!stopped) {
        const batch = await options.claim(options.batchSize);
        if (batch.length === 0) break;
        // In parallel, so the whole batch is done within one attempt's timeouts, well inside the claim lease.
        await Promise.all(
          (options.handleBatch ? [options.handleBatch(batch)] : batch.map((row) => options.handle(row))).map((work) =>
            work.catch((error: unknown) => {
              // The database failed while recording the outcome; the lease brings the row back later.
              logger.error({ err: error }, `recording the outcome of a ${what} failed`);
            }),
          ),
        );
        handled += batch.length;
      }
    } catch (error) {
      logger.error({ err: error }, `claiming ${what} failed`);
    }
    return handled;
  }

  function drain(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (!current) {
      current = run().finally(() => {
        current = null;
      });
      return current;
    }
    // Rows committed while a drain runs may be missed by it: run once more after it.
    next ??= current.then(() => {
      next = null;
      return drain();
    });
    return next;
  }

  const timer = setInterval(() => void drain(), options.intervalMs);
  // Polling alone must not keep the process alive.
  timer.unref();
  let gathering: ReturnType<typeof setTimeout> | null = null;

  return {
    kick() {
      if (!options.gatherMs) {
        void drain();
        return;
      }
      gathering ??= setTimeout(() => {
        gathering = null;
        void drain();
      }, options.gatherMs);
    },
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (gathering) clearTimeout(gathering);
      await Promise.all([current, next]);
    },
  };
}
