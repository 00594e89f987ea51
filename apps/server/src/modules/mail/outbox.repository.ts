/**
 * The mail outbox. A mail is written in the transaction that causes it (so a rolled-back checkout
 * sends nothing) and sent afterwards by the outbox worker, which may run in any number of processes.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { idArray } from '../../db/rows.ts';
import { outbox } from './mail.schema.ts';

export type OutboxMail = typeof outbox.$inferSelect;
export type NewOutboxMail = Pick<
  typeof outbox.$inferInsert,
  'siteId' | 'orderId' | 'kind' | 'toAddress' | 'fromAddress' | 'subject' | 'textBody' | 'htmlBody' | 'lang'
>;
export type MailSummary = Pick<
  OutboxMail,
  'id' | 'siteId' | 'kind' | 'toAddress' | 'subject' | 'lang' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt'
>;

/** A claimed mail is invisible to other claims this long; a process that dies mid-send gives it back then. */
const CLAIM_LEASE = sql`interval '5 minutes'`;
/** After this many failed attempts a mail stays 'failed' and is not retried. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** Waiting time before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isMailId(value: string): boolean {
  return UUID.test(value);
}

export async function enqueueMail(db: Database, mail: NewOutboxMail): Promise<OutboxMail> {
  const [row] = await db
    .insert(outbox)
    .values({ ...mail, status: 'pending' })
    .returning();
  if (!row) throw new Error('the outbox insert returned no row');
  return row;
}

/** Several mails in one statement (the confirmations of orders completed together); the rows are not read back. */
export async function enqueueMails(db: Database, mails: NewOutboxMail[]): Promise<void> {
  if (mails.length === 0) return;
  await insertRows(
    db,
    outbox,
    mails.map((mail) => ({ ...mail, status: 'pending' as const })),
  );
}

/**
 * Takes up to `limit` due mails for sending. The rows are locked while being taken and skipped by
 * concurrent claims (`for update skip locked`), and their next attempt moves past the lease, so no
 * two processes ever hold the same mail. `attempts` in the result already counts this attempt.
 */
export async function claimDueMail(db: Database, limit: number): Promise<OutboxMail[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`app_now()`)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`app_now() + ${CLAIM_LEASE}` })
    .where(inArray(outbox.id, due))
    .returning();
  // `returning` keeps no order; send the oldest first.
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markSent(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`app_now()`, lastError: null })
    .where(sql`${outbox.id} = any(${idArray(ids)}::uuid[])`);
}

/** No SMTP server is configured: the mails are kept for the development mail viewer. */
export async function markStored(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ status: 'stored', lastError: null })
    .where(sql`${outbox.id} = any(${idArray(ids)}::uuid[])`);
}

/**
 * Records a failed attempt. `attempts` is the row's count after the claim that failed; the mail
 * is tried again after an exponential back-off, or given up as 'failed' after MAX_ATTEMPTS.
 */
export async function markFailed(db: Database, id: string, error: string, attempts: number): Promise<void> {
  const lastError = error.slice(0, 2000);
  if (attempts >= MAX_ATTEMPTS) {
    await db.update(outbox).set({ status: 'failed', lastError }).where(eq(outbox.id, id));
    return;
  }
  const delay = sql`app_now() + ${retryDelayMs(attempts)}::double precision * interval '1 millisecond'`;
  await db.update(outbox).set({ status: 'pending', lastError, nextAttemptAt: delay }).where(eq(outbox.id, id));
}

const summaryColumns = {
  id: outbox.id,
  siteId: outbox.siteId,
  kind: outbox.kind,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  lang: outbox.lang,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

/** The newest mails first, without their bodies. */
export function listMail(db: Database, options: { limit: number }): Promise<MailSummary[]> {
  return db.select(summaryColumns).from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(options.limit);
}

/** One mail with its bodies; null for an unknown or malformed id. */
export async function getMail(db: Database, id: string): Promise<OutboxMail | null> {
  if (!isMailId(id)) return null;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

/** The newest mail to an address (compared without regard to case); null when there is none. */
export async function findLatestMailTo(db: Database, toAddress: string): Promise<MailSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(outbox)
    .where(sql`lower(${outbox.toAddress}) = lower(${toAddress})`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  return row ?? null;
}
