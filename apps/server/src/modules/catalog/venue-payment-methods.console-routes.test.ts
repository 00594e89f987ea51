import type { PaymentMethods } from '@storefront/domain/api/catalog';
import type { VenuePaymentMethods } from '@storefront/domain/console/venue-settings';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

describeEachEngine('console venue payment methods', (ctx) => {
  const server = useTestApp(ctx);
  const shopMethods = async (channel: string) => {
    const answer = await server.app.inject({ method: 'GET', url: `/demo/api/v1/paymentmethods?lang=en&channel=${channel}` });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as z.infer<typeof PaymentMethods>).map((m) => `${m.method}:${m.provider}`);
  };
  const siteIdOf = async (code: string) =>
    (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = ${code}`))[0]?.id ?? 0;
  async function signedIn(rights: Parameters<typeof makeTeam>[1]['rights']) {
    const team = await makeTeam(ctx.db, { rights, venueIds: [await siteIdOf('demo')] });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    return { client, staff };
  }
  const storedKeys = async () =>
    (
      await rows<{ keys: Record<string, Record<string, string>> }>(
        ctx.db,
        sql`select payment_provider_keys as keys from sites where code = 'demo'`,
      )
    )[0]?.keys;

  it('replaces the list in display order, which the shop follows per channel, and records before and after', async () => {
    const { client, staff } = await signedIn(['catalogue:write']);
    const read = await client.get<VenuePaymentMethods>('venues/demo/payment-methods');
    expect(read.status).toBe(200);
    expect(read.body.providers).toEqual(['free', 'sandbox']);
    expect(read.body.methods.length).toBeGreaterThan(0);

    const methods = [
      { method: 'stripe_secure', provider: 'sandbox', channels: ['web', 'spot'], is_enabled: true },
      { method: 'gmo_paypay', provider: 'sandbox', channels: ['web'], is_enabled: false },
      { method: 'adyen_credit', provider: 'sandbox', channels: ['web', 'kiosk'], is_enabled: true },
      { method: 'free', provider: 'free', channels: ['web', 'kiosk', 'spot'], is_enabled: true },
    ];
    const saved = await client.put<VenuePaymentMethods>('venues/demo/payment-methods', { methods });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.methods).toEqual(methods);
    expect(await shopMethods('web')).toEqual(['stripe_secure:sandbox', 'adyen_credit:sandbox', 'free:free']);
    expect(await shopMethods('kiosk')).toEqual(['adyen_credit:sandbox', 'free:free']);
    expect(await shopMethods('spot')).toEqual(['stripe_secure:sandbox', 'free:free']);

    const [entry] = await rows<{ actor_id: number; changes: { methods: { before: unknown[]; after: unknown[] } } }>(
      ctx.db,
      sql`select actor_id, changes from audit_log where object_type = 'payment_methods' order by id desc limit 1`,
    );
    expect(entry?.actor_id).toBe(staff.id);
    expect(entry?.changes.methods.before).toEqual(read.body.methods);
    expect(entry?.changes.methods.after).toEqual(methods);
  });

  it('sets a public key that it never shows back in full, and refuses a secret key', async () => {
    const { client } = await signedIn(['catalogue:write']);
    const { methods } = (await client.get<VenuePaymentMethods>('venues/demo/payment-methods')).body;
    const key = 'pk_live_51AbCdEfGhIjKlMn4242';
    const saved = await client.put<VenuePaymentMethods>('venues/demo/payment-methods', {
      methods,
      provider_keys: { stripe: { publishableKey: key } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.provider_keys).toEqual({ stripe: { publishableKey: 'pk_live_…4242' } });
    expect(JSON.stringify((await client.get('venues/demo/payment-methods')).body)).not.toContain(key);
    expect(await storedKeys()).toEqual({ stripe: { publishableKey: key } });
    const [entry] = await rows<{ changes: Record<string, unknown> }>(
      ctx.db,
      sql`select changes from audit_log where object_type = 'payment_methods' order by id desc limit 1`,
    );
    expect(entry?.changes).toEqual({ 'provider_keys.stripe.publishableKey': { before: null, after: 'pk_live_…4242' } });
    expect(JSON.stringify(entry)).not.toContain(key);

    const secret = await client.put<{ field: string; message: string }>('venues/demo/payment-methods', {
      methods,
      provider_keys: { stripe: { publishableKey: 'sk_live_51AbCdEfGhIjKlMn9999' } },
    });
    expect(secret.status).toBe(400);
    expect(secret.body.field).toBe('provider_keys.stripe.publishableKey');
    expect(secret.body.message).toMatch(/secret/);
    expect(secret.body.message).not.toContain('sk_live');
    expect(await storedKeys()).toEqual({ stripe: { publishableKey: key } });

    // A key left out stays; null removes it.
    expect((await client.put('venues/demo/payment-methods', { methods })).status).toBe(200);
    expect(await storedKeys()).toEqual({ stripe: { publishableKey: key } });
    expect(
      (await client.put('venues/demo/payment-methods', { methods, provider_keys: { stripe: { publishableKey: null } } })).status,
    ).toBe(200);
    expect(await storedKeys()).toEqual({});
  });

  it('refuses a bad list with 400 naming the field, and writes nothing', async () => {
    const { client } = await signedIn(['catalogue:write']);
    const before = await shopMethods('web');
    const good = { method: 'gmo', provider: 'sandbox', channels: ['web'], is_enabled: true };
    const cases: [unknown[], string][] = [
      [[good, { ...good, method: 'paypal' }], 'methods.1.method'],
      [[good, good], 'methods'],
      [[{ ...good, channels: [] }], 'methods.0.channels'],
      [[{ ...good, channels: ['web', 'fax'] }], 'methods.0.channels.1'],
      [[{ ...good, provider: 'stripe' }], 'methods.0.provider'],
      [[{ ...good, provider: 'free' }], 'methods.0.provider'],
      [[{ ...good, method: 'free' }], 'methods.0.provider'],
    ];
    for (const [methods, field] of cases) {
      const answer = await client.put<{ field: string }>('venues/demo/payment-methods', { methods });
      expect(answer.status, JSON.stringify(methods)).toBe(400);
      expect(answer.body.field, JSON.stringify(methods)).toBe(field);
    }
    expect(await shopMethods('web')).toEqual(before);
  });

  it('reads with catalogue:read and writes only with catalogue:write', async () => {
    const { client: reader } = await signedIn(['catalogue:read']);
    expect((await reader.get('venues/demo/payment-methods')).status).toBe(200);
    expect((await reader.put('venues/demo/payment-methods', { methods: [] })).status).toBe(403);
    const { client: other } = await signedIn(['orders:refund']);
    expect((await other.get('venues/demo/payment-methods')).status).toBe(403);
  });
});

describeEachEngine('console venue payment methods in production', (ctx) => {
  let app: FastifyInstance | null = null;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, { appMode: 'production' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers no sandbox provider and refuses a method on it', async () => {
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const client = consoleClient(app as FastifyInstance);
    await signIn(client, owner.email);
    const read = await client.get<VenuePaymentMethods>('venues/demo/payment-methods');
    expect(read.body.providers).toEqual(['free']);
    const refused = await client.put<{ field: string }>('venues/demo/payment-methods', {
      methods: [{ method: 'gmo', provider: 'sandbox', channels: ['web'], is_enabled: true }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('methods.0.provider');
  });
});
