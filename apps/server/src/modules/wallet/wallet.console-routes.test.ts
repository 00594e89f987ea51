import type { AppleWalletVenueSettings } from '@storefront/domain/console/apple-wallet';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { testAppleWalletConfig } from '../../../test/apple-wallet.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

describeEachEngine('console Apple Wallet switch', (ctx) => {
  const server = useTestApp(ctx, { appleWallet: testAppleWalletConfig() });
  const siteIdOf = async (code: string) =>
    (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = ${code}`))[0]?.id ?? 0;

  async function signedIn(rights: Parameters<typeof makeTeam>[1]['rights'], venueCodes: string[]) {
    const venueIds = await Promise.all(venueCodes.map(siteIdOf));
    const team = await makeTeam(ctx.db, { rights, venueIds });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    return { client, staff };
  }

  it('turns a venue’s passes on with its location, audited, and only with catalogue:write at that venue', async () => {
    const { client, staff } = await signedIn(['catalogue:write'], ['demo']);
    const read = await client.get<AppleWalletVenueSettings>('venues/demo/apple-wallet');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ is_configured: true, is_enabled: false, latitude: null, longitude: null });

    const body = { is_enabled: true, latitude: 35.7148, longitude: 139.7737 };
    const saved = await client.put<AppleWalletVenueSettings>('venues/demo/apple-wallet', body);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ is_configured: true, ...body });
    expect((await client.get<AppleWalletVenueSettings>('venues/demo/apple-wallet')).body.is_enabled).toBe(true);
    // Saved again unchanged: nothing more to audit.
    expect((await client.put('venues/demo/apple-wallet', body)).status).toBe(200);
    const audit = await rows<{ action: string; venue_code: string; actor_id: number; changes: unknown }>(
      ctx.db,
      sql`select action, venue_code, actor_id, changes from audit_log where object_type = 'apple_wallet' order by id`,
    );
    expect(audit).toEqual([
      {
        action: 'updated',
        venue_code: 'demo',
        actor_id: staff.id,
        changes: { is_enabled: true, location: { latitude: 35.7148, longitude: 139.7737 } },
      },
    ]);
    // Latitude and longitude go together.
    expect((await client.put('venues/demo/apple-wallet', { ...body, longitude: null })).status).toBe(400);

    const { client: reader } = await signedIn(['catalogue:read'], ['demo']);
    expect((await reader.get('venues/demo/apple-wallet')).status).toBe(200);
    expect((await reader.put('venues/demo/apple-wallet', { ...body, is_enabled: false })).status).toBe(403);
    const { client: elsewhere } = await signedIn(['catalogue:write'], ['cafe-lumen']);
    expect((await elsewhere.put('venues/demo/apple-wallet', { ...body, is_enabled: false })).status).toBe(404);
    expect((await consoleClient(server.app).get('venues/demo/apple-wallet')).status).toBe(401);
    expect((await client.get<AppleWalletVenueSettings>('venues/demo/apple-wallet')).body.is_enabled).toBe(true);
  });
});

describeEachEngine('console Apple Wallet switch without a certificate', (ctx) => {
  const server = useTestApp(ctx);

  it('says the deployment has none, and refuses to turn passes on, naming the switch; the location is kept', async () => {
    const [site] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
    const team = await makeTeam(ctx.db, { rights: ['catalogue:write'], venueIds: [site?.id ?? 0] });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    expect((await client.get<AppleWalletVenueSettings>('venues/demo/apple-wallet')).body).toMatchObject({
      is_configured: false,
      is_enabled: false,
    });
    const refused = await client.put('venues/demo/apple-wallet', { is_enabled: true, latitude: null, longitude: null });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', field: 'is_enabled' });
    const located = await client.put<AppleWalletVenueSettings>('venues/demo/apple-wallet', {
      is_enabled: false,
      latitude: 35.7148,
      longitude: 139.7737,
    });
    expect(located.status).toBe(200);
    expect(located.body).toMatchObject({ is_configured: false, is_enabled: false, latitude: 35.7148 });
  });
});
