import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

const newVenue = (key: string) => ({
  code: key,
  variant: key,
  kind: 'exhibition',
  name: { ja: '新しい美術館', en: 'The New Museum' },
  languages: ['ja', 'en'],
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
});

describeEachEngine('console venues', (ctx) => {
  const server = useTestApp(ctx);
  const auditCount = async () => (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;

  it('lets an owner create a venue that the shop serves at once, and records who did it', async () => {
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const client = consoleClient(server.app, { ip: '192.0.2.10' });
    await signIn(client, owner.email);
    const created = await client.post<{ id: number; code: string; languages: string[] }>('venues', newVenue('new-museum'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ code: 'new-museum', languages: ['ja', 'en'] });
    const page = await server.app.inject({ method: 'GET', url: '/new-museum/api/v1/configurations' });
    expect(page.statusCode).toBe(200);
    const listed = await client.get<{ venues: { code: string }[] }>('venues');
    expect(listed.body.venues.map((v) => v.code)).toContain('new-museum');
    const [entry] = await rows<{ actor_id: number; venue_code: string; action: string; object_type: string; client_ip: string }>(
      ctx.db,
      sql`select actor_id, venue_code, action, object_type, client_ip from audit_log where object_type = 'venue' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      actor_id: owner.id,
      venue_code: 'new-museum',
      action: 'created',
      object_type: 'venue',
      client_ip: '192.0.2.10',
    });
  });

  it('refuses a taken code with 409 and writes nothing, and a bad time zone with 400 naming it', async () => {
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const client = consoleClient(server.app);
    await signIn(client, owner.email);
    const before = await auditCount();
    const taken = await client.post('venues', newVenue('demo'));
    expect(taken.status).toBe(409);
    const zone = await client.post('venues', { ...newVenue('zone-museum'), time_zone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body).toMatchObject({ field: 'time_zone' });
    expect(await auditCount()).toBe(before);
  });

  it('lets only those with settings:write at every venue create one', async () => {
    const [demo] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
    const oneVenue = await makeTeam(ctx.db, { rights: ['settings:write'], venueIds: [demo?.id ?? 0] });
    const member = await makeStaff(ctx.db, { teamIds: [oneVenue.id] });
    const client = consoleClient(server.app);
    await signIn(client, member.email);
    expect((await client.post('venues', newVenue('not-mine'))).status).toBe(403);
    const everywhere = await makeTeam(ctx.db, { rights: ['settings:write'] });
    const manager = await makeStaff(ctx.db, { teamIds: [everywhere.id] });
    const managerClient = consoleClient(server.app);
    await signIn(managerClient, manager.email);
    expect((await managerClient.post('venues', newVenue('managed-museum'))).status).toBe(201);
  });
});
