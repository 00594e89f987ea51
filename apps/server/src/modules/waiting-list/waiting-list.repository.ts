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
    .set({ status: 'bought', endedAt: sql`app_now()` })
    .where(and(inArray(waitingListEntries.id, ids), eq(waitingListEntries.status, 'offered')));
}

/** Offers past their time pass: their places went back with their order's hold. */
export async function lapseOffers(db: Database, timeSpanId: number): Promise<number> {
  const lapsed = await db
    .update(waitingListEntries)
    .set({ status: 'lapsed', endedAt: sql`app_now()` })
    .where(
      and(
        eq(waitingListEntries.timeSpanId, timeSpanId),
        eq(waitingListEntries.status, 'offered'),
        lte(waitingListEntries.offerExpiresAt, sql`app_now()`),
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
      offeredAt: sql`app_now()`,
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
    .set({ status: 'closed', endedAt: sql`app_now()` })
    .where(and(inArray(waitingListEntries.id, ids), inArray(waitingListEntries.status, ['waiting', 'offered'])));
}

export async function markLeft(db: Database, id: number): Promise<void> {
  await db.update(waitingListEntries).set({ status: 'left', endedAt: sql`app_now()` }).where(eq(waitingListEntries.id, id));
}

// The console's side (`waiting-list.console-routes.ts`): a product's list turned on and off, the
// venue's lists read, and an entry taken off by staff.

/** Turns a product's list on, or changes its offer time. */
export async function saveProductList(db: Database, list: { productId: number; siteId: number; offerMinutes: number }) {
  await db
    .insert(waitingListProducts)
    .values(list)
    .onConflictDoUpdate({
      target: waitingListProducts.productId,
      set: { offerMinutes: list.offerMinutes, updatedAt: sql`app_now()` },
    });
}

/** Turns a product's list off; false when it was off. */
export async function deleteProductList(db: Database, productId: number): Promise<boolean> {
  const deleted = await db
    .delete(waitingListProducts)
    .where(eq(waitingListProducts.productId, productId))
    .returning({ productId: waitingListProducts.productId });
  return deleted.length > 0;
}

/** Closes the entries still waiting on a product's lists (offered ones keep their offer); answers how many. */
export async function closeWaitingOfProduct(db: Database, productId: number): Promise<number> {
  const closed = await db
    .update(waitingListEntries)
    .set({ status: 'closed', endedAt: sql`app_now()` })
    .where(and(eq(waitingListEntries.productId, productId), eq(waitingListEntries.status, 'waiting')))
    .returning({ id: waitingListEntries.id });
  return closed.length;
}

/** The slots of a site that have (or had) entries, of one product when asked. */
export async function slotIdsWithEntries(db: Database, siteId: number, productId?: number): Promise<number[]> {
  const found = await db
    .selectDistinct({ timeSpanId: waitingListEntries.timeSpanId })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.siteId, siteId),
        productId === undefined ? undefined : eq(waitingListEntries.productId, productId),
      ),
    );
  return found.map((row) => row.timeSpanId);
}

export type ListedEntry = EntryRow & { position: number | null };

/**
 * The entries of these slots, slot by slot in the order given and in the order they joined, each
 * waiting one with its place among its slot's waiting entries; at most `limit`.
 */
export async function entriesOfSlots(db: Database, siteId: number, slotIds: number[], limit: number): Promise<ListedEntry[]> {
  if (slotIds.length === 0) return [];
  const slots = `{${slotIds.join(',')}}`;
  const found = await db
    .select({
      entry: waitingListEntries,
      // The window sees every entry of the slot (the where clause keeps whole slots), so the count is its place.
      waitingUpTo:
        sql<number>`count(*) filter (where ${waitingListEntries.status} = 'waiting') over (partition by ${waitingListEntries.timeSpanId} order by ${waitingListEntries.id})`.mapWith(
          Number,
        ),
    })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.siteId, siteId), sql`${waitingListEntries.timeSpanId} = any(${slots}::int[])`))
    .orderBy(sql`array_position(${slots}::int[], ${waitingListEntries.timeSpanId})`, asc(waitingListEntries.id))
    .limit(limit);
  return found.map((row) => ({ ...row.entry, position: row.entry.status === 'waiting' ? row.waitingUpTo : null }));
}

export async function findEntry(db: Database, siteId: number, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.siteId, siteId), eq(waitingListEntries.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}
