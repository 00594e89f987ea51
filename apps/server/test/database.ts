/**
 * Each test file gets its own fresh database: an in-memory PGlite always, and a new PostgreSQL
 * database beside it when TEST_DATABASE_URL is set. Nothing is left behind.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, type DatabaseHandle, type Engine, openDatabase } from '../src/db/client.ts';
import { type SeedOptions, seedCatalogue } from '../src/db/seed.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || null;

export const testEngines: Engine[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = DatabaseHandle & {
  /** The PostgreSQL URL of this database, for a second connection; null on PGlite. */
  url: string | null;
  dispose(): Promise<void>;
};

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = openDatabase({ engine: 'pglite', dataDir: null });
    await handle.migrate();
    return { ...handle, url: null, dispose: () => handle.close() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/** The variants most tests load: the default, the demo venue and the cafe. */
export const TEST_VARIANTS = ['borderless', 'demo', 'cafe-lumen'] as const;

export type EngineContext = { engine: Engine; readonly db: Database; readonly handle: TestDatabase };

/**
 * Runs `suite` once per engine, each with a freshly migrated (and, unless `seed` is false, seeded)
 * database. Suite names carry the engine in brackets; the test reporter counts runs per engine.
 */
export function describeEachEngine(
  name: string,
  suite: (ctx: EngineContext) => void,
  options: { seed?: SeedOptions | false } = {},
): void {
  for (const engine of testEngines) {
    describe(`${name} [${engine}]`, () => {
      let handle: TestDatabase | null = null;
      const ctx: EngineContext = {
        engine,
        get db() {
          if (!handle) throw new Error('the test database is not ready');
          return handle.db;
        },
        get handle() {
          if (!handle) throw new Error('the test database is not ready');
          return handle;
        },
      };
      beforeAll(async () => {
        handle = await createTestDatabase(engine);
        if (options.seed !== false) await seedCatalogue(handle.db, { days: 14, variants: TEST_VARIANTS, ...options.seed });
      }, 120_000);
      afterAll(async () => {
        await handle?.dispose();
      });
      suite(ctx);
    });
  }
}
