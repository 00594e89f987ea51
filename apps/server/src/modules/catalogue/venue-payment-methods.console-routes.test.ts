import type { PaymentMethods } from '@storefront/domain/api/catalogue';
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

  it('sets the Adyen client key and merchant account, shows the key masked and the account in full, and removes them', async () => {
    const { client } = await signedIn(['catalogue:write']);
    const { methods } = (await client.get<VenuePaymentMethods>('venues/demo/payment-methods')).body;
    const clientKey = 'live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    const saved = await client.put<VenuePaymentMethods>('venues/demo/payment-methods', {
      methods,
      provider_keys: { adyen: { clientKey, merchantAccount: 'Harbor_Museum-ECOM.jp' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.provider_keys).toEqual({ adyen: { clientKey: 'live_…2345', merchantAccount: 'Harbor_Museum-ECOM.jp' } });
    expect(JSON.stringify((await client.get('venues/demo/payment-methods')).body)).not.toContain(clientKey);
    expect(await storedKeys()).toEqual({ adyen: { clientKey, merchantAccount: 'Harbor_Museum-ECOM.jp' } });
    const [entry] = await rows<{ changes: Record<string, unknown> }>(
      ctx.db,
      sql`select changes from audit_log where object_type = 'payment_methods' order by id desc limit 1`,
    );
    expect(entry?.changes).toEqual({
      'provider_keys.adyen.clientKey': { before: null, after: 'live_…2345' },
      'provider_keys.adyen.merchantAccount': { before: null, after: 'Harbor_Museum-ECOM.jp' },
    });
    expect(JSON.stringify(entry)).not.toContain(clientKey);

    // One removed, the other left out: the account stays.
    const removed = await client.put<VenuePaymentMethods>('venues/demo/payment-methods', {
      methods,
      provider_keys: { adyen: { clientKey: null } },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.provider_keys).toEqual({ adyen: { merchantAccount: 'Harbor_Museum-ECOM.jp' } });
    expect(
      (await client.put('venues/demo/payment-methods', { methods, provider_keys: { adyen: { merchantAccount: null } } })).status,
    ).toBe(200);
    expect(await storedKeys()).toEqual({});
  });

  it('refuses an Adyen API key as a secret, and a malformed client key or merchant account, writing nothing', async () => {
    const { client } = await signedIn(['catalogue:write']);
    const { methods } = (await client.get<VenuePaymentMethods>('venues/demo/payment-methods')).body;
    const before = await storedKeys();
    const apiKey =
      'AQEyhmfxK4zJbBZDw0m/n3Q5qf3VaY9UCJ14XWZE03G/k2NFitRvbe4N1XqH1eHaH2AksaEQjsRUPb0=-ZvT1KXJ9Ad0wVCOAbzTHrSF5ylXzWkbUXdtk5CT4UUk=-3b6h9J2kT8qW5eRz';
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ clientKey: apiKey }, 'provider_keys.adyen.clientKey', /secret/],
      [{ merchantAccount: apiKey }, 'provider_keys.adyen.merchantAccount', /secret/],
      [{ clientKey: 'test_abcdefghijklmnopqrstuvwxyz012345' }, 'provider_keys.adyen.clientKey', /Adyen client key/],
      [{ clientKey: 'pk_live_51AbCdEfGhIjKlMn4242' }, 'provider_keys.adyen.clientKey', /Adyen client key/],
      [{ merchantAccount: 'Harbor Museum' }, 'provider_keys.adyen.merchantAccount', /merchant account/],
    ];
    for (const [adyen, field, message] of cases) {
      const answer = await client.put<{ field: string; message: string }>('venues/demo/payment-methods', {
        methods,
        provider_keys: { adyen },
      });
      expect(answer.status, JSON.stringify(adyen)).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
      expect(answer.body.message).not.toContain('AQE');
    }
    const unknown = await client.put<{ field: string }>('venues/demo/payment-methods', {
      methods,
      provider_keys: { adyen: { apiKey } },
    });
    expect(unknown.status).toBe(400);
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a method given to a provider that cannot take it, naming the entry, and writes nothing', async () => {
    const { client } = await signedIn(['catalogue:write']);
    const before = await shopMethods('web');
    const keys = await storedKeys();
    const auditRows = async () =>
      (await rows(ctx.db, sql`select id from audit_log where object_type = 'payment_methods'`)).length;
    const audited = await auditRows();
    const good = { method: 'gmo', provider: 'sandbox', channels: ['web'], is_enabled: true };
    const answer = await client.put<{ field: string; message: string }>('venues/demo/payment-methods', {
      methods: [good, { ...good, method: 'gmo_paypay', provider: 'adyen' }],
      provider_keys: { adyen: { merchantAccount: 'Harbor_ECOM' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('methods.1.provider');
    expect(answer.body.message).toBe(
      'methods.1.provider must be a provider that takes gmo_paypay: adyen takes only adyen_credit, adyen_alipay, adyen_we_chat_pay',
    );
    const paypay = await client.put<{ field: string; message: string }>('venues/demo/payment-methods', {
      methods: [{ ...good, method: 'adyen_credit', provider: 'paypay' }],
    });
    expect(paypay.status).toBe(400);
    expect(paypay.body.field).toBe('methods.0.provider');
    expect(paypay.body.message).toMatch(/paypay takes only gmo_paypay, softbank_paypay/);
    expect(await shopMethods('web')).toEqual(before);
    expect(await storedKeys()).toEqual(keys);
    expect(await auditRows()).toBe(audited);
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
