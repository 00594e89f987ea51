/**
 * The rights walk: every console route declares who may call it, and the plugin holds to it — a
 * team lacking the route's right gets 403, a team attached to another venue gets 404 (the venue
 * does not exist for it), and nobody without a session gets past 401.
 */
import { RIGHTS, type Right } from '@storefront/domain/console/rights';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';
import type { ConsoleRoute } from './console-api.plugin.ts';

const pathOf = (route: ConsoleRoute, venue: string) =>
  route.url
    .replace(/^\/console\/api\/v1\//, '')
    .replace(':venue', venue)
    .replace(':id', '1')
    .replace(':token', 'AAAAAAAAAAAAAAAAAAAAAA');

async function callRoute(client: ConsoleClient, route: ConsoleRoute, venue: string) {
  const path = pathOf(route, venue);
  switch (route.method) {
    case 'GET':
      return client.get(path);
    case 'DELETE':
      return client.delete(path);
    case 'PUT':
      return client.put(path, {});
    case 'PATCH':
      return client.patch(path, {});
    default:
      return client.post(path, {});
  }
}

describeEachEngine('console rights', (ctx) => {
  const server = useTestApp(ctx);
  const routes = () => server.app.consoleRoutes;
  const rightRoutes = () =>
    routes().filter(
      (r): r is ConsoleRoute & { access: { right: Right | 'any'; scope: 'venue' | 'organisation' } } => 'right' in r.access,
    );

  // One signed-in member per set of rights and venues: the walk's routes share them, so it stays
  // under the sign-in rate limit however many routes there are.
  const members = new Map<string, Promise<ConsoleClient>>();
  function staffWith(rights: Right[], venueIds?: number[]) {
    const key = JSON.stringify([[...rights].sort(), venueIds ?? 'all']);
    const known = members.get(key);
    if (known) return known;
    const made = (async () => {
      const team = await makeTeam(ctx.db, { rights, ...(venueIds ? { venueIds } : {}) });
      const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = consoleClient(server.app);
      await signIn(client, staff.email);
      return client;
    })();
    members.set(key, made);
    return made;
  }

  it('declares an access for every console route, and the walk has routes of each kind to walk', () => {
    const kinds = new Set(routes().map((r) => ('right' in r.access ? r.access.scope : Object.keys(r.access)[0])));
    expect([...kinds].sort()).toEqual(['organisation', 'public', 'signedIn', 'stages', 'venue']);
    expect(rightRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 to every route but the public ones without a session', async () => {
    const anonymous = consoleClient(server.app);
    for (const route of routes().filter((r) => !('public' in r.access))) {
      const answer = await callRoute(anonymous, route, 'demo');
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
      expect(answer.body).toMatchObject({ error: 'not signed in' });
    }
  });

  it('answers 403 to a team that holds every right but the route’s own', async () => {
    const [demo] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
    // Routes needing the same right share their members: a sign-in costs a password hash.
    const members = new Map<string, ConsoleClient[]>();
    for (const route of rightRoutes()) {
      if (route.access.right === 'any') continue;
      const others = RIGHTS.filter((r) => r !== route.access.right && !impliesRight(r, route.access.right));
      // Held at every venue for organisation routes; for venue routes, at this venue only and at all venues.
      const key = `${route.access.scope} ${route.access.right}`;
      const clients =
        members.get(key) ??
        (route.access.scope === 'organisation'
          ? [await staffWith(others)]
          : [await staffWith(others, [demo?.id ?? 0]), await staffWith(others)]);
      members.set(key, clients);
      for (const client of clients) {
        const answer = await callRoute(client, route, 'demo');
        expect(answer.status, `${route.method} ${route.url}`).toBe(403);
        expect(answer.body).toMatchObject({ error: 'forbidden' });
      }
    }
  });

  it('answers 404 to a team attached to another venue, whatever rights it holds there', async () => {
    const [cafe] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'cafe-lumen'`);
    const elsewhere = await staffWith([...RIGHTS], [cafe?.id ?? 0]);
    const venueRoutes = rightRoutes().filter((r) => r.access.scope === 'venue');
    expect(venueRoutes.length).toBeGreaterThan(0);
    for (const route of venueRoutes) {
      const answer = await callRoute(elsewhere, route, 'demo');
      expect(answer.status, `${route.method} ${route.url}`).toBe(404);
      // A stream (server-sent events) never ends: its own tests open it at the own venue.
      if (route.url.endsWith('/stream')) continue;
      // The same staff member gets past the rights at their own venue.
      const own = await callRoute(elsewhere, route, 'cafe-lumen');
      expect([401, 403], `${route.method} ${route.url} at the own venue`).not.toContain(own.status);
      // A 404 there may only be the route's own answer for an object the venue lacks (`:id` is 1), never the venue's.
      if (own.status === 404)
        expect(String(own.body.message), `${route.method} ${route.url} at the own venue`).not.toMatch(/venue "/);
    }
    // Organisation routes need the right at every venue: a one-venue team has none of them.
    for (const route of rightRoutes().filter((r) => r.access.scope === 'organisation')) {
      expect((await callRoute(elsewhere, route, 'demo')).status, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

/** Whether holding `held` brings `wanted` with it (the write rights bring their read right). */
function impliesRight(held: Right, wanted: Right | 'any'): boolean {
  return (
    (held === 'catalogue:write' && wanted === 'catalogue:read') ||
    ((held === 'orders:write' || held === 'orders:refund') && wanted === 'orders:read')
  );
}
