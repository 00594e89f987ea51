import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';

describeEachEngine('storefront pages', (ctx) => {
  let app: FastifyInstance;
  let reconnect: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
    reconnect = await buildTestApp(ctx.db, { appMode: 'reconnect', reconnectSite: 'demo' });
  });
  afterAll(async () => {
    await app.close();
    await reconnect.close();
  });

  const page = async (server: FastifyInstance, url: string) => {
    const response = await server.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body, location: response.headers.location };
  };

  it.each([
    ['/', 'borderless'],
    ['/tickets/', 'borderless'],
    ['/demo/', 'demo'],
    ['/demo/tickets/', 'demo'],
    ['/cafe-lumen/', 'cafe-lumen'],
  ])('serves %s with the site code of %s on <body>', async (url, code) => {
    const { status, body } = await page(app, url);
    expect(status).toBe(200);
    expect(body).toContain(`data-site-code="${code}"`);
    expect(body).toContain('data-app-mode="demo"');
    expect(body).toContain('<div id="root">');
  });

  it('sets the venue’s page title', async () => {
    const { body } = await page(app, '/demo/');
    expect(body).not.toContain('<title>x</title>');
    expect(body).toMatch(/<title>[^<]+<\/title>/);
  });

  it('adds the trailing slash to a variant path', async () => {
    expect(await page(app, '/demo')).toMatchObject({ status: 301, location: '/demo/' });
    expect(await page(app, '/demo/tickets')).toMatchObject({ status: 301, location: '/demo/tickets/' });
    expect(await page(app, '/tickets')).toMatchObject({ status: 301, location: '/tickets/' });
  });

  it('answers 404 for a variant that does not exist', async () => {
    expect((await page(app, '/no-such-venue/')).status).toBe(404);
    expect((await page(app, '/no-such-venue')).status).toBe(404);
  });

  it('answers an unknown venue with a styled page in the visitor language, its style allowed by the policy', async () => {
    const visit = (acceptLanguage: string) =>
      app.inject({ method: 'GET', url: '/no-such-venue/', headers: { 'accept-language': acceptLanguage } });
    const japanese = await visit('ja-JP,ja;q=0.9,en;q=0.8');
    expect(japanese.statusCode).toBe(404);
    expect(japanese.body).toContain('<html lang="ja">');
    expect(japanese.body).toContain('<h1>ページが見つかりません</h1>');
    const nonce = japanese.body.match(/<style nonce="([^"]+)">/)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(japanese.headers['content-security-policy'])).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(japanese.headers.vary).toContain('Accept-Language');
    expect((await visit('ko-KR,ko;q=0.9')).body).toContain('<html lang="ko">');
    expect((await visit('zh-TW,zh;q=0.9')).body).toContain('找不到頁面');
    expect((await visit('zh-CN')).body).toContain('找不到页面');
    expect((await visit('th')).body).toContain('ไม่พบหน้านี้');
    expect((await visit('fr-FR,fr;q=0.9,de;q=0.8')).body).toContain('<h1>Page not found</h1>');
    expect((await visit('fr-FR,en;q=0.5,ja;q=0.7')).body).toContain('<html lang="ja">');
    expect((await page(app, '/no-such-venue/tickets/')).body).toContain('<h1>Page not found</h1>');
  });

  it('serves only the one site in reconnect mode', async () => {
    expect((await page(reconnect, '/')).body).toContain('data-site-code="demo"');
    expect((await page(reconnect, '/tickets/')).body).toContain('data-site-code="demo"');
    expect((await page(reconnect, '/borderless/')).status).toBe(404);
    expect((await reconnect.inject({ method: 'GET', url: '/borderless/api/v1/langs' })).statusCode).toBe(404);
    expect((await reconnect.inject({ method: 'GET', url: '/demo/api/v1/langs' })).statusCode).toBe(200);
  });
});
