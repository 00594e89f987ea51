/**
 * A state-changing call sent to a percent-encoded address (`/console/%61pi/v1/teams`,
 * `/demo/ap%69/v1/orders`) reaches the same route as the plain one, since the router decodes the
 * path. The XSRF check must therefore see the route, not the address as written: every write
 * route of the OpenAPI document and of the console, called that way without the header, is
 * refused and writes nothing.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { consoleClient, makeStaff, signIn } from '../../test/console.ts';
import { describeEachEngine } from '../../test/database.ts';
import { exampleOf, type JsonSchema, type OpenApiDocument } from '../../test/openapi-cases.ts';
import { freshSlot, orderBody } from '../../test/orders.ts';
import type { Database } from '../db/client.ts';
import { rows } from '../db/rows.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Tables a refused call may touch by design: rate-limit counters, lazily made keys, the sandbox's own side. */
const NOT_BUSINESS_DATA = new Set(['rate_limits', 'site_secrets', 'spot_qr_secrets']);

type WriteRoute = { method: string; path: string; body: JsonSchema | null };

/** Row counts of every business table, as one line of text. */
async function snapshot(db: Database): Promise<string> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name::text as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts = tables
    .map((t) => t.name)
    .filter((name) => !NOT_BUSINESS_DATA.has(name) && !name.startsWith('sandbox_'))
    .map((name) => sql`select ${name} || '=' || count(*) as part from ${sql.identifier(name)}`);
  const [row] = await rows<{ state: string }>(
    db,
    sql`select string_agg(part, ' ') as state from (${sql.join(counts, sql` union all `)}) parts`,
  );
  return row?.state ?? '';
}

/**
 * The API's write routes: the document's (PATCH included) and every console route, which the
 * console plugin lists whether or not the document shows it. Routes outside `/api/` (the payment
 * providers' notifications, Apple's pass service, the sandbox gateway) are called by servers with
 * their own credentials, not by browsers, and are not the XSRF pair's.
 */
function writeRoutesOf(app: FastifyInstance): WriteRoute[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const routes = new Map<string, WriteRoute>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!WRITE_METHODS.has(upper) || !path.includes('/api/')) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema ?? null;
      routes.set(`${upper} ${path}`, { method: upper, path, body });
    }
  }
  for (const route of app.consoleRoutes) {
    if (!WRITE_METHODS.has(route.method)) continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    if (!routes.has(`${route.method} ${path}`)) routes.set(`${route.method} ${path}`, { method: route.method, path, body: null });
  }
  return [...routes.values()];
}

/** Every unreserved character of the path percent-encoded: what a browser sends as written. */
const encodeEverything = (path: string) =>
  path.replace(/[A-Za-z0-9\-._~]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The ways of writing one address that the router routes as the plain one. */
const encodings: [string, (path: string) => string][] = [
  ['%61pi', (path) => path.replace('/api/', '/%61pi/')],
  ['ap%69', (path) => path.replace('/api/', '/ap%69/')],
  ['upper-case hex', (path) => path.replace('/api/', '/%61%70%69/').replace('/v1/', '/%76%31/')],
  ['every character', encodeEverything],
];

describeEachEngine(
  'Encoded paths',
  (ctx) => {
    const test = useTestApp(ctx);

    it('refuses every write route sent through a percent-encoded path without the XSRF header, writing nothing', async () => {
      const app: FastifyInstance = test.app;
      await app.ready();
      const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
      const client = consoleClient(app);
      await signIn(client, owner.email);
      const xsrfPage = await app.inject({ method: 'GET', url: '/demo/api/v1/configurations' });
      const xsrf = xsrfPage.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      expect(xsrf).not.toBe('');
      // What a page on another site makes the browser send: both cookies, but no header.
      const cookie = `XSRF-TOKEN=${xsrf}; console_session=${client.sessionToken}`;

      // The control: with the header, an encoded address reaches the route and writes.
      const slot = await freshSlot(ctx.db, 'demo', 50);
      const placed = await app.inject({
        method: 'POST',
        url: '/demo/ap%69/v1/orders',
        headers: { cookie, 'x-xsrf-token': xsrf },
        payload: orderBody(slot, 1),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const device = await app.inject({
        method: 'POST',
        url: '/console/%61pi/v1/venues/demo/gate-devices',
        headers: { cookie, 'x-xsrf-token': xsrf },
        payload: { name: 'Encoded path scanner', gate: 'north' },
      });
      expect(device.statusCode, device.body).toBe(201);
      // The console's own checks see the same route: without a session, the encoded call is not let in.
      const stranger = await app.inject({
        method: 'POST',
        url: '/console/%61pi/v1/venues/%64emo/gate-devices',
        headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        payload: { name: 'Encoded path scanner', gate: 'north' },
      });
      expect(stranger.statusCode, stranger.body).toBe(401);

      const routes = writeRoutesOf(app);
      expect(routes.length).toBeGreaterThan(90);
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(['POST /console/api/v1/teams', 'POST /{site}/api/v1/orders', 'PATCH /console/api/v1/staff/{id}']),
      );
      const known = { name: 'Encoded path', email: 'encoded@example.com', venue_ids: [], rights: ['orders:read'] };
      const before = await snapshot(ctx.db);
      const failures: string[] = [];
      for (const route of routes) {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'site' || name === 'venue' ? 'demo' : name === 'lang' ? 'en' : '1',
        );
        const payload = route.body ? JSON.stringify(exampleOf(route.body, '', known)) : '{}';
        for (const [label, encode] of encodings) {
          const url = encode(path);
          const response = await app.inject({
            method: route.method as 'POST',
            url,
            headers: { cookie, 'content-type': 'application/json' },
            payload,
          });
          const answer = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : {};
          if (response.statusCode !== 403 || answer.field !== 'x-xsrf-token') {
            failures.push(`${route.method} ${url} (${label}): ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
      expect(await snapshot(ctx.db)).toBe(before);
      // The plain address is the same route, refused the same way.
      const plain = await app.inject({ method: 'POST', url: '/console/api/v1/teams', headers: { cookie }, payload: {} });
      expect(plain.statusCode).toBe(403);
    }, 120_000);
  },
  { seed: { variants: ['demo'], days: 3 } },
);
