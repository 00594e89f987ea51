import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { optionNames } from '../catalogue/catalogue-facts.ts';
import { findCompletedOrder } from '../orders/completed-orders.ts';
import { ticketShares, tickets } from './tickets.schema.ts';

export function listShares(db: Database, orderId: string) {
  return db.select().from(ticketShares).where(eq(ticketShares.orderId, orderId)).orderBy(asc(ticketShares.createdAt));
}

/** A share of a completed order of the site by its token hash; the share locked when asked. */
export async function findShare(db: Database, siteId: number, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(ticketShares).where(eq(ticketShares.tokenHash, tokenHash));
  const [share] = options.lock ? await query.for('update') : await query;
  const order = share ? await findCompletedOrder(db, siteId, share.orderId) : null;
  return share && order ? { share, order } : null;
}

export async function shareAdmissions(db: Database, shareId: string) {
  const found = await db.select().from(tickets).where(eq(tickets.shareId, shareId)).orderBy(asc(tickets.position));
  const names = await optionNames(
    db,
    found.map((t) => t.optionId),
  );
  return found.map((ticket) => ({ ticket, optionName: names.get(ticket.optionId) ?? {} }));
}

/** Moves admissions to a share (or within it, on claim); each one's earlier QR payloads stop working. */
export async function bumpGenerations(
  db: Database,
  ticketIds: string[],
  values: { shareId?: string } = {},
): Promise<{ id: string; generation: number }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .update(tickets)
    .set({ generation: sql`${tickets.generation} + 1`, ...(values.shareId ? { shareId: values.shareId } : {}) })
    .where(and(inArray(tickets.id, ticketIds), eq(tickets.status, 'valid')))
    .returning({ id: tickets.id, generation: tickets.generation });
}
