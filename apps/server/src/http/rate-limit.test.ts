import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStorefrontDir } from '../../test/app.ts';
import { describeEachEngine } from '../../test/database.ts';
import { buildApp } from '../app.ts';
import { INQUIRY_LIMITS } from '../modules/reservations/reservations.service.ts';

const PROXY = '10.0.0.5';
/** The coupon route's limit per client (orders service). */
const COUPON_LIMIT = 30;

/** A call as it reaches the server: from `peer`, with an X-Forwarded-For header when given. */
type Call = { peer: string; forwardedFor?: string };
type Route = { name: string; limit: number; call(app: FastifyInstance, from: Call, i: number): Promise<number> };

function forwarded(from: Call): Record<string, string> {
  return from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {};
}

const inquiry: Route = {
  name: 'reservation inquiry',
  limit: INQUIRY_LIMITS.perClient.max,
  async call(app, from, i) {
    // A new address each time: only the client's own bucket fills.
    const query = `email=guess${i}-${Math.random().toString(36).slice(2)}@example.com&reservation_number=AAAAA-${String(i).padStart(5, '0')}`;
    const response = await app.inject({
      method: 'GET',
      url: `/demo/api/v1/reservations?${query}`,
      remoteAddress: from.peer,
      headers: forwarded(from),
    });
    return response.statusCode;
  },
};

const coupon: Route = {
  name: 'coupon',
  limit: COUPON_LIMIT,
  async call(app, from) {
    const xsrf = 'x'.repeat(22);
    const response = await app.inject({
      method: 'POST',
      url: `/demo/api/v1/ordercoupons/${'o'.repeat(22)}`,
      remoteAddress: from.peer,
      headers: { ...forwarded(from), cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: { coupon: 'NO-SUCH-CODE' },
    });
    return response.statusCode;
  },
};

/** Calls `route` `count` times from `from`; the statuses in order. */
async function calls(app: FastifyInstance, route: Route, from: (i: number) => Call, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await route.call(app, from(i), i));
  return statuses;
}

describeEachEngine('rate limits count the client', (ctx) => {
  describe('behind a proxy named in TRUST_PROXY', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null, trustProxy: [PROXY] },
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it.each([
      { name: inquiry.name, route: inquiry, net: '198.51.100' },
      { name: coupon.name, route: coupon, net: '198.51.101' },
    ])('$name: one visitor at the limit does not lock out another behind the same proxy', async ({ route, net }) => {
      const abuser = await calls(app, route, () => ({ peer: PROXY, forwardedFor: `${net}.1` }), route.limit + 1);
      expect(abuser.slice(0, route.limit)).not.toContain(429);
      expect(abuser.at(-1)).toBe(429);
      // The proxy appends the address it saw to whatever the client sent.
      expect(await route.call(app, { peer: PROXY, forwardedFor: `${net}.2` }, 0)).not.toBe(429);
      expect(await route.call(app, { peer: PROXY, forwardedFor: `203.0.113.250, ${net}.3` }, 0)).not.toBe(429);
      expect(await route.call(app, { peer: PROXY, forwardedFor: `${net}.1` }, 0)).toBe(429);
    });

    it('a client reaching the server past the proxy cannot name itself in X-Forwarded-For', async () => {
      const direct = await calls(
        app,
        inquiry,
        (i) => ({ peer: '192.0.2.77', forwardedFor: `198.18.0.${i + 1}` }),
        inquiry.limit + 1,
      );
      expect(direct.at(-1)).toBe(429);
    });
  });

  describe('behind one proxy counted by TRUST_PROXY=1', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null, trustProxy: 1 },
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it('counts the address the proxy saw, not what the client wrote before it', async () => {
      const net = '198.51.102';
      // The abuser writes a new address each time; the proxy appends the one it really saw.
      const abuser = await calls(
        app,
        inquiry,
        (i) => ({ peer: PROXY, forwardedFor: `203.0.113.${i + 1}, ${net}.1` }),
        inquiry.limit + 1,
      );
      expect(abuser.at(-1)).toBe(429);
      expect(await inquiry.call(app, { peer: PROXY, forwardedFor: `${net}.2` }, 0)).not.toBe(429);
    });
  });

  describe('without TRUST_PROXY', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it.each([
      { name: inquiry.name, route: inquiry, peer: '192.0.2.10' },
      { name: coupon.name, route: coupon, peer: '192.0.2.11' },
    ])('$name: a forged X-Forwarded-For does not let a client escape the limit', async ({ route, peer }) => {
      const statuses = await calls(app, route, (i) => ({ peer, forwardedFor: `198.18.1.${i + 1}` }), route.limit + 1);
      expect(statuses.slice(0, route.limit)).not.toContain(429);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
