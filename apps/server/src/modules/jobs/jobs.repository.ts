/** The jobs module's statements over its two tables (decision 018). */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { backgroundJobs } from './jobs.schema.ts';

export type JobRow = typeof backgroundJobs.$inferSelect;
export type ItemStatus = 'pending' | 'done' | 'skipped' | 'failed';
export type TakenItem = { id: number; jobId: string; subject: string; attempts: number };

export async function insertJob(
  tx: Database,
  job: Pick<JobRow, 'kind' | 'siteId' | 'params' | 'requestedBy' | 'staffId'>,
): Promise<JobRow> {
  const [row] = await tx.insert(backgroundJobs).values(job).returning();
  if (!row) throw new Error('the job insert returned no row');
  return row;
}

/** Adds one item per subject the select names (its one column `subject`); answers how many were new. */
export async function addItems(tx: Database, jobId: string, subjects: SQL): Promise<number> {
  const [added] = await rows<{ n: number }>(
    tx,
    sql`with added as (
          insert into background_job_items (job_id, subject)
          select ${jobId}::uuid, s.subject::text from (${subjects}) s
          on conflict (job_id, subject) do nothing
          returning 1)
        select count(*)::int as n from added`,
  );
  return added?.n ?? 0;
}

/**
 * The next due item of a running job of one of `kinds`, locked until the caller's transaction
 * ends; items other workers hold are skipped. Null when there is none.
 */
export async function takeItem(tx: Database, kinds: string[]): Promise<TakenItem | null> {
  const [item] = await rows<{ id: number; job_id: string; subject: string; attempts: number }>(
    tx,
    sql`select i.id, i.job_id, i.subject, i.attempts
        from background_job_items i join background_jobs j on j.id = i.job_id
        where i.status = 'pending' and i.next_attempt_at <= app_now() and j.status = 'running'
          and j.kind = any(${`{${kinds.join(',')}}`}::text[])
        order by i.next_attempt_at, i.id
        limit 1
        for update of i skip locked`,
  );
  return item ? { id: Number(item.id), jobId: item.job_id, subject: item.subject, attempts: item.attempts } : null;
}

export async function finishItem(
  tx: Database,
  itemId: number,
  status: Exclude<ItemStatus, 'pending'>,
  result: Record<string, unknown>,
): Promise<void> {
  await tx.execute(
    sql`update background_job_items
        set status = ${status}, result = ${JSON.stringify(result)}::jsonb, attempts = attempts + 1, finished_at = app_now(), last_error = null
        where id = ${itemId}`,
  );
}

/** A failed attempt: tried again after `retryMs`, or given up as failed after `maxAttempts`. */
export async function recordItemError(
  db: Database,
  itemId: number,
  error: string,
  options: { maxAttempts: number; retryMs: number },
): Promise<void> {
  await db.execute(
    sql`update background_job_items
        set attempts = attempts + 1, last_error = ${error.slice(0, 2000)},
            status = case when attempts + 1 >= ${options.maxAttempts} then 'failed' else 'pending' end,
            finished_at = case when attempts + 1 >= ${options.maxAttempts} then app_now() end,
            next_attempt_at = app_now() + ${options.retryMs}::double precision * interval '1 millisecond'
        where id = ${itemId} and status = 'pending'`,
  );
}

/** Running jobs of `kinds` with no item pending, locked (others skip them) for the caller to end. */
export async function lockIdleJobs(tx: Database, kinds: string[]): Promise<JobRow[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`select j.id from background_jobs j
        where j.status = 'running' and j.kind = any(${`{${kinds.join(',')}}`}::text[])
          and not exists (select 1 from background_job_items i where i.job_id = j.id and i.status = 'pending')
        for update of j skip locked`,
  );
  if (found.length === 0) return [];
  return tx
    .select()
    .from(backgroundJobs)
    .where(sql`${backgroundJobs.id} = any(${`{${found.map((f) => f.id).join(',')}}`}::uuid[])`) as Promise<JobRow[]>;
}

export async function endJob(tx: Database, jobId: string): Promise<void> {
  await tx.execute(sql`update background_jobs set status = 'done', finished_at = app_now() where id = ${jobId}`);
}

export async function findJob(db: Database, jobId: string): Promise<JobRow | null> {
  const [row] = await db.select().from(backgroundJobs).where(sql`${backgroundJobs.id} = ${jobId}`);
  return row ?? null;
}

export async function listJobs(db: Database, siteId: number, kind: string, limit: number): Promise<JobRow[]> {
  return db
    .select()
    .from(backgroundJobs)
    .where(sql`${backgroundJobs.siteId} = ${siteId} and ${backgroundJobs.kind} = ${kind}`)
    .orderBy(sql`${backgroundJobs.createdAt} desc`)
    .limit(limit);
}

export type ItemCounts = Record<ItemStatus, number> & {
  total: number;
  firstFinishedAt: Date | null;
  lastFinishedAt: Date | null;
};

export async function countItems(db: Database, jobIds: string[]): Promise<Map<string, ItemCounts>> {
  if (jobIds.length === 0) return new Map();
  const found = await rows<{
    job_id: string;
    pending: number;
    done: number;
    skipped: number;
    failed: number;
    total: number;
    first_finished_at: string | null;
    last_finished_at: string | null;
  }>(
    db,
    sql`select job_id,
               (count(*) filter (where status = 'pending'))::int as pending,
               (count(*) filter (where status = 'done'))::int as done,
               (count(*) filter (where status = 'skipped'))::int as skipped,
               (count(*) filter (where status = 'failed'))::int as failed,
               count(*)::int as total,
               min(finished_at)::text as first_finished_at, max(finished_at)::text as last_finished_at
        from background_job_items where job_id = any(${`{${jobIds.join(',')}}`}::uuid[])
        group by job_id`,
  );
  return new Map(
    found.map((r) => [
      r.job_id,
      {
        pending: r.pending,
        done: r.done,
        skipped: r.skipped,
        failed: r.failed,
        total: r.total,
        firstFinishedAt: r.first_finished_at ? new Date(r.first_finished_at) : null,
        lastFinishedAt: r.last_finished_at ? new Date(r.last_finished_at) : null,
      },
    ]),
  );
}

export type ItemView = { subject: string; status: ItemStatus; result: Record<string, unknown> | null; lastError: string | null };

/** A job's items in one status (all when null), in the order they were added. */
export async function listItems(db: Database, jobId: string, status: ItemStatus | null, limit: number): Promise<ItemView[]> {
  const found = await rows<{
    subject: string;
    status: ItemStatus;
    result: Record<string, unknown> | null;
    last_error: string | null;
  }>(
    db,
    sql`select subject, status, result, last_error from background_job_items
        where job_id = ${jobId}::uuid ${status ? sql`and status = ${status}` : sql``}
        order by id limit ${limit}`,
  );
  return found.map((r) => ({ subject: r.subject, status: r.status, result: r.result, lastError: r.last_error }));
}

/** The numbers one result field holds across a job's done items, added up. */
export async function sumResultField(db: Database, jobId: string, field: string): Promise<number> {
  const [found] = await rows<{ total: string | null }>(
    db,
    sql`select sum((result->>${field})::bigint)::text as total from background_job_items
        where job_id = ${jobId}::uuid and status = 'done'`,
  );
  return Number(found?.total ?? 0);
}

/** The strings one result field's array holds across a job's done items. */
export async function resultFieldElements(db: Database, jobId: string, field: string): Promise<string[]> {
  const found = await rows<{ value: string }>(
    db,
    sql`select jsonb_array_elements_text(result->${field}) as value from background_job_items
        where job_id = ${jobId}::uuid and status = 'done' and jsonb_typeof(result->${field}) = 'array'`,
  );
  return found.map((r) => r.value);
}

/** A job's done items whose result has a value in one field. */
export async function countResultField(db: Database, jobId: string, field: string): Promise<number> {
  const [found] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from background_job_items
        where job_id = ${jobId}::uuid and status = 'done' and result->>${field} is not null`,
  );
  return found?.n ?? 0;
}
