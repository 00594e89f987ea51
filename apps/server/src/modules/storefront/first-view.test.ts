import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { texts } from '../catalogue/catalogue.schema.ts';
import { sites } from '../sites/sites.schema.ts';
import { escapeJsonForHtml, pageLanguage } from './first-answer.ts';

/** A hostile venue text: it tries to end the data block and the heading, and carries the line separators. */
const HOSTILE = '</script><script>alert(1)</script><!-- & \u2028\u2029 </h1><img src=x onerror=alert(2)>';

/** A storefront build stand-in with a Vite manifest: an entry with a stylesheet, and the order route's chunks. */
function builtStorefront(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-built-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>Storefront</title>
    <meta property="csp-nonce" nonce="${PAGE_NONCE_PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index-A.js" nonce="${PAGE_NONCE_PLACEHOLDER}"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js" nonce="${PAGE_NONCE_PLACEHOLDER}">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css" nonce="${PAGE_NONCE_PLACEHOLDER}">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  writeFileSync(join(dir, 'assets', 'index-C.css'), '.order-choice-title{font-weight:700}');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js'], css: ['assets/index-C.css'] },
      '_react-B.js': { file: 'assets/react-B.js' },
      '_order-state-D.js': { file: 'assets/order-state-D.js', imports: ['_react-B.js'] },
      'src/features/order/order-page.tsx': {
        file: 'assets/order-page-E.js',
        isDynamicEntry: true,
        imports: ['_react-B.js', '_order-state-D.js'],
      },
      '_qr-F.js': { file: 'assets/qr-F.js' },
      'src/features/tickets/ticket-page.tsx': {
        file: 'assets/ticket-page-G.js',
        isDynamicEntry: true,
        imports: ['_react-B.js', '_qr-F.js'],
      },
    }),
  );
  return dir;
}

const dataBlock = /<script type="application\/json" id="first-answer">([^<]*)<\/script>/;

function firstAnswerOf(body: string) {
  const json = dataBlock.exec(body)?.[1];
  if (json === undefined) throw new Error('the page carries no first answer');
  return JSON.parse(json) as {
    lang: string;
    configuration: { siteCode: string };
    languages: { id: string }[];
    texts: Record<string, string>;
    products: { name: string }[];
  };
}

describe('the first answer’s escaping', () => {
  it('writes <, >, &, U+2028 and U+2029 as escapes that mean the same characters', () => {
    const json = JSON.stringify({ text: HOSTILE });
    const escaped = escapeJsonForHtml(json);
    expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual({ text: HOSTILE });
  });

  it('chooses the page’s language as the app does without a stored one', () => {
    const languages = [
      { id: 'ja', is_default: false },
      { id: 'en', is_default: true },
    ];
    expect(pageLanguage('th', languages)).toBe('th');
    expect(pageLanguage('xx', languages)).toBe('en');
    expect(pageLanguage(['ja', 'en'], languages)).toBe('ja');
    expect(pageLanguage(['xx', 'ja'], languages)).toBe('en');
    expect(pageLanguage(undefined, languages)).toBe('en');
    expect(pageLanguage(undefined, [])).toBe('ja');
  });
});

describeEachEngine('the venue page’s first view', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const [cafe] = await ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.variant, 'cafe-lumen'));
    if (!cafe) throw new Error('the cafe is not seeded');
    await ctx.db
      .update(texts)
      .set({ value: HOSTILE })
      .where(and(eq(texts.siteId, cafe.id), eq(texts.lang, 'en'), eq(texts.key, 'order_title')));
    app = await buildApp({
      config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
      db: ctx.db,
      storefrontDir: builtStorefront(),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const api = async <T>(url: string) => (await get(url)).json<T>();

  it('carries the venue’s settings, languages, texts and products in the venue’s default language, as the API answers them', async () => {
    const page = await get('/borderless/');
    expect(page.statusCode).toBe(200);
    const answer = firstAnswerOf(page.body);
    expect(answer.lang).toBe('ja');
    expect(answer.configuration).toEqual(await api('/borderless/api/v1/configurations'));
    expect(answer.languages).toEqual(await api('/borderless/api/v1/langs'));
    expect(answer.texts).toEqual(await api('/borderless/api/v1/texts?lang=ja'));
    expect(answer.products).toEqual(await api('/borderless/api/v1/products?lang=ja'));
    expect(answer.products.length).toBeGreaterThan(0);
    // Availability is never kept in the page.
    expect(page.body).not.toMatch(/"(remaining|timeSpans|status)":/);
  });

  it('is in the language the address asks for, page and first view alike', async () => {
    const page = await get('/borderless/?lang=en');
    const answer = firstAnswerOf(page.body);
    const english = await api<Record<string, string>>('/borderless/api/v1/texts?lang=en');
    expect(answer.lang).toBe('en');
    expect(answer.texts).toEqual(english);
    expect(answer.products).toEqual(await api('/borderless/api/v1/products?lang=en'));
    expect(page.body).toContain('<html lang="en" data-lang="en"');
    expect(page.body).toContain(`<h1>${english.order_title}</h1>`);
    for (const product of answer.products) expect(page.body).toContain(`>${product.name}</span>`);

    const thai = firstAnswerOf((await get('/borderless/?lang=th')).body);
    expect(thai.lang).toBe('th');
    expect(thai.texts).toEqual(await api('/borderless/api/v1/texts?lang=th'));
    // An unknown language is the venue's default, as the app reads it.
    expect(firstAnswerOf((await get('/borderless/?lang=xx')).body).lang).toBe('ja');
  });

  it('paints the order page’s first view: header, step bar, heading and the product cards', async () => {
    const { body } = await get('/borderless/?lang=en');
    const root = body.slice(body.indexOf('<div id="root">'), body.indexOf('<script type="application/json"'));
    expect(root).toContain('data-first-view');
    expect(root).toContain('class="site-header"');
    expect(root).toContain('class="step-bar"');
    expect(root).toContain('class="order-choices order-products"');
    expect(root).toContain('<option value="en" lang="en" selected>');
    // The cafe asks for the date first: its first step is the calendar, still loading.
    const cafe = await get('/cafe-lumen/?lang=ja');
    expect(cafe.body).toContain('data-section="calendarList"');
    expect(cafe.body).not.toContain('class="order-choices order-products"');
  });

  it('keeps a venue text that tries to end the data block or the markup inside them', async () => {
    const page = await get('/cafe-lumen/?lang=en');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(dataBlock.exec(page.body)?.[1]).not.toMatch(/[<>&\u2028\u2029]/);
    // The data block ends where the server ended it, and holds the text as it is.
    expect(firstAnswerOf(page.body).texts.order_title).toBe(HOSTILE);
    // One script element: the data block. The app's module is named by an inert link, which the
    // first view's guard turns into a script once the view has painted.
    expect(page.body.match(/<script\b/g)).toHaveLength(1);
    expect(page.body).toContain('<link rel="app-entry" href="/assets/index-A.js">');
    // In the first view it is text.
    expect(page.body).toContain(
      '<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; \u2028\u2029 &lt;/h1&gt;&lt;img src=x onerror=alert(2)&gt;</h1>',
    );
  });

  it('stays within its Content-Security-Policy: no inline script runs, every style element carries the nonce', async () => {
    const page = await get('/borderless/');
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(/style-src ([^;]*)/.exec(policy)?.[1] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    for (const attributes of scripts) {
      // Either the app's own file or a data block the browser never runs.
      expect(attributes.includes('type="application/json"') || /\bsrc="\/assets\//.test(attributes)).toBe(true);
    }
    const styles = [...page.body.matchAll(/<style\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(styles.length).toBeGreaterThan(0);
    for (const attributes of styles) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(page.body).not.toMatch(/\sstyle="/);
    expect(page.body).not.toMatch(/\son[a-z]+="/);
  });

  it('inlines the entry’s stylesheet and preloads the order route’s chunks from the build’s manifest', async () => {
    const { body } = await get('/borderless/');
    expect(body).toContain('.order-choice-title{font-weight:700}</style>');
    expect(body).not.toContain('href="/assets/index-C.css"');
    // Named for after the first paint (the guard preloads them then), none fetched before it.
    expect(body).toContain('<link rel="app-preload" href="/assets/order-page-E.js">');
    expect(body).toContain('<link rel="app-preload" href="/assets/order-state-D.js">');
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).not.toContain('type="module"');
    expect(body).not.toContain('ticket-page-G.js');
    // Preloaded once: the entry's own imports are in the built page already.
    expect(body.match(/href="\/assets\/react-B.js"/g)).toHaveLength(1);
  });

  it('writes the venue’s colours for the first paint and keeps the theme out of the markup', async () => {
    const configuration = await api<{ theme: { primary: string } }>('/borderless/api/v1/configurations');
    const { body } = await get('/borderless/');
    expect(body).toContain(`--color-primary:${configuration.theme.primary}`);
  });

  it('shows the shell only under the tickets prefix, whose screen the server cannot tell', async () => {
    const { body } = await get('/borderless/tickets/');
    expect(firstAnswerOf(body).lang).toBe('ja');
    // The shell is a first view too: the guard starts the app (at once when the address names a screen).
    expect(body).toContain('<link rel="app-entry" href="/assets/index-A.js">');
    expect(body).not.toContain('order-page-E.js');
    // The ticket's screen, which most visits here show, is named for the app to fetch with its entry.
    expect(body).toContain('<link rel="app-preload" href="/assets/ticket-page-G.js">');
    expect(body).toContain('<link rel="app-preload" href="/assets/qr-F.js">');
    expect(body).toContain('class="site-header"');
    expect(body).not.toContain('class="step-bar"');
  });
});
