/**
 * The tables the jobs module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`).
 * A long piece of background work is a job with one item per unit of work (an order to cancel and
 * refund, say). Workers in any number of processes each take one item at a time in a transaction
 * that locks it (`for update skip locked`) and marks it done in the same transaction as the work,
 * so a process that dies mid-item leaves it pending and unlocked, and no item is done twice
 * (decision 018).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';

export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs its items (`slot_cancellation`, ...). */
    kind: text('kind').notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** running → done; a running job's items are taken by any worker. */
    status: text('status', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    /** What the handler needs to do each item, as the request that started the job gave it. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** Who started it, as the audit log names them. */
    requestedBy: text('requested_by').notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('background_jobs_site_idx').on(t.siteId, t.kind, t.createdAt),
    index('background_jobs_running_idx').on(t.createdAt).where(sql`${t.status} = 'running'`),
  ],
);

export const backgroundJobItems = pgTable(
  'background_job_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    /** What the item is about (an order's id); one item per subject and job. */
    subject: text('subject').notNull(),
    /** pending → done (worked) | skipped (nothing left to do) | failed (gave up after errors). */
    status: text('status', { enum: ['pending', 'done', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    /** What the handler recorded when it did the item. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A failed attempt waits until then before the next. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('background_job_items_subject').on(t.jobId, t.subject),
    index('background_job_items_job_idx').on(t.jobId, t.status),
    index('background_job_items_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('background_job_items_attempts', sql`${t.attempts} >= 0`),
  ],
);
