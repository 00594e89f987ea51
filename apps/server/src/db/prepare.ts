import { type DatabaseHandle, withStartupLock } from './client.ts';
import { isCatalogueEmpty, type SeedOptions, seedCatalogue, topUpCatalogue } from './seed.ts';

export type Prepared = { seededSites: number | null; seconds: number };

export type PrepareOptions = {
  /**
   * Load the demo catalogue into an empty database. Never in production mode: a production
   * database starts empty, and its venues are made in the operator console.
   */
  seedsDemo: boolean;
  /** Keep the time slots of an existing demo catalogue running ahead of today. */
  topUp: boolean;
  seed?: SeedOptions;
};

/**
 * What every start does before serving: apply migrations, then load the demo catalogue into an
 * empty database or, outside production, top up the time slots of an existing one. Safe when
 * several processes start at once on one PostgreSQL.
 */
export async function prepareDatabase(handle: DatabaseHandle, options: PrepareOptions): Promise<Prepared> {
  const started = performance.now();
  await handle.migrate();
  const seededSites = await withStartupLock(handle, async (db) => {
    if (await isCatalogueEmpty(db)) {
      return options.seedsDemo ? (await seedCatalogue(db, options.seed)).sites : null;
    }
    if (options.topUp) await topUpCatalogue(db);
    return null;
  });
  return { seededSites, seconds: (performance.now() - started) / 1000 };
}
