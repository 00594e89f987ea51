/** Queries on the Apple Wallet module's own tables. */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appleWalletFeed, appleWalletPasses, appleWalletRegistrations, appleWalletVenues } from './wallet.schema.ts';

export type VenueRow = typeof appleWalletVenues.$inferSelect;
export type PassRow = typeof appleWalletPasses.$inferSelect;

/** Copies of one pass handed out whose tokens stay good: a visitor adding it on a second phone keeps the first. */
const KEPT_TOKENS = 8;

export async function findVenue(db: Database, siteId: number): Promise<VenueRow | null> {
  const [row] = await db.select().from(appleWalletVenues).where(eq(appleWalletVenues.siteId, siteId));
  return row ?? null;
}

export async function saveVenue(
  db: Database,
  siteId: number,
  values: Pick<VenueRow, 'isEnabled' | 'latitude' | 'longitude'>,
): Promise<VenueRow> {
  const [row] = await db
    .insert(appleWalletVenues)
    .values({ siteId, ...values })
    .onConflictDoUpdate({ target: appleWalletVenues.siteId, set: { ...values, updatedAt: sql`app_now()` } })
    .returning();
  if (!row) throw new Error('the venue’s Apple Wallet settings were not saved');
  return row;
}

/**
 * Records a pass handed out with a new token. Handed to whoever held it before, its tokens are kept
 * (the newest few); handed to someone else (a share claimed), the earlier holder's tokens stop
 * working and the pass counts as changed.
 */
export async function recordIssuedPass(
  db: Database,
  pass: { serialNumber: string; siteId: number; tokenHash: string; shareId: string | null; generation: number },
  now: Date,
): Promise<void> {
  const sameHolder = sql`${appleWalletPasses.shareId} is not distinct from excluded.share_id`;
  await db
    .insert(appleWalletPasses)
    .values({
      serialNumber: pass.serialNumber,
      siteId: pass.siteId,
      authTokenHashes: [pass.tokenHash],
      shareId: pass.shareId,
      generation: pass.generation,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: appleWalletPasses.serialNumber,
      set: {
        authTokenHashes: sql`case when ${sameHolder}
          then (array[excluded.auth_token_hashes[1]] || ${appleWalletPasses.authTokenHashes})[1:${KEPT_TOKENS}]
          else excluded.auth_token_hashes end`,
        shareId: sql`excluded.share_id`,
        generation: sql`greatest(${appleWalletPasses.generation}, excluded.generation)`,
        updatedAt: sql`case when ${sameHolder} and ${appleWalletPasses.generation} >= excluded.generation
          then ${appleWalletPasses.updatedAt}
          else greatest(excluded.updated_at, date_trunc('second', ${appleWalletPasses.updatedAt}) + interval '1 second') end`,
      },
    });
}

export async function findPass(db: Database, serialNumber: string): Promise<PassRow | null> {
  const [row] = await db.select().from(appleWalletPasses).where(eq(appleWalletPasses.serialNumber, serialNumber));
  return row ?? null;
}

/** Registers a device for a pass's updates; true when it was not registered before. */
export async function register(db: Database, device: string, serialNumber: string, pushToken: string): Promise<boolean> {
  const created = await db
    .insert(appleWalletRegistrations)
    .values({ deviceLibraryIdentifier: device, serialNumber, pushToken })
    .onConflictDoNothing()
    .returning({ serialNumber: appleWalletRegistrations.serialNumber });
  if (created.length > 0) return true;
  await db
    .update(appleWalletRegistrations)
    .set({ pushToken })
    .where(
      and(eq(appleWalletRegistrations.deviceLibraryIdentifier, device), eq(appleWalletRegistrations.serialNumber, serialNumber)),
    );
  return false;
}

export async function unregister(db: Database, device: string, serialNumber: string): Promise<void> {
  await db
    .delete(appleWalletRegistrations)
    .where(
      and(eq(appleWalletRegistrations.deviceLibraryIdentifier, device), eq(appleWalletRegistrations.serialNumber, serialNumber)),
    );
}

/** The passes a device is registered for, changed after `since` when given. */
export async function passesOfDevice(
  db: Database,
  device: string,
  since: Date | null,
): Promise<{ serialNumber: string; updatedAt: Date }[]> {
  return db
    .select({ serialNumber: appleWalletPasses.serialNumber, updatedAt: appleWalletPasses.updatedAt })
    .from(appleWalletRegistrations)
    .innerJoin(appleWalletPasses, eq(appleWalletPasses.serialNumber, appleWalletRegistrations.serialNumber))
    .where(
      and(
        eq(appleWalletRegistrations.deviceLibraryIdentifier, device),
        since ? gt(appleWalletPasses.updatedAt, since) : undefined,
      ),
    );
}

/** The passes of these admissions whose generation is below the one given, moved to it; those moved. */
export async function markChanged(db: Database, serialNumber: string, generation: number, now: Date): Promise<boolean> {
  const moved = await db
    .update(appleWalletPasses)
    // Into the next second at least: Last-Modified counts seconds, and a device asking with the
    // previous one must not be told nothing changed.
    .set({
      generation,
      updatedAt: sql`greatest(${now.toISOString()}::timestamptz, date_trunc('second', ${appleWalletPasses.updatedAt}) + interval '1 second')`,
    })
    .where(and(eq(appleWalletPasses.serialNumber, serialNumber), lt(appleWalletPasses.generation, generation)))
    .returning({ serialNumber: appleWalletPasses.serialNumber });
  return moved.length > 0;
}

export async function passesOf(db: Database, serialNumbers: string[]): Promise<PassRow[]> {
  if (serialNumbers.length === 0) return [];
  return db.select().from(appleWalletPasses).where(inArray(appleWalletPasses.serialNumber, serialNumbers));
}

export async function pushTokensOf(db: Database, serialNumber: string): Promise<string[]> {
  const found = await db
    .selectDistinct({ pushToken: appleWalletRegistrations.pushToken })
    .from(appleWalletRegistrations)
    .where(eq(appleWalletRegistrations.serialNumber, serialNumber));
  return found.map((r) => r.pushToken);
}

export async function removePushToken(db: Database, pushToken: string): Promise<void> {
  await db.delete(appleWalletRegistrations).where(eq(appleWalletRegistrations.pushToken, pushToken));
}

const FEED = 'revocations';

export async function feedCursor(db: Database): Promise<number> {
  const [row] = await db.select({ afterId: appleWalletFeed.afterId }).from(appleWalletFeed).where(eq(appleWalletFeed.name, FEED));
  return row?.afterId ?? 0;
}

/** Moves the cursor forward (never back: another process may be further on). */
export async function advanceFeedCursor(db: Database, afterId: number): Promise<void> {
  await db
    .insert(appleWalletFeed)
    .values({ name: FEED, afterId })
    .onConflictDoUpdate({
      target: appleWalletFeed.name,
      set: { afterId: sql`greatest(${appleWalletFeed.afterId}, excluded.after_id)`, updatedAt: sql`app_now()` },
    });
}
