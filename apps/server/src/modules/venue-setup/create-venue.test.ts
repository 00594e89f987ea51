import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESERVED_PATH_SEGMENTS } from '@storefront/domain/console/venues';
import { DEFAULT_VARIANT, LANGUAGE_CODES } from '@storefront/domain/constants';
import { baseTexts } from '@storefront/seed/texts';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fakeStorefrontDir } from '../../../test/app.ts';
import { createTestDatabase, describeEachEngine } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { siteLanguages, texts } from '../catalogue/catalogue.schema.ts';
import { languageCodesOf } from '../catalogue/catalogue-facts.ts';
import { sites } from '../sites/sites.schema.ts';
import { createSitesService } from '../sites/sites.service.ts';
import { createVenue, type NewVenue } from './create-venue.ts';

type Json = Record<string, unknown>;

const venue = (overrides: Partial<NewVenue> = {}): NewVenue => ({
  code: 'harbour-hall',
  variant: 'harbour-hall',
  kind: 'exhibition',
  name: { en: 'Harbour Hall', ja: 'ハーバーホール' },
  languages: ['en', 'ja'],
  currency: 'EUR',
  timeZone: 'Europe/Lisbon',
  ...overrides,
});

async function siteCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sites);
  return row?.n ?? 0;
}

async function withApp<T>(db: Database, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildTestApp(db);
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

const get = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.body, json: () => response.json() as Json & Json[] };
};

/** What a created venue's shop must answer, whatever else the database holds. */
async function expectWorkingShop(app: FastifyInstance, v: NewVenue, textKeys: (lang: string) => Promise<string[]>) {
  const config = await get(app, `/${v.variant}/api/v1/configurations`);
  expect(config.status).toBe(200);
  expect(config.json()).toMatchObject({
    siteCode: v.code,
    variant: v.variant,
    kind: v.kind,
    currency: v.currency,
    timeZone: v.timeZone,
    orderProcedure: 'product_first',
    isCalendarColoured: false,
    holdMinutes: 15,
    ticketDisplay: { type: 'separate' },
    venue: { name: v.name },
    paymentProviderKeys: {},
    tagManagerIds: [],
  });

  const langs = await get(app, `/${v.code}/api/v1/langs`);
  expect(langs.status).toBe(200);
  const list = langs.json() as unknown as { id: string; display_name: string; is_default: boolean }[];
  expect(list.map((l) => l.id)).toEqual(v.languages);
  expect(list.filter((l) => l.is_default).map((l) => l.id)).toEqual([v.languages[0]]);
  expect(list.find((l) => l.id === 'ja')?.display_name ?? '日本語').toBe('日本語');

  for (const lang of v.languages) {
    const response = await get(app, `/${v.variant}/api/v1/texts?lang=${lang}`);
    expect(response.status).toBe(200);
    const shopTexts = response.json() as unknown as Record<string, string>;
    expect(Object.keys(shopTexts).sort()).toEqual(await textKeys(lang));
    expect(shopTexts.footer_help).toBe(baseTexts[lang].footer_help);
    expect(shopTexts.specified_operator).toBe(v.name[lang] ?? v.name[v.languages[0] ?? 'ja']);
  }

  for (const lang of v.languages) {
    const products = await get(app, `/${v.variant}/api/v1/products?lang=${lang}`);
    expect(products.status).toBe(200);
    expect(products.json()).toEqual([]);
  }
  const methods = await get(app, `/${v.variant}/api/v1/paymentmethods?lang=${v.languages[0]}&channel=web`);
  expect(methods.status).toBe(200);
  expect(methods.json()).toEqual([]);

  const fields = await get(app, `/${v.variant}/api/v1/field_templates`);
  expect(fields.status).toBe(200);
  expect((fields.json() as unknown as { fieldName: string }[]).map((f) => f.fieldName)).toEqual(
    expect.arrayContaining(['fullname', 'email', 'phone', 'resident_area']),
  );

  const page = await get(app, `/${v.variant}/`);
  expect(page.status).toBe(200);
  expect(page.body).toContain(`data-site-code="${v.code}"`);
}

/** The texts every seed venue has in a language: the shared bundle and the three each words for itself. */
const seedTextKeys = async (lang: string) =>
  [...Object.keys(baseTexts[lang as keyof typeof baseTexts]), 'footer_copyright', 'site_tagline', 'specified_operator'].sort();

describeEachEngine(
  'creating a venue on an empty database',
  (ctx) => {
    it('writes a venue whose shop answers, and serves it at / as the only venue', async () => {
      const v = venue();
      const site = await createVenue(ctx.db, v);
      expect(site).toMatchObject({ code: v.code, variant: v.variant, position: 0, currency: 'EUR', timeZone: 'Europe/Lisbon' });
      await withApp(ctx.db, async (app) => {
        await expectWorkingShop(app, v, seedTextKeys);
        const home = await get(app, '/');
        expect(home.status).toBe(200);
        expect(home.body).toContain(`data-site-code="${v.code}"`);
      });
    });
  },
  { seed: false },
);

describeEachEngine('creating a venue beside the demo catalogue', (ctx) => {
  /** The keys of the demo venue's texts in `lang`, as its shop answers them. */
  const demoTextKeys = (app: FastifyInstance) => async (lang: string) =>
    Object.keys((await get(app, `/demo/api/v1/texts?lang=${lang}`)).json()).sort();

  it('writes a venue with the texts of a seed venue, no products and no payment methods', async () => {
    const v = venue({
      code: 'moon-cafe',
      variant: 'moon',
      kind: 'cafe',
      name: { th: 'คาเฟ่พระจันทร์', en: 'Moon Café' },
      languages: ['th', 'en', 'kr'],
      currency: 'USD',
      timeZone: 'Asia/Bangkok',
    });
    const before = await siteCount(ctx.db);
    const site = await createVenue(ctx.db, v);
    expect(await siteCount(ctx.db)).toBe(before + 1);
    expect(site.position).toBeGreaterThanOrEqual(before);
    expect(site.venue.name).toEqual({ th: 'คาเฟ่พระจันทร์', en: 'Moon Café' });
    expect(site.pageTitle).toEqual({ th: 'คาเฟ่พระจันทร์', en: 'Moon Café', kr: 'คาเฟ่พระจันทร์' });
    expect((await languageCodesOf(ctx.db, [site.id])).get(site.id)).toEqual(['th', 'en', 'kr']);
    await withApp(ctx.db, async (app) => {
      await expectWorkingShop(app, v, demoTextKeys(app));
      // A venue with no name in a language falls back to its default language's.
      const korean = (await get(app, '/moon/api/v1/texts?lang=kr')).json();
      expect(korean.specified_operator).toBe('คาเฟ่พระจันทร์');
      // The site code is the API's address as well as the variant.
      expect((await get(app, '/moon-cafe/api/v1/configurations')).status).toBe(200);
      // Pages are addressed by variant only.
      expect((await get(app, '/moon-cafe/')).status).toBe(404);
    });
  });

  it('writes texts in all six languages, so a visitor arriving with another language sees labels', async () => {
    const site = await createVenue(
      ctx.db,
      venue({ code: 'six-texts', variant: 'six-texts', languages: ['en'], name: { en: 'Six' } }),
    );
    for (const lang of LANGUAGE_CODES) {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(texts)
        .where(and(eq(texts.siteId, site.id), eq(texts.lang, lang)));
      expect(row?.n).toBe(Object.keys(baseTexts[lang]).length + 3);
    }
    const [languages] = await ctx.db.select({ n: count() }).from(siteLanguages).where(eq(siteLanguages.siteId, site.id));
    expect(languages?.n).toBe(1);
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires'])('takes the time zone %s', async (timeZone) => {
    const code = `zone-${timeZone.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`.slice(0, 40);
    const site = await createVenue(ctx.db, venue({ code, variant: code, timeZone }));
    expect(site.timeZone).toBe(timeZone);
  });

  it('is seen by a running sites service once it is invalidated', async () => {
    const service = createSitesService(ctx.db, { appMode: 'demo', defaultVariant: DEFAULT_VARIANT, reconnectSite: null });
    expect(await service.resolve('late-comer')).toBeNull();
    await createVenue(ctx.db, venue({ code: 'late-comer', variant: 'late-comer' }));
    // The list is cached: without invalidating, the new venue is not served yet.
    expect(await service.resolve('late-comer')).toBeNull();
    service.invalidate();
    expect((await service.resolve('late-comer'))?.code).toBe('late-comer');
  });

  it('runs in the caller’s transaction: a rollback leaves nothing behind', async () => {
    const before = await siteCount(ctx.db);
    const [textsBefore] = await ctx.db.select({ n: count() }).from(texts);
    await expect(
      ctx.db.transaction(async (tx) => {
        await createVenue(tx as unknown as Database, venue({ code: 'rolled-back', variant: 'rolled-back' }));
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('the audit row could not be written');
    expect(await siteCount(ctx.db)).toBe(before);
    const [textsAfter] = await ctx.db.select({ n: count() }).from(texts);
    expect(textsAfter?.n).toBe(textsBefore?.n);
  });

  describe('refuses, naming the field and writing nothing', () => {
    const refusals: [string, Partial<NewVenue>, number, string][] = [
      ['a code already taken', { code: 'demo', variant: 'fresh-1' }, 409, 'code'],
      ['a variant already taken', { code: 'fresh-2', variant: 'demo' }, 409, 'variant'],
      ['a code that is another venue’s variant', { code: 'borderless', variant: 'fresh-3' }, 409, 'code'],
      ['a variant that is another venue’s code', { code: 'fresh-4', variant: 'cafe-lumen' }, 409, 'variant'],
      ['the variant api', { variant: 'api' }, 400, 'variant'],
      ['the variant console', { variant: 'console' }, 400, 'variant'],
      ['the variant tickets', { variant: 'tickets' }, 400, 'variant'],
      ['the variant assets', { variant: 'assets' }, 400, 'variant'],
      ['the code dev', { code: 'dev' }, 400, 'code'],
      ['a variant in capitals', { variant: 'Harbour' }, 400, 'variant'],
      ['a one-letter variant', { variant: 'h' }, 400, 'variant'],
      ['a variant starting with a hyphen', { variant: '-harbour' }, 400, 'variant'],
      ['a variant with an underscore', { variant: 'harbour_hall' }, 400, 'variant'],
      ['a variant with a slash', { variant: 'harbour/hall' }, 400, 'variant'],
      ['a code of 41 characters', { code: 'a'.repeat(41) }, 400, 'code'],
      ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 400, 'time_zone'],
      ['a time zone PostgreSQL does not know as written', { timeZone: 'europe/lisbon' }, 400, 'time_zone'],
      ['no language', { languages: [] }, 400, 'languages'],
      ['a language twice', { languages: ['en', 'en'] }, 400, 'languages'],
      ['seven languages', { languages: ['en', 'ja', 'kr', 'th', 'zh-hans', 'zh-hant', 'en'] }, 400, 'languages'],
      ['an unknown language', { languages: ['en', 'fr' as 'en'] }, 400, 'languages'],
      ['no name in the default language', { name: { ja: 'ハーバーホール' } }, 400, 'name'],
      ['a blank name in the default language', { name: { en: '   ' } }, 400, 'name'],
      ['a name in a language the venue does not offer', { name: { en: 'Harbour Hall', th: 'ฮาร์เบอร์' } }, 400, 'name'],
      ['an unknown kind', { kind: 'museum' as 'cafe' }, 400, 'kind'],
      ['an unknown currency', { currency: 'GBP' as 'EUR' }, 400, 'currency'],
    ];
    it.each(refusals)('%s', async (_case, overrides, status, field) => {
      const before = await siteCount(ctx.db);
      const error = await createVenue(ctx.db, venue({ code: 'refused', variant: 'refused', ...overrides })).catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(status);
      expect((error as AppError).body).toMatchObject({ field, error: status === 409 ? 'conflict' : 'invalid request' });
      expect(await siteCount(ctx.db)).toBe(before);
    });
  });
});

/** Every route's full path, read from Fastify's radix tree (each line adds its fragment to its parent's). */
function routePaths(tree: string): string[] {
  const prefixes: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    prefixes.length = depth;
    const path = `${prefixes[depth - 1] ?? ''}${match[2]}`;
    prefixes.push(path);
    if (match[3]) paths.push(path);
  }
  return paths;
}

describe('the reserved path segments', () => {
  it('hold every fixed first path segment the server answers', async () => {
    const handle = await createTestDatabase('pglite');
    const storefrontDir = fakeStorefrontDir();
    mkdirSync(join(storefrontDir, 'assets'));
    writeFileSync(join(storefrontDir, 'assets', 'app.js'), '');
    // Demo mode registers the most routes (the sandbox gateway and the mail viewer).
    const app = await buildApp({
      config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
      db: handle.db,
      storefrontDir,
    });
    try {
      await app.ready();
      const firstSegments = new Set(
        routePaths(app.printRoutes())
          .map((path) => path.split('/')[1] ?? '')
          .filter((segment) => segment !== '' && !segment.startsWith(':') && !segment.startsWith('*')),
      );
      // The tree was read: the fixed segments every build has are there.
      expect([...firstSegments]).toEqual(expect.arrayContaining(['api', 'assets', 'tickets', 'payments', 'dev']));
      for (const segment of firstSegments) expect(RESERVED_PATH_SEGMENTS).toContain(segment);
    } finally {
      await app.close();
      await handle.dispose();
    }
  }, 60_000);
});
