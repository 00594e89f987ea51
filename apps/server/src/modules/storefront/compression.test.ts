/**
 * The first visit's mechanisms (issue 19): built assets sent precompressed with a year's immutable
 * caching and no cookie, pages and API JSON compressed as asked, the shop's settings, languages,
 * texts and products revalidated by ETag, availability never kept, and a streamed CSV export still
 * whole when compressed. Timings are bench:lighthouse's, not a test's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';

const precompressScript = fileURLToPath(new URL('../../../../../scripts/precompress.mjs', import.meta.url));

/** A script well over the threshold, as a built chunk is. */
const SCRIPT = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word ${i}"`).join(',')}];\n`;
const STYLE = `${Array.from({ length: 120 }, (_, i) => `.rule-${i} { color: #${String(i).padStart(6, '0')}; }`).join('\n')}\n`;
const SMALL = 'export const x = 1;\n';

/** A build as `npm run build` leaves it: index.html, assets/, and the .br/.gz copies beside them. */
function builtDir(indexHtml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'first-visit-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), STYLE);
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), SMALL);
  execFileSync(process.execPath, [precompressScript, join(dir, 'assets')], { stdio: 'ignore' });
  return dir;
}

/** A page over the threshold, as the storefront's is with its head. */
const INDEX = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>x</title>
${Array.from({ length: 30 }, (_, i) => `<meta name="x-filler-${i}" content="a page head carries links, metas and a preloaded chunk or two">`).join('\n')}
<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

const decode = (response: LightMyRequestResponse): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
};

const varyOf = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describeEachEngine('first visit: compression and caching', (ctx) => {
  let app: FastifyInstance;
  let storefrontDir: string;
  let consoleDir: string;
  beforeAll(async () => {
    storefrontDir = builtDir(INDEX);
    consoleDir = builtDir(INDEX.replaceAll('/assets/', '/console/assets/'));
    app = await buildApp({
      config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
      db: ctx.db,
      storefrontDir,
      consoleDir,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(storefrontDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('writes brotli and gzip copies beside the built assets, and none for a small file', () => {
    for (const file of ['index-abc123.js', 'index-abc123.css']) {
      const original = readFileSync(join(storefrontDir, 'assets', file));
      expect(brotliDecompressSync(readFileSync(join(storefrontDir, 'assets', `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(storefrontDir, 'assets', `${file}.gz`)))).toEqual(original);
    }
    expect(existsSync(join(storefrontDir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });

  it.each(['/assets/index-abc123.js', '/console/assets/index-abc123.js'])(
    'sends %s as brotli to a browser that takes it, gzip to one that takes only gzip, as it is to one that takes neither',
    async (url) => {
      const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(decode(brotli)).toBe(SCRIPT);
      expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 2);

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode(gzip)).toBe(SCRIPT);

      const identity = await get(url);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(SCRIPT);

      for (const response of [brotli, gzip, identity]) {
        expect(varyOf(response)).toContain('accept-encoding');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['set-cookie']).toBeUndefined();
        // Every security header stays on a file too.
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    },
  );

  it('sends a stylesheet precompressed and a small script without a cookie', async () => {
    const style = await get('/assets/index-abc123.css', { 'accept-encoding': 'br' });
    expect(style.headers['content-encoding']).toBe('br');
    expect(decode(style)).toBe(STYLE);
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(decode(tiny)).toBe(SMALL);
    expect(tiny.headers['set-cookie']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses the venue’s page and still hands out the XSRF cookie with it, under its own policy', async () => {
    const page = await get('/demo/', { 'accept-encoding': 'br, gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(varyOf(page)).toContain('accept-encoding');
    expect(decode(page)).toContain('data-site-code="demo"');
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{22}; Path=\/; SameSite=Lax$/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self' 'nonce-[^']+'/);

    const consolePage = await get('/console/', { 'accept-encoding': 'gzip' });
    expect(consolePage.headers['content-encoding']).toBe('gzip');
    expect(decode(consolePage)).toContain('<div id="root">');
    expect(consolePage.headers['set-cookie']).toBeDefined();
  });

  it('compresses API JSON over the threshold and leaves a small answer as it is, naming Accept-Encoding in Vary', async () => {
    const plain = await get('/demo/api/v1/texts?lang=en');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await get('/demo/api/v1/texts?lang=en', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(decode(brotli))).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get('/demo/api/v1/products?lang=en', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(decode(gzip)))).toBe(true);

    for (const response of [plain, brotli, gzip]) expect(varyOf(response)).toContain('accept-encoding');
  });

  it.each(['/demo/api/v1/configurations', '/demo/api/v1/langs', '/demo/api/v1/texts?lang=ja', '/demo/api/v1/products?lang=en'])(
    'answers %s with an ETag to revalidate, and 304 without a body when it matches',
    async (url) => {
      const cookie = 'XSRF-TOKEN=abcdefghijklmnopqrstuv';
      const first = await get(url, { cookie });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');

      const again = await get(url, { cookie, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);

      // Compressed or not, it is the same resource.
      const compressed = await get(url, { cookie, 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` });
      expect(compressed.statusCode).toBe(304);

      const changed = await get(url, { cookie, 'if-none-match': 'W/"something-else"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual(first.json());
    },
  );

  it('keeps the configurations answer that hands out the XSRF cookie to the one browser', async () => {
    const first = await get('/demo/api/v1/configurations');
    expect(first.headers['set-cookie']).toBeDefined();
    expect(first.headers['cache-control']).toBe('private, no-cache');
  });

  it('never lets the browser keep availability', async () => {
    const date = addDays(todayIn('Asia/Tokyo'), 1);
    const availability = await get(`/demo/api/v1/products/search2?date=${date}&lang=en`);
    expect(availability.statusCode).toBe(200);
    expect(availability.headers.etag).toBeUndefined();
    expect(availability.headers['cache-control']).toBeUndefined();
  });

  it('streams a CSV export whole, compressed as asked', async () => {
    const [demo] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
    const team = await makeTeam(ctx.db, { rights: ['catalogue:write'], venueIds: [demo?.id ?? 0] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(app, { ip: '192.0.2.40' });
    await signIn(client, member.email);
    const today = todayIn('Asia/Tokyo');
    const made = await client.post<{ batch: string }>('venues/demo/coupons/batches', {
      prefix: 'ZIP',
      count: 500,
      name: { ja: '春の割引', en: 'Spring discount' },
      discount_type: 'percent',
      discount_amount: 20,
      coverage_from: today,
      coverage_to: addDays(today, 60),
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      channels: ['web'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const url = `/console/api/v1/venues/demo/coupons/export.csv?batch=${encodeURIComponent(made.body.batch)}&lang=en`;

    const plain = await get(url, { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const response = await get(url, { cookie, 'accept-encoding': encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="coupons-demo-ZIP-/);
      const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(body).toEqual(plain.rawPayload);
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = body.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Code,Name,Discount,Visit dates (Asia/Tokyo),Code accepted until (Asia/Tokyo),Usage limit,Used,Active or deactivated,Batch,Status',
      );
      expect(lines).toHaveLength(501);
    }
  }, 60_000);
});
