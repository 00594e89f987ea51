/**
 * Runs a suite once per engine, each on its own fresh database copied from a template
 * (`database-templates.ts`): an in-memory PGlite always, and a new PostgreSQL database beside it
 * when TEST_DATABASE_URL is set. Nothing is left behind.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, Engine } from '../src/db/client.ts';
import type { SeedOptions } from '../src/db/seed.ts';
import { resetClock, setClock } from './clock.ts';
import { createTestDatabase, type TestDatabase, testEngines } from './database-templates.ts';

export { createTestDatabase, type TestDatabase, testEngines } from './database-templates.ts';

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
  options: {
    seed?: SeedOptions | false;
    /**
     * The instant the suite happens at (`clock.ts`): the server and the database start there and
     * run on, and the seed starts from that day. Suites about today's slots or the venue's day set it.
     */
    at?: () => Date | string;
  } = {},
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
        const seed = options.seed === false ? false : { days: 14, variants: TEST_VARIANTS, ...options.seed };
        const at = options.at?.();
        if (at) await setClock([], at);
        handle = await createTestDatabase(engine, seed);
        if (at) await setClock([handle.db], at);
      }, 120_000);
      afterAll(async () => {
        if (options.at) await resetClock([]);
        await handle?.dispose();
      });
      suite(ctx);
    });
  }
}
