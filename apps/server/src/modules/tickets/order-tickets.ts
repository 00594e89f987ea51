/**
 * A completed order's admissions and the reservation tokens that open them, for this module and
 * for the modules that move or look up a ticket (date changes, check-in, reservation inquiry).
 * Each takes the database or the caller's transaction first.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optionNames } from '../catalogue/catalogue-facts.ts';
import { findCompletedByReservationToken, findCompletedOrder, type OrderRow } from '../orders/completed-orders.ts';
import { recordRevocations } from './revocations.ts';
import { checkIns, ticketAccessTokens, tickets } from './tickets.schema.ts';

export type { OrderRow };
export type TicketRow = typeof tickets.$inferSelect;

/** What a reservation token opens: the whole party (holder) or one claimed share (receiver). */
export type Access = { order: OrderRow; shareId: string | null };

export async function findAccess(db: Database, siteId: number, tokenHash: string): Promise<Access | null> {
  const own = await findCompletedByReservationToken(db, siteId, tokenHash);
  if (own) return { order: own, shareId: null };
  const further = await db
    .select({ orderId: ticketAccessTokens.orderId, shareId: ticketAccessTokens.shareId })
    .from(ticketAccessTokens)
    .where(eq(ticketAccessTokens.tokenHash, tokenHash));
  for (const token of further) {
    const order = await findCompletedOrder(db, siteId, token.orderId);
    if (order) return { order, shareId: token.shareId };
  }
  return null;
}

export type AdmissionRow = TicketRow & {
  optionName: Record<string, string>;
  checkedInAt: Date | null;
  setHandedOverAt: Date | null;
};

/** The admissions a page shows: the holder's (not shared away) or one share's, in position order. */
export async function listAdmissions(db: Database, access: Access, options: { lock?: boolean } = {}): Promise<AdmissionRow[]> {
  const owner = access.shareId === null ? isNull(tickets.shareId) : eq(tickets.shareId, access.shareId);
  const query = db
    .select({
      ticket: tickets,
      // Qualified by hand: in a select list Drizzle writes columns bare, and a bare "id" in the
      // subquery would be the check-in's own id, never the ticket's.
      checkedInAt: sql<Date | null>`(select max(c.checked_in_at) from ${checkIns} c where c.ticket_id = ${tickets}.id and c.mode = 'gate')`,
      setHandedOverAt: sql<Date | null>`(select max(c.checked_in_at) from ${checkIns} c where c.ticket_id = ${tickets}.id and c.mode = 'set')`,
    })
    .from(tickets)
    .where(and(eq(tickets.orderId, access.order.id), owner))
    .orderBy(asc(tickets.position));
  const found = options.lock ? await query.for('update') : await query;
  const names = await optionNames(
    db,
    found.map((r) => r.ticket.optionId),
  );
  return found.map((r) => ({
    ...r.ticket,
    optionName: names.get(r.ticket.optionId) ?? {},
    checkedInAt: r.checkedInAt === null ? null : new Date(r.checkedInAt),
    setHandedOverAt: r.setHandedOverAt === null ? null : new Date(r.setHandedOverAt),
  }));
}

/** Every admission of an order, shared away or not; locked for the rest of the transaction when asked. */
export async function listOrderTickets(db: Database, orderId: string, options: { lock?: boolean } = {}): Promise<TicketRow[]> {
  const query = db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.position));
  return options.lock ? query.for('update') : query;
}

/** Re-issues every still-valid admission of an order moved to another slot: codes of the old one stop working. */
export async function reissueOrderTickets(db: Database, orderId: string, moved: { from: number; to: number }): Promise<number> {
  const updated = await db
    .update(tickets)
    .set({ generation: sql`${tickets.generation} + 1` })
    .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'valid')))
    .returning({ id: tickets.id, generation: tickets.generation });
  await recordRevocations(db, updated, orderId, 'changed', moved);
  return updated.length;
}

/** A further reservation token for an order (stored hashed), e.g. for the link in a mail sent later. */
export async function addAccessToken(
  db: Database,
  values: { tokenHash: string; orderId: string; source: 'inquiry' | 'share' | 'time_change'; shareId?: string },
): Promise<void> {
  await db.insert(ticketAccessTokens).values(values);
}
