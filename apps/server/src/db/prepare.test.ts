import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../../test/database.ts';
import { sites } from '../modules/sites/sites.schema.ts';
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { seedCatalogue } from './seed.ts';

const seed = { variants: ['borderless', 'demo'], days: 2 };

/** Two server processes starting at once on one empty PostgreSQL database. */
describe.skipIf(!testEngines.includes('postgres'))('start-up of two processes [postgres]', () => {
  it('control: seeding at once without the start-up lock collides', async () => {
    const first = await createTestDatabase('postgres');
    const second = openDatabase({ engine: 'postgres', url: first.url ?? '' });
    try {
      const results = await Promise.allSettled([seedCatalogue(first.db, seed), seedCatalogue(second.db, seed)]);
      expect(results.map((r) => r.status)).toContain('rejected');
    } finally {
      await second.close();
      await first.dispose();
    }
  }, 60_000);

  it('migrates and seeds exactly once with the start-up lock', async () => {
    const first = await createTestDatabase('postgres');
    const second = openDatabase({ engine: 'postgres', url: first.url ?? '' });
    try {
      const results = await Promise.all([
        prepareDatabase(first, { topUp: true, seed }),
        prepareDatabase(second, { topUp: true, seed }),
      ]);
      expect(results.map((r) => r.seededSites).sort()).toEqual([2, null]);
      const [row] = await first.db.select({ n: count() }).from(sites);
      expect(row?.n).toBe(2);
    } finally {
      await second.close();
      await first.dispose();
    }
  }, 60_000);
});
