/** An order's date changes, every status, for its history in the console; read only. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dateChanges } from './date-changes.schema.ts';

export type DateChangeEntry = Pick<
  typeof dateChanges.$inferSelect,
  | 'id'
  | 'status'
  | 'fromTimeSpanId'
  | 'toTimeSpanId'
  | 'quantity'
  | 'fee'
  | 'toPay'
  | 'toRefund'
  | 'refundStatus'
  | 'createdAt'
  | 'completedAt'
>;

export function listOrderDateChanges(db: Database, orderId: string): Promise<DateChangeEntry[]> {
  return db
    .select({
      id: dateChanges.id,
      status: dateChanges.status,
      fromTimeSpanId: dateChanges.fromTimeSpanId,
      toTimeSpanId: dateChanges.toTimeSpanId,
      quantity: dateChanges.quantity,
      fee: dateChanges.fee,
      toPay: dateChanges.toPay,
      toRefund: dateChanges.toRefund,
      refundStatus: dateChanges.refundStatus,
      createdAt: dateChanges.createdAt,
      completedAt: dateChanges.completedAt,
    })
    .from(dateChanges)
    .where(eq(dateChanges.orderId, orderId))
    .orderBy(asc(dateChanges.createdAt));
}
