/**
 * What the tickets module recorded about one order, for its history in the console: every
 * admission (shared away or not, cancelled or not) with its gate check-in, the shares made and
 * claimed, and every check-in. Read only; takes the database or the caller's transaction first.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optionNames } from '../catalogue/catalogue-facts.ts';
import { checkIns, ticketShares, tickets } from './tickets.schema.ts';

export type OrderAdmissionRow = typeof tickets.$inferSelect & {
  optionName: Record<string, string>;
  checkedInAt: Date | null;
};

export async function listOrderAdmissions(db: Database, orderId: string): Promise<OrderAdmissionRow[]> {
  const found = await db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.position));
  const entries = await listOrderCheckIns(db, orderId);
  const names = await optionNames(
    db,
    found.map((t) => t.optionId),
  );
  return found.map((ticket) => ({
    ...ticket,
    optionName: names.get(ticket.optionId) ?? {},
    checkedInAt: entries.find((c) => c.ticketId === ticket.id && c.mode === 'gate')?.checkedInAt ?? null,
  }));
}

export type ShareEntry = Pick<typeof ticketShares.$inferSelect, 'id' | 'quantity' | 'createdAt' | 'claimedAt'>;

export function listOrderShares(db: Database, orderId: string): Promise<ShareEntry[]> {
  return db
    .select({
      id: ticketShares.id,
      quantity: ticketShares.quantity,
      createdAt: ticketShares.createdAt,
      claimedAt: ticketShares.claimedAt,
    })
    .from(ticketShares)
    .where(eq(ticketShares.orderId, orderId))
    .orderBy(asc(ticketShares.createdAt));
}

export type CheckInEntry = Pick<typeof checkIns.$inferSelect, 'ticketId' | 'mode' | 'method' | 'gate' | 'checkedInAt'> & {
  position: number;
};

export function listOrderCheckIns(db: Database, orderId: string): Promise<CheckInEntry[]> {
  return db
    .select({
      ticketId: checkIns.ticketId,
      position: tickets.position,
      mode: checkIns.mode,
      method: checkIns.method,
      gate: checkIns.gate,
      checkedInAt: checkIns.checkedInAt,
    })
    .from(checkIns)
    .innerJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(checkIns.checkedInAt));
}
