/**
 * A venue's `sites` row read and written for the flows that set a venue up and change its
 * settings (`venue-setup`): this module alone writes its table. Each runs in the caller's
 * transaction; the caller checks what it is given first.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { invalidField, specError } from '../../http/errors.ts';
import type { Site } from './site.ts';
import { sites } from './sites.schema.ts';

/** A new venue's row, all but what the table numbers itself. */
export type NewVenueRow = Omit<typeof sites.$inferInsert, 'id' | 'position'>;
/** The columns a settings change may write. */
export type VenueRowChanges = Partial<Omit<typeof sites.$inferInsert, 'id' | 'variant' | 'code' | 'kind' | 'position'>>;

/** The venue's `sites` row as it is now (not the cached one); locked until the transaction ends when asked. */
export async function readVenue(db: Database, siteId: number, options: { lock?: boolean } = {}): Promise<Site> {
  const query = db.select().from(sites).where(eq(sites.id, siteId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw specError('not found', { message: 'no such venue' });
  return row;
}

/**
 * Inserts a venue, placed after the others. Venue creations take turns, so the check that its
 * code and variant are free stays true until the insert; the shop's reads of `sites` do not wait
 * for this lock.
 */
export async function insertVenue(db: Database, row: NewVenueRow): Promise<Site> {
  await db.execute(sql`lock table ${sites} in share row exclusive mode`);
  await checkKeysAreFree(db, row);
  const [{ next } = { next: 0 }] = await rows<{ next: number }>(
    db,
    sql`select coalesce(max(${sites.position}) + 1, 0)::int as next from ${sites}`,
  );
  const [site] = await db
    .insert(sites)
    .values({ ...row, position: next })
    .returning();
  if (!site) throw new Error(`could not insert venue ${row.code}`);
  return site;
}

/** Writes `changes` to a venue the caller holds locked (`readVenue` with `lock`). */
export async function updateVenue(db: Database, siteId: number, changes: VenueRowChanges): Promise<Site> {
  const [updated] = await db.update(sites).set(changes).where(eq(sites.id, siteId)).returning();
  if (!updated) throw new Error(`venue ${siteId} vanished while locked`);
  return updated;
}

/** Zones the database was found to know; its time zone files do not change while a process runs. */
const knownTimeZones = new Set<string>();

/**
 * The venue's slots are made by PostgreSQL (`at time zone`), so it has to know the zone too.
 * Reading `pg_timezone_names` takes a good part of a second, so a zone found once is not looked up again.
 */
export async function checkTimeZoneIsKnown(db: Database, timeZone: string): Promise<void> {
  if (knownTimeZones.has(timeZone)) return;
  const [row] = await rows<{ known: boolean }>(
    db,
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  );
  if (!row?.known) throw invalidField('time_zone', `"${timeZone}" is not a time zone the database knows`);
  knownTimeZones.add(timeZone);
}

/**
 * The storefront finds a site by its variant or its code (`/<code>/api/v1`), so neither may be
 * another venue's code or variant.
 */
async function checkKeysAreFree(db: Database, venue: { code: string; variant: string }): Promise<void> {
  const keys = [venue.code, venue.variant];
  const taken = await db
    .select({ code: sites.code, variant: sites.variant })
    .from(sites)
    .where(or(inArray(sites.code, keys), inArray(sites.variant, keys)));
  for (const field of ['code', 'variant'] as const) {
    const key = venue[field];
    if (taken.some((site) => site.code === key || site.variant === key))
      throw specError('conflict', { field, message: `${field} "${key}" is already taken by another venue` });
  }
}
