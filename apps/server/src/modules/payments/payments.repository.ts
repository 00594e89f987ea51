/** The payment ledger (schema: payments, payment_events). */

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { idArray, rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import { paymentEvents, payments } from './payments.schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

/**
 * Writes an order's next attempt: numbered after its others (`attempt`), with the idempotency key
 * `{order id}:{attempt}` a provider is given, in one statement. The caller holds the order's lock.
 */
export async function insertNextAttempt(
  db: Database,
  values: Omit<typeof payments.$inferInsert, 'attempt' | 'idempotencyKey'>,
): Promise<PaymentRow> {
  const [row] = await insertNextAttempts(db, [values]);
  if (!row) throw new Error('the payment was not written');
  return row;
}

/** `insertNextAttempt` for attempts of different orders, in one statement; rows in the order given. */
export async function insertNextAttempts(
  db: Database,
  values: Omit<typeof payments.$inferInsert, 'attempt' | 'idempotencyKey'>[],
): Promise<PaymentRow[]> {
  if (values.length === 0) return [];
  // Each order's next attempt number follows its last; the caller holds the order locked (and
  // `payments_order_attempt` refuses a number taken twice).
  const last = await db
    .select({ orderId: payments.orderId, attempt: sql<number>`max(${payments.attempt})::int` })
    .from(payments)
    .where(sql`${payments.orderId} = any(${idArray([...new Set(values.map((row) => row.orderId))])}::uuid[])`)
    .groupBy(payments.orderId);
  const attempts = new Map(last.map((row) => [row.orderId, row.attempt]));
  const written = await insertRows(
    db,
    payments,
    values.map((row) => {
      const attempt = (attempts.get(row.orderId) ?? 0) + 1;
      attempts.set(row.orderId, attempt);
      return { ...row, attempt, idempotencyKey: `${row.orderId}:${attempt}` };
    }),
    { returning: true },
  );
  const byNumber = new Map(written.map((row) => [row.paymentNumber, row]));
  return values.map((row) => {
    const found = byNumber.get(row.paymentNumber);
    if (!found) throw new Error('a payment was not written');
    return found;
  });
}

export async function findPayment(db: Database, paymentNumber: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(payments).where(eq(payments.paymentNumber, paymentNumber));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findByReference(db: Database, provider: PaymentRow['provider'], reference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return row ?? null;
}

export async function isLatestAttempt(db: Database, payment: PaymentRow): Promise<boolean> {
  const [row] = await db
    .select({ latest: sql<number>`max(${payments.attempt})::int` })
    .from(payments)
    .where(eq(payments.orderId, payment.orderId));
  return row?.latest === payment.attempt;
}

/** Moves a payment on only from the statuses given; null when it had already moved (another delivery won). */
export async function transition(
  db: Database,
  id: string,
  from: PaymentStatus[],
  values: Partial<typeof payments.$inferInsert> & { status: PaymentStatus },
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: sql`app_now()` })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning();
  return row ?? null;
}

/** Keeps a provider answer or notification; false when this event was kept before. */
export async function recordEvent(
  db: Database,
  event: { paymentId: string; eventKey: string; kind: string; data: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Attempts the provider may still be deciding: asked about, voided when given up. */
export const OPEN_STATUSES: PaymentStatus[] = ['started', 'requires_action', 'pending'];

/**
 * Claims up to `limit` rows the ledger still owes something for, least recently checked first, and
 * marks them checked: money that moved (captured, failed, refunds owed) before attempts still
 * waiting, and waiting ones only once they are `olderThanSeconds` old. Rows checked since `since`
 * are left for the next run, so a run pages through every row once; rows another process is
 * settling (locked) are skipped, so processes share the work.
 */
export async function claimUnsettled(
  db: Database,
  options: { olderThanSeconds: number; since: Date; limit: number },
): Promise<PaymentRow[]> {
  const ids = await rows<{ id: string }>(
    db,
    sql`
    update payments set last_checked_at = app_clock_timestamp()
    where id in (
      select id from payments
      where settled_at is null
        and (last_checked_at is null or last_checked_at < ${options.since.toISOString()}::timestamptz)
        and (status not in ('started', 'requires_action', 'pending')
             or updated_at < app_now() - make_interval(secs => ${options.olderThanSeconds}))
      order by (status in ('started', 'requires_action', 'pending')), last_checked_at nulls first, updated_at
      limit ${options.limit}
      for update skip locked)
    returning id`,
  );
  if (ids.length === 0) return [];
  const found = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.id,
        ids.map((row) => row.id),
      ),
    );
  // Keep the claim's order: captured before waiting.
  const position = new Map(ids.map((row, index) => [row.id, index]));
  return found.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/** The database's clock, which every process shares. */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await rows<{ now: string }>(db, sql`select app_clock_timestamp()::text as now`);
  return new Date(row?.now ?? clock.nowMs());
}

/**
 * Marks the payment that completed its order (or date change), in the completing transaction,
 * and answers whether other attempts for it are still open at a provider (read with the payable
 * locked, so no new one can begin). The unique indexes `payments_completes_order` / `payments_completes_change` let only one win.
 */
export async function markCompleting(db: Database, id: string): Promise<boolean> {
  return (await markCompletingMany(db, [id])).get(id) ?? false;
}

/** `markCompleting` for payments completing together: answers, by payment id, whether others of its payable are still open. */
export async function markCompletingMany(db: Database, ids: string[]): Promise<Map<string, boolean>> {
  if (ids.length === 0) return new Map();
  const marked = await rows<{ id: string; open_siblings: boolean }>(
    db,
    sql`update payments p set completed_at = app_now(), settled_at = app_now(), updated_at = app_now() where p.id = any(${idArray(ids)}::uuid[])
        returning p.id, exists (
          select 1 from payments s
          where s.order_id = p.order_id and s.id <> p.id and s.time_change_id is not distinct from p.time_change_id
            and s.status in (${sql.join(
              OPEN_STATUSES.map((status) => sql`${status}`),
              sql`, `,
            )})
        ) as open_siblings`,
  );
  return new Map(marked.map((row) => [row.id, row.open_siblings]));
}

/** Several payments, locked in id order (two batches never wait on each other crosswise). */
export function lockPayments(db: Database, ids: string[]): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(sql`${payments.id} = any(${idArray(ids)}::uuid[])`)
    .orderBy(asc(payments.id))
    .for('update');
}

/**
 * Captures providers just answered, in one statement: each payment still open becomes captured
 * with its provider's reference (`transition` from the open statuses). Answers the rows it moved.
 */
export async function recordCaptures(db: Database, captures: { id: string; reference: string }[]): Promise<PaymentRow[]> {
  if (captures.length === 0) return [];
  // Each payment's own reference comes from one JSON parameter read as a record set.
  const each = sql`jsonb_to_recordset(${JSON.stringify(captures)}::jsonb) as each(id uuid, reference text)`;
  return db
    .update(payments)
    .set({
      status: 'captured',
      providerReference: sql`each.reference` as unknown as string,
      settledAt: null,
      updatedAt: sql`app_now()` as unknown as Date,
    })
    .from(each)
    .where(and(sql`${payments.id} = each.id`, inArray(payments.status, OPEN_STATUSES)))
    .returning();
}

/** `recordEvent` for several events in one statement; those kept before are left as they were. */
export async function recordEvents(
  db: Database,
  events: { paymentId: string; eventKey: string; kind: string; data: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  await insertRows(db, paymentEvents, events, { skipConflicts: true });
}

/** The ledger owes nothing more for this row. */
export async function markSettled(db: Database, id: string): Promise<void> {
  await db
    .update(payments)
    .set({ settledAt: sql`app_now()` })
    .where(and(eq(payments.id, id), sql`${payments.settledAt} is null`));
}

/** Payments for an order itself (`dateChangeId` null), or for one of its date changes. */
const paying = (orderId: string, dateChangeId: string | null) =>
  and(
    eq(payments.orderId, orderId),
    dateChangeId === null ? sql`${payments.dateChangeId} is null` : eq(payments.dateChangeId, dateChangeId),
  );

/** The payment that completed an order (`dateChangeId` null) or a date change; null when none has. */
export async function completingPayment(db: Database, orderId: string, dateChangeId: string | null) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(paying(orderId, dateChangeId), sql`${payments.completedAt} is not null`));
  return row ?? null;
}

/** The other attempts for the same order or date change that a provider may still capture. */
export function openSiblings(db: Database, payment: PaymentRow) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        paying(payment.orderId, payment.dateChangeId),
        sql`${payments.id} <> ${payment.id}`,
        inArray(payments.status, OPEN_STATUSES),
      ),
    );
}
