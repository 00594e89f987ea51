/** The payment ledger (schema: payments, payment_events). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

export async function insertPayment(db: Database, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('the payment was not written');
  return row;
}

export async function nextAttempt(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${payments.attempt}), 0)::int + 1` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return row?.n ?? 1;
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
    .set({ ...values, updatedAt: sql`now()` })
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

/**
 * Payments to settle without the visitor: under way for a while, paid but not yet turned into
 * tickets, failed without their order released, or a refund still owed.
 */
export function listUnsettled(db: Database, olderThanSeconds: number, limit = 50) {
  return db
    .select()
    .from(payments)
    .where(
      sql`(${payments.status} in ('started', 'requires_action', 'pending') and ${payments.updatedAt} < now() - make_interval(secs => ${olderThanSeconds}))
          or ${payments.status} = 'refund_pending'
          or (${payments.status} in ('captured', 'failed')
              and (exists (select 1 from orders o where o.id = ${payments.orderId} and o.status = 'paying')
                   or exists (select 1 from time_changes tc where tc.id = ${payments.timeChangeId} and tc.status = 'waiting'))
              -- only the order's latest attempt speaks for it
              and not exists (select 1 from payments later where later.order_id = ${payments.orderId} and later.attempt > ${payments.attempt}))`,
    )
    .limit(limit);
}

/** The order's latest captured payment of at least `amount` (what a partial refund comes out of). */
export async function latestCaptured(db: Database, orderId: string, amount: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured'), sql`${payments.amount} >= ${amount}`))
    .orderBy(sql`${payments.attempt} desc`)
    .limit(1);
  return row ?? null;
}
