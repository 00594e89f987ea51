/** Queries on the waiting list's own tables. */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { waitingListEntries, waitingListProducts } from './waiting-list.schema.ts';

export type EntryRow = typeof waitingListEntries.$inferSelect;
export type NewEntry = typeof waitingListEntries.$inferInsert;

/** How long an offer of this product holds its places; null when its list is off. */
export async function offerMinutesOf(db: Database, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ minutes: waitingListProducts.offerMinutes })
    .from(waitingListProducts)
    .where(eq(waitingListProducts.productId, productId));
  return row?.minutes ?? null;
}

/** The site's products with a list on, and their offer times. */
export async function productsWithList(db: Database, siteId: number): Promise<{ productId: number; offerMinutes: number }[]> {
  return db
    .select({ productId: waitingListProducts.productId, offerMinutes: waitingListProducts.offerMinutes })
    .from(waitingListProducts)
    .where(eq(waitingListProducts.siteId, siteId))
    .orderBy(asc(waitingListProducts.productId));
}

/** A new entry; null when the address is already on the slot's list. */
export async function insertEntry(db: Database, entry: NewEntry): Promise<EntryRow | null> {
  const [row] = await db.insert(waitingListEntries).values(entry).onConflictDoNothing().returning();
  return row ?? null;
}

/** An entry's place among the slot's waiting entries (1 is next). */
export async function positionOf(db: Database, entry: Pick<EntryRow, 'id' | 'timeSpanId'>): Promise<number> {
  const [row] = await rows<{ position: number }>(
    db,
    sql`select count(*)::int as position from waiting_list_entries
        where time_span_id = ${entry.timeSpanId} and status = 'waiting' and id <= ${entry.id}`,
  );
  return row?.position ?? 0;
}

export async function findByLeaveToken(db: Database, siteId: number, leaveTokenHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.siteId, siteId), eq(waitingListEntries.leaveTokenHash, leaveTokenHash)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Slots with entries waiting or offered: the ones a round looks at, in the order they were joined. */
export async function slotsWithEntries(db: Database): Promise<{ timeSpanId: number; siteId: number }[]> {
  return rows<{ timeSpanId: number; siteId: number }>(
    db,
    sql`select time_span_id as "timeSpanId", min(site_id)::int as "siteId" from waiting_list_entries
        where status in ('waiting', 'offered') group by time_span_id order by min(id)`,
  );
}

/**
 * Serialises the rounds of one slot across every process and connection for the rest of the
 * transaction: two rounds of a slot never offer at once, so each place is offered once and in
 * list order.
 */
export async function lockSlotList(db: Database, timeSpanId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${WAITING_LIST_LOCK_CLASS}, ${timeSpanId})`);
}
/** The advisory lock class of the waiting lists' slot locks (any constant no other lock uses). */
const WAITING_LIST_LOCK_CLASS = 7_200_001;

export function offeredEntries(db: Database, timeSpanId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.timeSpanId, timeSpanId), eq(waitingListEntries.status, 'offered')));
}

export function waitingEntries(db: Database, timeSpanId: number, limit: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.timeSpanId, timeSpanId), eq(waitingListEntries.status, 'waiting')))
    .orderBy(asc(waitingListEntries.id))
    .limit(limit);
}

export async function markBought(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(waitingListEntries)
    .set({ status: 'bought', endedAt: sql`now()` })
    .where(and(inArray(waitingListEntries.id, ids), eq(waitingListEntries.status, 'offered')));
}

/** Offers past their time pass: their places went back with their order's hold. */
export async function lapseOffers(db: Database, timeSpanId: number): Promise<number> {
  const lapsed = await db
    .update(waitingListEntries)
    .set({ status: 'lapsed', endedAt: sql`now()` })
    .where(
      and(
        eq(waitingListEntries.timeSpanId, timeSpanId),
        eq(waitingListEntries.status, 'offered'),
        lte(waitingListEntries.offerExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: waitingListEntries.id });
  return lapsed.length;
}

/** Marks a waiting entry offered; false when it is no longer waiting (offered by another round, or left). */
export async function markOffered(
  db: Database,
  id: number,
  offer: { orderId: string; expiresAt: Date; leaveTokenHash: string },
): Promise<boolean> {
  const marked = await db
    .update(waitingListEntries)
    .set({
      status: 'offered',
      orderId: offer.orderId,
      offeredAt: sql`now()`,
      offerExpiresAt: offer.expiresAt,
      leaveTokenHash: offer.leaveTokenHash,
    })
    .where(and(eq(waitingListEntries.id, id), eq(waitingListEntries.status, 'waiting')))
    .returning({ id: waitingListEntries.id });
  return marked.length > 0;
}

/** Entries that can no longer be offered anything (the slot is over or gone, their tickets no longer sold). */
export async function closeEntries(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(waitingListEntries)
    .set({ status: 'closed', endedAt: sql`now()` })
    .where(and(inArray(waitingListEntries.id, ids), inArray(waitingListEntries.status, ['waiting', 'offered'])));
}

export async function markLeft(db: Database, id: number): Promise<void> {
  await db.update(waitingListEntries).set({ status: 'left', endedAt: sql`now()` }).where(eq(waitingListEntries.id, id));
}
