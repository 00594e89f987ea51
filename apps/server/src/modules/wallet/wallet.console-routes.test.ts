import type { AppleWalletVenueSettings } from '@storefront/domain/console/apple-wallet';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

describeEachEngine('console Apple Wallet switch', (ctx) => {
  const server = useTestApp(ctx);
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
    // The test app has no pass certificate: the console says so, and the switch is off.
    expect(read.body).toEqual({ is_configured: false, is_enabled: false, latitude: null, longitude: null });

    const body = { is_enabled: true, latitude: 35.7148, longitude: 139.7737 };
    const saved = await client.put<AppleWalletVenueSettings>('venues/demo/apple-wallet', body);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ is_configured: false, ...body });
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
