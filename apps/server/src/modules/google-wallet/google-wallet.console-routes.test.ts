/**
 * The console's Google Wallet switch, on both engines: read with `catalogue:read`, turned on and
 * off with `catalogue:write` (each change audited in its transaction, a repeat not), refused while
 * the deployment has no issuer account, never another venue's.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Right } from '@storefront/domain/console/rights';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';

type Audit = { action: string; object_type: string; object_id: string; venue_code: string; changes: Record<string, unknown> };

describeEachEngine('console Google Wallet switch', (ctx) => {
  let configured: FastifyInstance;
  let unconfigured: FastifyInstance;
  let demoId = 0;
  let otherCode = '';

  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const base = { appMode: 'demo', appEnv: 'development', reconnectSite: null } as const;
    configured = await buildApp({
      config: {
        ...base,
        googleWallet: {
          issuerId: '3388000000022000001',
          clientEmail: 'wallet@storefront-test.iam.gserviceaccount.com',
          privateKey,
          // Turning passes on asks Google nothing: these are never called.
          apiUrl: 'http://127.0.0.1:9/walletobjects/v1',
          tokenUrl: 'http://127.0.0.1:9/token',
        },
      },
      db: ctx.db,
      storefrontDir: fakeStorefrontDir(),
    });
    unconfigured = await buildApp({ config: base, db: ctx.db, storefrontDir: fakeStorefrontDir() });
    const [demo] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
    const [other] = await rows<{ code: string }>(ctx.db, sql`select code from sites where code <> 'demo' order by id limit 1`);
    demoId = demo?.id ?? 0;
    otherCode = other?.code ?? '';
  });
  afterAll(async () => {
    await configured?.close();
    await unconfigured?.close();
  });

  async function memberWith(app: FastifyInstance, rights: Right[]): Promise<ConsoleClient> {
    const team = await makeTeam(ctx.db, { rights, venueIds: [demoId] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(app, { ip: '192.0.2.31' });
    await signIn(client, member.email);
    return client;
  }
  const audits = () =>
    rows<Audit>(
      ctx.db,
      sql`select action, object_type, object_id, venue_code, changes from audit_log where object_type = 'google_wallet' order by id`,
    );

  it('turns a venue’s passes on and off with catalogue:write, each change audited once', async () => {
    const writer = await memberWith(configured, ['catalogue:read', 'catalogue:write']);
    expect((await writer.get('venues/demo/google-wallet')).body).toEqual({ is_configured: true, is_enabled: false });

    const on = await writer.put('venues/demo/google-wallet', { is_enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toEqual({ is_configured: true, is_enabled: true });
    expect((await writer.put('venues/demo/google-wallet', { is_enabled: true })).status).toBe(200);
    expect(await audits()).toEqual([
      {
        action: 'enabled',
        object_type: 'google_wallet',
        object_id: String(demoId),
        venue_code: 'demo',
        changes: { is_enabled: { from: false, to: true } },
      },
    ]);

    const off = await writer.put('venues/demo/google-wallet', { is_enabled: false });
    expect(off.body).toEqual({ is_configured: true, is_enabled: false });
    expect((await audits()).map((a) => a.action)).toEqual(['enabled', 'disabled']);
  });

  it('lets catalogue:read look but not change, and no one reach another venue', async () => {
    const reader = await memberWith(configured, ['catalogue:read']);
    expect((await reader.get('venues/demo/google-wallet')).status).toBe(200);
    expect((await reader.put('venues/demo/google-wallet', { is_enabled: true })).status).toBe(403);
    expect((await reader.get(`venues/${otherCode}/google-wallet`)).status).toBe(404);
    const stranger = consoleClient(configured, { ip: '192.0.2.32' });
    expect((await stranger.get('venues/demo/google-wallet')).status).toBe(401);
  });

  it('refuses to turn passes on while the deployment has no issuer account', async () => {
    const writer = await memberWith(unconfigured, ['catalogue:read', 'catalogue:write']);
    expect((await writer.get('venues/demo/google-wallet')).body).toMatchObject({ is_configured: false });
    const refused = await writer.put<{ error: string; field?: string }>('venues/demo/google-wallet', { is_enabled: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', field: 'is_enabled' });
  });
});
