/**
 * The mail written about one order (its `order_id`), for its history in the console: listed
 * without bodies, and one as it was sent. Read only; takes the database or the caller's transaction first.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outbox } from './mail.schema.ts';
import { isMailId, type OutboxMail } from './outbox.repository.ts';

export type OrderMailEntry = Pick<OutboxMail, 'id' | 'kind' | 'toAddress' | 'subject' | 'status' | 'createdAt' | 'sentAt'>;

export function listOrderMails(db: Database, orderId: string): Promise<OrderMailEntry[]> {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(eq(outbox.orderId, orderId))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/** One mail of the order with its bodies; null for another order's, an unknown or a malformed id. */
export async function findOrderMail(db: Database, orderId: string, mailId: string): Promise<OutboxMail | null> {
  if (!isMailId(mailId)) return null;
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, mailId), eq(outbox.orderId, orderId)));
  return row ?? null;
}
