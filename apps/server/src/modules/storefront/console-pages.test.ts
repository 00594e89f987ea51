import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/errors.ts';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import { consolePageRoutes, gatePageRoutes } from './console-pages.ts';

const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="${PAGE_NONCE_PLACEHOLDER}">
<link rel="stylesheet" href="/console/assets/index-abc.css" nonce="${PAGE_NONCE_PLACEHOLDER}"></head>
<body><div id="root"></div><script type="module" src="/console/assets/index-abc.js"></script></body></html>`;

async function consoleApp(consoleDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerSecurityHeaders(app, { isProduction: false });
  registerErrorHandler(app);
  await app.register(consolePageRoutes({ consoleDir, isProduction: false }));
  // Stands for the console's API, which other modules register beside the pages.
  app.get('/console/api/v1/session', async () => ({ stage: 'signed_in' }));
  await app.ready();
  return app;
}

describe('console pages', () => {
  let dir: string;
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("console");');
    app = await consoleApp(dir);
    unbuilt = await consoleApp(join(dir, 'missing'));
  });
  afterAll(async () => {
    await app.close();
    await unbuilt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/console', '/console/', '/console/sign-in', '/console/venues/demo/audit', '/console/invitation?x=1'])(
    'answers %s with the app’s page',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('puts a fresh nonce in the page and names the same one in its policy', async () => {
    const first = await app.inject({ method: 'GET', url: '/console/' });
    const second = await app.inject({ method: 'GET', url: '/console/' });
    const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toBeTruthy();
    expect(first.body).not.toContain(PAGE_NONCE_PLACEHOLDER);
    expect(nonceOf(second.body)).not.toBe(nonce);
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('serves assets as immutable files', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/assets/index-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('leaves the console API to its routes: a known call answers, an unknown one is a JSON 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/console/api/v1/session' })).json()).toEqual({ stage: 'signed_in' });
    for (const url of ['/console/api/v1/no-such-call', '/console/%61pi/v1/no-such-call', '/console/%61ssets/gone-123.js']) {
      const unknown = await app.inject({ method: 'GET', url });
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.headers['content-type'], url).toContain('application/json');
      expect(unknown.body, url).not.toContain('<div id="root">');
    }
  });

  it('says plainly when the console has not been built', async () => {
    const response = await unbuilt.inject({ method: 'GET', url: '/console/staff' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('has not been built yet');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect((await unbuilt.inject({ method: 'GET', url: '/console/assets/index-abc.js' })).statusCode).toBe(404);
  });
});

const GATE_INDEX = `<!doctype html><html><head><link rel="manifest" href="/gate/manifest.webmanifest">
<link rel="stylesheet" href="/gate/assets/index-def.css" nonce="${PAGE_NONCE_PLACEHOLDER}"></head>
<body><div id="root"></div><script type="module" src="/gate/assets/index-def.js"></script></body></html>`;

describe('gate pages', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gate-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), GATE_INDEX);
    writeFileSync(join(dir, 'assets', 'index-def.js'), 'console.log("gate");');
    writeFileSync(join(dir, 'assets', 'zxing_reader-123.wasm'), Buffer.from([0, 97, 115, 109]));
    writeFileSync(join(dir, 'sw.js'), 'importScripts("/gate/workbox-abc.js");');
    writeFileSync(join(dir, 'workbox-abc.js'), 'self.workbox = {};');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Gate"}');
    writeFileSync(join(dir, 'icon-192.png'), Buffer.from([137, 80, 78, 71]));
    writeFileSync(join(dir, 'sw.js.map'), '{}');
    app = Fastify();
    await registerSecurityHeaders(app, { isProduction: false });
    registerErrorHandler(app);
    await app.register(consolePageRoutes({ consoleDir: join(dir, 'no-console'), isProduction: false }));
    await app.register(gatePageRoutes({ gateDir: dir, isProduction: false }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/gate', '/gate/', '/gate/scan'])('answers %s with the scanner’s page under its own policy', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
    const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).not.toContain(PAGE_NONCE_PLACEHOLDER);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(response.headers['permissions-policy']).toContain('camera=(self)');
  });

  it('serves the service worker, the Workbox runtime, the manifest and the icons with no-cache', async () => {
    const worker = await app.inject({ method: 'GET', url: '/gate/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('importScripts');
    const runtime = await app.inject({ method: 'GET', url: '/gate/workbox-abc.js' });
    expect(runtime.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/gate/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toEqual({ name: 'Gate' });
    const icon = await app.inject({ method: 'GET', url: '/gate/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets (the QR reader’s WebAssembly too) as immutable, and no source map or missing file', async () => {
    const script = await app.inject({ method: 'GET', url: '/gate/assets/index-def.js' });
    expect(script.headers['cache-control']).toContain('immutable');
    const wasm = await app.inject({ method: 'GET', url: '/gate/assets/zxing_reader-123.wasm' });
    expect(wasm.statusCode).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect((await app.inject({ method: 'GET', url: '/gate/assets/gone-1.js' })).statusCode).toBe(404);
    const map = await app.inject({ method: 'GET', url: '/gate/sw.js.map' });
    expect(map.body).not.toBe('{}');
  });

  it('keeps the console’s policy apart: it frames its own origin, runs no WebAssembly and no worker', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/' });
    expect(response.body).toContain('console has not been built yet');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-src 'self'");
    expect(policy).not.toContain('wasm-unsafe-eval');
    expect(policy).not.toContain('worker-src');
  });
});
