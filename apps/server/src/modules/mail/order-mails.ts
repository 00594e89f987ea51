/**
 * The mail written about one order (its `order_id`), for its history in the console: listed
 * without bodies, and one as it was sent with the secrets of its links masked. Read only; takes
 * the database or the caller's transaction first.
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

/**
 * A link's secret in a mail: a 128-bit token in base64url (`lib/tokens.ts`), standing alone as a
 * path segment or a query value (the ticket, share, mail-confirm and unsubscribe links).
 */
const LINK_SECRET = /(?<=[/=#])[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g;
const MASKED_SECRET = '••••••';

/**
 * Staff see a mail as the visitor got it, but not the bearer tokens in its links: a token opens
 * the visitor's booking (date change, sharing), which reading an order must not hand out.
 */
function maskLinkSecrets(body: string): string {
  return body.replace(LINK_SECRET, MASKED_SECRET);
}

/** One mail of the order with its bodies, links' secrets masked; null for another order's, an unknown or a malformed id. */
export async function findOrderMail(db: Database, orderId: string, mailId: string): Promise<OutboxMail | null> {
  if (!isMailId(mailId)) return null;
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, mailId), eq(outbox.orderId, orderId)));
  if (!row) return null;
  return { ...row, textBody: maskLinkSecrets(row.textBody), htmlBody: maskLinkSecrets(row.htmlBody) };
}
