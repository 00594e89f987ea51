import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fakeStorefrontDir } from '../../test/app.ts';
import { createTestDatabase, testEngines } from '../../test/database.ts';
import { buildApp } from '../app.ts';
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
        prepareDatabase(first, { seedsDemo: true, topUp: true, seed }),
        prepareDatabase(second, { seedsDemo: true, topUp: true, seed }),
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

/** The address of every kind of page and API a server answers, none of which may fail with a 500. */
const ADDRESSES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string }[] = [
  ...[
    '/',
    '/tickets/',
    '/tickets',
    '/anything/',
    '/anything',
    '/anything/tickets/',
    '/anything/tickets',
    '/borderless/',
    '/favicon.ico',
    '/assets/index.js',
    '/api/docs',
    '/dev/mail',
    '/anything/api/v1/configurations',
    '/anything/api/v1/langs',
    '/anything/api/v1/texts?lang=ja',
    '/anything/api/v1/products?lang=ja',
    '/anything/api/v1/field_templates',
    '/anything/api/v1/signage/today',
    '/anything/api/v1/signage/events',
    '/anything/api/v1/tickets/abc',
    '/anything/api/v1/spot/qr/00000000-0000-0000-0000-000000000000',
    '/anything/d-pay/v1/scptok/abc',
  ].map((url) => ({ method: 'GET' as const, url })),
  { method: 'POST', url: '/anything/api/v1/orders' },
  { method: 'POST', url: '/anything/api/v1/checkins' },
  { method: 'POST', url: '/payments/stripe/webhook' },
];

describe.each(testEngines)('a server with no venue [%s]', (engine) => {
  it('in production, start-up loads no demo into an empty database, and every address answers without a 500', async () => {
    const handle = await createTestDatabase(engine);
    try {
      const prepared = await prepareDatabase(handle, { seedsDemo: false, topUp: false });
      expect(prepared.seededSites).toBeNull();
      const [row] = await handle.db.select({ n: count() }).from(sites);
      expect(row?.n).toBe(0);

      const app = await buildApp({
        config: { appMode: 'production', appEnv: 'production', reconnectSite: null },
        db: handle.db,
        storefrontDir: fakeStorefrontDir(),
      });
      try {
        for (const { method, url } of ADDRESSES) {
          const response = await app.inject({ method, url, headers: { origin: 'https://shop.example.com' } });
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
          // Whatever names a venue finds none.
          if (method === 'GET' && url !== '/api/docs') expect(response.statusCode, url).toBe(404);
        }
        for (const url of ['/', '/tickets/', '/tickets', '/anything/', '/anything/tickets/']) {
          const page = await app.inject({ method: 'GET', url });
          expect(page.statusCode, url).toBe(404);
          expect(page.headers['content-type']).toContain('text/html');
        }
        const api = await app.inject({ method: 'GET', url: '/anything/api/v1/configurations' });
        expect(api.statusCode).toBe(404);
        expect(api.json()).toMatchObject({ error: 'site not found' });
      } finally {
        await app.close();
      }
    } finally {
      await handle.dispose();
    }
  }, 60_000);

  it('a second start in production still loads nothing', async () => {
    const handle = await createTestDatabase(engine);
    try {
      await prepareDatabase(handle, { seedsDemo: false, topUp: false });
      expect((await prepareDatabase(handle, { seedsDemo: false, topUp: false })).seededSites).toBeNull();
      const [row] = await handle.db.select({ n: count() }).from(sites);
      expect(row?.n).toBe(0);
    } finally {
      await handle.dispose();
    }
  }, 60_000);

  it('outside production, start-up loads the demo into an empty database', async () => {
    const handle = await createTestDatabase(engine);
    try {
      const prepared = await prepareDatabase(handle, { seedsDemo: true, topUp: true, seed: { variants: ['demo'], days: 2 } });
      expect(prepared.seededSites).toBe(1);
    } finally {
      await handle.dispose();
    }
  }, 60_000);

  it('in reconnect mode, serves 404s rather than a site', async () => {
    const handle = await createTestDatabase(engine);
    const app = await buildTestApp(handle.db, { appMode: 'reconnect' });
    try {
      for (const url of ['/', '/tickets/', '/demo/'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      for (const { method, url } of ADDRESSES) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    } finally {
      await app.close();
      await handle.dispose();
    }
  }, 60_000);
});
