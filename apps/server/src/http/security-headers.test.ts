import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/database.ts';
import { type AppOptions, buildApp } from '../app.ts';

/** A storefront build as Vite writes it: a page whose tags take the nonce, and a hashed asset. */
function storefrontBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  const nonce = `nonce="${PAGE_NONCE_PLACEHOLDER}"`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>x</title><meta property="csp-nonce" ${nonce}>
<script type="module" crossorigin src="/assets/index-a1b2c3.js" ${nonce}></script></head><body><div id="root"></div></body></html>`,
  );
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-a1b2c3.js'), 'console.log("storefront");');
  return dir;
}

/** The policy's directives by name. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describeEachEngine('security headers', (ctx) => {
  const apps: FastifyInstance[] = [];
  let demo: FastifyInstance;
  let production: FastifyInstance;
  const build = async (config: Partial<AppOptions['config']> = {}) => {
    const app = await buildApp({
      config: { appMode: 'demo', appEnv: 'development', reconnectSite: null, ...config },
      db: ctx.db,
      storefrontDir: storefrontBuild(),
    });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    await ctx.db.execute(
      sql`update sites set payment_provider_keys = '{"stripe":{"publishableKey":"pk_test_cafe"}}'::jsonb,
            logos = '{"header":"https://cdn.example.net/lumen/logo.png","footer":"/assets/footer.png"}'::jsonb
          where variant = 'cafe-lumen'`,
    );
    await ctx.db.execute(
      sql`update sites set payment_provider_keys =
            '{"adyen":{"clientKey":"live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345","merchantAccount":"HarborECOM"}}'::jsonb
          where variant = 'borderless'`,
    );
    demo = await build();
    production = await build({ appMode: 'production', appEnv: 'production' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('puts the headers on pages, API answers, assets, scripts, documentation and errors', async () => {
    const answers: [kind: string, status: number, response: LightMyRequestResponse][] = [
      ['page', 200, await demo.inject({ url: '/demo/' })],
      ['ticket page', 200, await demo.inject({ url: '/demo/tickets/' })],
      ['default page', 200, await demo.inject({ url: '/' })],
      ['API answer', 200, await demo.inject({ url: '/demo/api/v1/langs' })],
      ['asset', 200, await demo.inject({ url: '/assets/index-a1b2c3.js' })],
      ['card-token script', 200, await demo.inject({ url: '/sandbox-gateway/card-token.js' })],
      ['API documentation', 200, await demo.inject({ url: '/api/docs' })],
      ['OpenAPI document', 200, await demo.inject({ url: '/api/docs/json' })],
      ['unknown API path', 404, await demo.inject({ url: '/demo/api/v1/no-such-thing' })],
      ['unknown venue', 404, await demo.inject({ url: '/no-such-venue/' })],
      ['missing asset', 404, await demo.inject({ url: '/assets/index-000000.js' })],
      ['bad request', 400, await demo.inject({ url: '/demo/api/v1/reservations?email=a@example.com' })],
      ['refused call', 403, await demo.inject({ method: 'POST', url: '/demo/api/v1/orders', payload: {} })],
      ['production page', 200, await production.inject({ url: '/demo/' })],
      ['production API answer', 200, await production.inject({ url: '/demo/api/v1/langs' })],
      ['production error', 404, await production.inject({ url: '/demo/api/v1/no-such-thing' })],
    ];
    for (const [kind, status, response] of answers) {
      expect(response.statusCode, kind).toBe(status);
      const policy = policyOf(response);
      expect(policy.get('default-src'), kind).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(policy.get('object-src'), kind).toEqual(["'none'"]);
      expect(policy.get('base-uri'), kind).toEqual(["'none'"]);
      // Scripts from the shop, its WebAssembly and named hosts only: nothing inline, nothing evaluated.
      expect(policy.get('script-src')?.[0], kind).toBe("'self'");
      for (const source of policy.get('script-src') ?? []) {
        expect(source, kind).toMatch(/^('self'|'wasm-unsafe-eval'|https:\/\/[\w*.-]+\.[a-z]+)$/);
      }
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(response.headers['referrer-policy'], kind).toBe('no-referrer');
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
    }
  });

  it('sends HSTS and upgrades insecure requests in production only', async () => {
    const developed = await demo.inject({ url: '/demo/' });
    expect(developed.headers['strict-transport-security']).toBeUndefined();
    expect(policyOf(developed).has('upgrade-insecure-requests')).toBe(false);
    for (const url of ['/demo/', '/demo/api/v1/langs', '/demo/api/v1/no-such-thing']) {
      const response = await production.inject({ url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(policyOf(response).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });

  it('gives every page a fresh nonce, carried by its tags and allowed for style elements only', async () => {
    const nonces: string[] = [];
    for (const url of ['/demo/', '/demo/', '/demo/tickets/']) {
      const response = await demo.inject({ url });
      const styles = policyOf(response).get('style-src') ?? [];
      const nonce = styles.find((source) => source.startsWith("'nonce-"))?.slice("'nonce-".length, -1) ?? '';
      expect(styles).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(nonce).toMatch(/^[\w+/]{22}==$/);
      expect(response.body).not.toContain(PAGE_NONCE_PLACEHOLDER);
      // The build's nonce meta tag and the style element with the venue's colours the server adds; the
      // module script is named by an inert link the first view's guard starts after the paint.
      expect(response.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(response.body).toContain('<link rel="app-entry" href="/assets/index-a1b2c3.js">');
      expect(response.body).toMatch(new RegExp(`<style nonce="${nonce.replace(/[+/]/g, '\\$&')}">:root\\{--color-primary:`));
      expect(policyOf(response).get('script-src')).toEqual(["'self'"]);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('names Stripe only for a venue with a Stripe key, the tag manager only where production pages load it, and the venue’s logo host', async () => {
    const plain = policyOf(await demo.inject({ url: '/demo/' }));
    expect(plain.get('frame-src')).toEqual(["'none'"]);
    expect(plain.get('connect-src')).toEqual(["'self'"]);
    expect(plain.get('img-src')).toEqual(["'self'", 'data:']);

    const stripe = policyOf(await demo.inject({ url: '/cafe-lumen/' }));
    expect(stripe.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe.get('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(stripe.get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.example.net']);

    const tagged = policyOf(await production.inject({ url: '/demo/' }));
    expect(tagged.get('script-src')).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(tagged.get('connect-src')).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
    const untagged = policyOf(await production.inject({ url: '/cafe-lumen/' }));
    expect(untagged.get('script-src')?.some((source) => source.includes('googletagmanager'))).toBe(false);
  });

  it('names Adyen’s live CDN and checkout for a venue with a live Adyen client key, and gives its page the client key only', async () => {
    const adyen = policyOf(await demo.inject({ url: '/borderless/' }));
    const cdn = 'https://checkoutshopper-live.cdn.adyen.com';
    expect(adyen.get('script-src')).toEqual(["'self'", cdn]);
    expect(adyen.get('style-src')).toEqual(expect.arrayContaining(["'self'", cdn]));
    expect(adyen.get('frame-src')).toEqual([cdn, 'https://checkoutshopper-live.adyen.com']);
    expect(adyen.get('connect-src')).toEqual(["'self'", cdn, 'https://checkoutshopper-live.adyen.com']);
    const configuration = (await demo.inject({ url: '/borderless/api/v1/configurations' })).json();
    expect(configuration.paymentProviderKeys).toEqual({ adyen: { clientKey: 'live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' } });
  });

  it('lets the sandbox gateway’s page style itself by its style element’s hash, and nothing else inline', async () => {
    const response = await demo.inject({ url: '/sandbox-gateway/carrier/abcd1234' });
    expect(response.statusCode).toBe(200);
    const style = response.body.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    const policy = policyOf(response);
    expect(policy.get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('serves the API documentation except in production mode, unless asked for', async () => {
    expect((await demo.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await production.inject({ url: '/api/docs' })).statusCode).toBe(404);
    expect((await production.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    const asked = await build({ appMode: 'production', appEnv: 'production', isApiDocsServed: true });
    expect((await asked.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    const docs = await asked.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(policyOf(docs).get('frame-ancestors')).toEqual(["'none'"]);
    const hidden = await build({ isApiDocsServed: false });
    expect((await hidden.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
