/** Queries on the Google Wallet module's own tables. */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type GoogleWalletObjectRow,
  googleWalletClasses,
  googleWalletFeed,
  googleWalletObjects,
  googleWalletVenues,
} from './google-wallet.schema.ts';

const FEED = 'ticket_revocations';

export async function isVenueEnabled(db: Database, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ isEnabled: googleWalletVenues.isEnabled })
    .from(googleWalletVenues)
    .where(eq(googleWalletVenues.siteId, siteId));
  return row?.isEnabled ?? false;
}

/** Turns a venue's passes on or off; answers whether it was on before. */
export async function setVenueEnabled(db: Database, siteId: number, isEnabled: boolean): Promise<boolean> {
  const before = await isVenueEnabled(db, siteId);
  await db
    .insert(googleWalletVenues)
    .values({ siteId, isEnabled })
    .onConflictDoUpdate({ target: googleWalletVenues.siteId, set: { isEnabled, updatedAt: sql`app_now()` } });
  return before;
}

export async function knownClassIds(db: Database, classIds: string[]): Promise<Set<string>> {
  if (classIds.length === 0) return new Set();
  const rows = await db
    .select({ classId: googleWalletClasses.classId })
    .from(googleWalletClasses)
    .where(inArray(googleWalletClasses.classId, classIds));
  return new Set(rows.map((r) => r.classId));
}

export async function recordClass(db: Database, values: { classId: string; siteId: number; productId: number }): Promise<void> {
  await db
    .insert(googleWalletClasses)
    .values(values)
    .onConflictDoUpdate({ target: googleWalletClasses.classId, set: { updatedAt: sql`app_now()` } });
}

export async function objectsOf(db: Database, objectIds: string[]): Promise<Map<string, GoogleWalletObjectRow>> {
  if (objectIds.length === 0) return new Map();
  const rows = await db.select().from(googleWalletObjects).where(inArray(googleWalletObjects.objectId, objectIds));
  return new Map(rows.map((r) => [r.objectId, r]));
}

/** An object Google now holds at `generation`; a second maker's row (two save links at once) is left as it is. */
export async function recordObject(
  db: Database,
  values: {
    objectId: string;
    ticketId: string;
    shareId: string | null;
    siteId: number;
    classId: string;
    generation: number;
    state: 'ACTIVE' | 'INACTIVE';
  },
): Promise<void> {
  await db
    .insert(googleWalletObjects)
    .values({
      objectId: values.objectId,
      ticketId: values.ticketId,
      shareId: values.shareId,
      siteId: values.siteId,
      classId: values.classId,
      sentGeneration: values.generation,
      wantedGeneration: values.generation,
      state: values.state,
    })
    .onConflictDoNothing();
}

/** The object now shows `generation` (never lowered: a slower writer of an older one changes nothing). */
export async function recordSent(
  db: Database,
  objectId: string,
  generation: number,
  state: 'ACTIVE' | 'INACTIVE',
): Promise<void> {
  await db
    .update(googleWalletObjects)
    .set({
      sentGeneration: sql`greatest(${googleWalletObjects.sentGeneration}, ${generation})`,
      wantedGeneration: sql`greatest(${googleWalletObjects.wantedGeneration}, ${generation})`,
      state,
      attempts: 0,
      lastError: null,
      updatedAt: sql`app_now()`,
    })
    .where(eq(googleWalletObjects.objectId, objectId));
}

/** A failed update, tried again `delayMs` from now. */
export async function recordFailure(db: Database, objectId: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(googleWalletObjects)
    .set({
      attempts: sql`${googleWalletObjects.attempts} + 1`,
      lastError: error.slice(0, 1000),
      retryAt: sql`app_now() + ${delayMs} * interval '1 millisecond'`,
      updatedAt: sql`app_now()`,
    })
    .where(eq(googleWalletObjects.objectId, objectId));
}

/** The change feed says these admissions are at these generations: objects below them owe an update. */
export async function markWanted(db: Database, wanted: Map<string, number>): Promise<number> {
  if (wanted.size === 0) return 0;
  let marked = 0;
  const known = await db
    .select({
      objectId: googleWalletObjects.objectId,
      ticketId: googleWalletObjects.ticketId,
      wanted: googleWalletObjects.wantedGeneration,
    })
    .from(googleWalletObjects)
    .where(inArray(googleWalletObjects.ticketId, [...wanted.keys()]));
  for (const object of known) {
    const generation = wanted.get(object.ticketId) ?? 0;
    if (object.wanted >= generation) continue;
    const updated = await db
      .update(googleWalletObjects)
      .set({ wantedGeneration: sql`greatest(${googleWalletObjects.wantedGeneration}, ${generation})`, retryAt: sql`app_now()` })
      .where(eq(googleWalletObjects.objectId, object.objectId))
      .returning({ objectId: googleWalletObjects.objectId });
    marked += updated.length;
  }
  return marked;
}

/** Objects that owe an update and are due, oldest due first. */
export function owedObjects(db: Database, limit: number): Promise<GoogleWalletObjectRow[]> {
  return db
    .select()
    .from(googleWalletObjects)
    .where(
      and(
        gt(googleWalletObjects.wantedGeneration, googleWalletObjects.sentGeneration),
        lte(googleWalletObjects.retryAt, sql`app_now()`),
      ),
    )
    .orderBy(asc(googleWalletObjects.retryAt))
    .limit(limit);
}

export async function feedCursor(db: Database): Promise<number> {
  const [row] = await db
    .select({ afterId: googleWalletFeed.afterId })
    .from(googleWalletFeed)
    .where(eq(googleWalletFeed.name, FEED));
  return row?.afterId ?? 0;
}

/** Moves the cursor forward (never back: two processes may read the feed at once). */
export async function advanceCursor(db: Database, afterId: number): Promise<void> {
  await db
    .insert(googleWalletFeed)
    .values({ name: FEED, afterId })
    .onConflictDoUpdate({
      target: googleWalletFeed.name,
      set: { afterId: sql`greatest(${googleWalletFeed.afterId}, excluded.after_id)`, updatedAt: sql`app_now()` },
    });
}
