/**
 * What the ledger recorded about one order, for its history in the console: every payment
 * attempt (the order's and its date changes'), every provider answer and notification, and the
 * refunds made after completion. Read only; takes the database or the caller's transaction first.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentEvents, payments, refunds } from './payments.schema.ts';

export type PaymentAttempt = Pick<
  typeof payments.$inferSelect,
  | 'id'
  | 'paymentNumber'
  | 'attempt'
  | 'method'
  | 'provider'
  | 'amount'
  | 'currency'
  | 'status'
  | 'dateChangeId'
  | 'failureReason'
  | 'createdAt'
  | 'completedAt'
>;

export function listOrderPayments(db: Database, orderId: string): Promise<PaymentAttempt[]> {
  return db
    .select({
      id: payments.id,
      paymentNumber: payments.paymentNumber,
      attempt: payments.attempt,
      method: payments.method,
      provider: payments.provider,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      dateChangeId: payments.dateChangeId,
      failureReason: payments.failureReason,
      createdAt: payments.createdAt,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.attempt));
}

/** A provider's answer or notification; its data stays in the ledger (it may hold provider details). */
export type PaymentEventEntry = { paymentId: string; paymentNumber: string; kind: string; createdAt: Date };

export function listOrderPaymentEvents(db: Database, orderId: string): Promise<PaymentEventEntry[]> {
  return db
    .select({
      paymentId: paymentEvents.paymentId,
      paymentNumber: payments.paymentNumber,
      kind: paymentEvents.kind,
      createdAt: paymentEvents.createdAt,
    })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
}

export type RefundEntry = typeof refunds.$inferSelect & { paymentNumber: string | null };

export async function listOrderRefunds(db: Database, orderId: string): Promise<RefundEntry[]> {
  const found = await db
    .select({ refund: refunds, paymentNumber: payments.paymentNumber })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
  return found.map((row) => ({ ...row.refund, paymentNumber: row.paymentNumber }));
}
