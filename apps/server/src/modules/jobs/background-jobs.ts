/**
 * Durable background jobs (decision 018): what other modules may call. A job is a list of items
 * (one order each, say) that workers in any number of processes take one at a time. An item is
 * taken in a transaction that locks its row, the handler does its work in that same transaction,
 * and the item is marked done before it commits: the work and "done" commit together or not at
 * all. A process killed mid-item drops its connection, the database rolls the transaction back
 * and unlocks the row, and the next worker to look takes it again. Nothing waits for a lease.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

export type { ItemCounts, ItemStatus, ItemView, JobRow } from './jobs.repository.ts';

export type ItemOutcome = {
  status: 'done' | 'skipped';
  /** Kept on the item: what the progress screen and the job's totals read. */
  result: Record<string, unknown>;
  /** Work that must not hold the item's transaction open (a payment provider's call), run after it commits. */
  afterCommit?: () => Promise<void>;
};

export type JobHandler = {
  kind: string;
  /** Does one item in `tx`, the transaction that also marks it done. Throwing rolls both back. */
  work(tx: Database, job: repo.JobRow, subject: string): Promise<ItemOutcome>;
  /**
   * When no item is pending: subjects that have turned up since the job started, as a select of
   * one column `subject` (already-listed ones are ignored). The job ends when it adds none.
   */
  sweep?(tx: Database, job: repo.JobRow): Promise<SQL | null>;
};

/** Starts a job in the caller's transaction with an item per subject the select names. */
export async function startJob(
  tx: Database,
  job: Pick<repo.JobRow, 'kind' | 'siteId' | 'params' | 'requestedBy' | 'staffId'>,
  subjects: SQL,
): Promise<{ job: repo.JobRow; items: number }> {
  const row = await repo.insertJob(tx, job);
  return { job: row, items: await repo.addItems(tx, row.id, subjects) };
}

export const findJob = repo.findJob;
export const listJobs = repo.listJobs;
export const countItems = repo.countItems;
export const listItems = repo.listItems;
export const sumResultField = repo.sumResultField;
export const resultFieldElements = repo.resultFieldElements;
export const countResultField = repo.countResultField;

export type JobWorkerOptions = {
  /** Items worked at once in this process (1 on an embedded single-connection database). */
  concurrency?: number;
  /** How often an idle worker looks for items other processes added. */
  pollMs?: number;
  /** An item whose work keeps throwing is given up (and listed as failed) after this many attempts. */
  maxAttempts?: number;
  retryMs?: number;
  logger?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

export type JobWorker = {
  /** Looks for work now (a job was just started). */
  kick(): void;
  /** Works until nothing is due (tests, and the bench): answers the number of items it took. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

export function createJobWorker(db: Database, handlers: JobHandler[], options: JobWorkerOptions = {}): JobWorker {
  const byKind = new Map(handlers.map((h) => [h.kind, h]));
  const kinds = [...byKind.keys()];
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryMs = options.retryMs ?? 10_000;
  const logger = options.logger ?? { warn: () => {}, error: () => {} };
  let stopped = false;
  /** Loops waiting for work; `wakeAll` sets them going (a job started here, work found, the stop). */
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const woken = waiting;
    waiting = [];
    for (const go of woken) go();
  };

  /** Takes and works one item; false when none is due. */
  async function takeOne(): Promise<boolean> {
    let taken: repo.TakenItem | null = null;
    let after: (() => Promise<void>) | undefined;
    try {
      const found = await db.transaction(async (tx) => {
        const t = tx as Database;
        const item = await repo.takeItem(t, kinds);
        if (!item) return false;
        taken = item;
        const job = await repo.findJob(t, item.jobId);
        const handler = job ? byKind.get(job.kind) : undefined;
        if (!job || !handler) throw new Error(`no handler for the job of item ${item.id}`);
        const outcome = await handler.work(t, job, item.subject);
        await repo.finishItem(t, item.id, outcome.status, outcome.result);
        after = outcome.afterCommit;
        return true;
      });
      if (!found) return false;
    } catch (error) {
      const item = taken as repo.TakenItem | null;
      if (!item) throw error;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, itemId: item.id, jobId: item.jobId }, 'a job item failed; it will be tried again');
      await repo.recordItemError(db, item.id, message, { maxAttempts, retryMs });
      return true;
    }
    if (after) {
      // The item is done; what runs after commit has its own way back (the reconciler asks again).
      await after().catch((error: unknown) => logger.warn({ err: error }, 'after-commit work of a job item failed'));
    }
    return true;
  }

  /** Ends the running jobs with no item pending, unless their sweep finds more. */
  async function endIdleJobs(): Promise<number> {
    return db.transaction(async (tx) => {
      const t = tx as Database;
      let added = 0;
      for (const job of await repo.lockIdleJobs(t, kinds)) {
        const sweep = await byKind.get(job.kind)?.sweep?.(t, job);
        const found = sweep ? await repo.addItems(t, job.id, sweep) : 0;
        added += found;
        if (found === 0) await repo.endJob(t, job.id);
      }
      return added;
    });
  }

  /** Works items until none is due, then ends what is finished; answers the items taken. */
  async function round(): Promise<number> {
    let taken = 0;
    for (;;) {
      while (!stopped && (await takeOne())) {
        // There is work: the waiting loops join in.
        if (taken++ === 0) wakeAll();
      }
      if (stopped || (await endIdleJobs()) === 0) return taken;
    }
  }

  /** Waits to be woken, or `ms` at the most (null: only when woken). */
  function waitForWork(ms: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === null ? null : setTimeout(go, ms);
      timer?.unref?.();
      function go() {
        if (timer) clearTimeout(timer);
        resolve();
      }
      waiting.push(go);
    });
  }

  /**
   * One loop of the process's `concurrency`. Only the first looks for work on a timer when idle
   * (items other processes added, retries come due); the others wait until it, or a job started
   * here, wakes them, so an idle process asks the database once a poll, not once per loop.
   */
  async function loop(index: number): Promise<void> {
    while (!stopped) {
      try {
        await round();
      } catch (error) {
        logger.error({ err: error }, 'the job worker could not take work');
      }
      if (!stopped) await waitForWork(index === 0 ? pollMs : null);
    }
  }

  const loops = kinds.length > 0 ? Array.from({ length: concurrency }, (_, index) => loop(index)) : [];

  return {
    kick: wakeAll,
    drain: async () => {
      let taken = 0;
      for (;;) {
        const more = await round();
        taken += more;
        if (more === 0) return taken;
      }
    },
    stop: async () => {
      stopped = true;
      wakeAll();
      await Promise.all(loops);
    },
  };
}
