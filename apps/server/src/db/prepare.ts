import { type DatabaseHandle, withStartupLock } from './client.ts';
import { isCatalogueEmpty, type SeedOptions, seedCatalogue, topUpCatalogue } from './seed.ts';

export type Prepared = { seededSites: number | null; seconds: number };

/**
 * What every start does before serving: apply migrations, then load the demo catalogue into an
 * empty database or, outside production, top up the time slots of an existing one. Safe when
 * several processes start at once on one PostgreSQL.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { topUp: boolean; seed?: SeedOptions },
): Promise<Prepared> {
  const started = Date.now();
  await handle.migrate();
  const seededSites = await withStartupLock(handle, async (db) => {
    if (await isCatalogueEmpty(db)) return (await seedCatalogue(db, options.seed)).sites;
    if (options.topUp) await topUpCatalogue(db);
    return null;
  });
  return { seededSites, seconds: (Date.now() - started) / 1000 };
}
