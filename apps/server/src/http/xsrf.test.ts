import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import { readXsrfCookie, xsrfProtection } from './xsrf.ts';

async function app() {
  const server = Fastify();
  registerErrorHandler(server);
  await server.register(xsrfProtection, { secure: false });
  server.get('/demo/', async () => 'page');
  server.get('/demo/api/v1/langs', async () => []);
  server.get('/demo/api/v1/configurations', async () => ({}));
  server.post('/demo/api/v1/orders', async () => ({ ok: true }));
  server.get('/assets/index-abc.js', async () => 'export {};');
  server.get('/console/assets/index-abc.js', async () => 'export {};');
  server.get('/gate/assets/index-def.js', async () => 'export {};');
  server.get('/images/7/640.webp', async () => 'image');
  return server;
}

describe('XSRF protection', () => {
  it('reads the cookie among others', () => {
    expect(readXsrfCookie('a=1; XSRF-TOKEN=abc%20d; b=2')).toBe('abc d');
    expect(readXsrfCookie('a=1')).toBeNull();
    expect(readXsrfCookie(undefined)).toBeNull();
  });

  it('gives the cookie with the page and the first API call only, and only once', async () => {
    const server = await app();
    const page = await server.inject({ method: 'GET', url: '/demo/' });
    expect(page.headers['set-cookie']).toMatch(/^XSRF-TOKEN=[\w-]{22}; Path=\/; SameSite=Lax$/);
    expect((await server.inject({ method: 'GET', url: '/demo/api/v1/configurations' })).headers['set-cookie']).toBeDefined();
    expect((await server.inject({ method: 'GET', url: '/demo/api/v1/langs' })).headers['set-cookie']).toBeUndefined();
    const again = await server.inject({ method: 'GET', url: '/demo/', headers: { cookie: 'XSRF-TOKEN=x' } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('never sets the cookie on a static file, which anyone may keep and share', async () => {
    const server = await app();
    for (const url of [
      '/assets/index-abc.js',
      '/console/assets/index-abc.js',
      '/gate/assets/index-def.js',
      '/images/7/640.webp',
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a state-changing call whose header does not match the cookie', async () => {
    const server = await app();
    const post = (headers: Record<string, string>) =>
      server.inject({ method: 'POST', url: '/demo/api/v1/orders', headers, payload: {} });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ cookie: 'XSRF-TOKEN=abc' })).statusCode).toBe(403);
    expect((await post({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' })).statusCode).toBe(403);
    expect((await post({ 'x-xsrf-token': 'abc' })).statusCode).toBe(403);
    expect((await post({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' })).statusCode).toBe(200);
  });

  it('decides on the route the router matched, however the address is written', async () => {
    const server = await app();
    for (const url of ['/demo/%61pi/v1/orders', '/demo/ap%69/v1/orders', '/%64emo/%61%70%69/v1/%6frders']) {
      const refused = await server.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc' }, payload: {} });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'invalid request', field: 'x-xsrf-token' });
    }
    const allowed = await server.inject({
      method: 'POST',
      url: '/demo/%61pi/v1/orders',
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
      payload: {},
    });
    expect(allowed.statusCode).toBe(200);
    // A shared file written another way is still a shared file; the first API call still gives the cookie.
    for (const url of [
      '/%61ssets/index-abc.js',
      '/console/%61ssets/index-abc.js',
      '/%69mages/7/640.webp',
      '/demo/%61pi/v1/langs',
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    expect((await server.inject({ method: 'GET', url: '/demo/%61pi/v1/configurations' })).headers['set-cookie']).toBeDefined();
  });
});
