/**
 * No right can be given by someone who lacks it (issue 38, R3; staff-reach.ts). A member whose
 * only right is `staff:manage` used to make a team with every right, join it, read another venue's
 * orders and refunds and invite an accomplice. Each step is refused now, with a 403 naming what is
 * refused and an audit row of its own, and nothing of it is written. A manager still gives what
 * they hold; an owner still does everything.
 */
import { RIGHTS, type Right } from '@storefront/domain/console/rights';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { makeStaff, makeTeam, signIn, uniqueEmail } from '../../../test/console.ts';
import { auditSince, browser, lastAuditId, mailsTo, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';

type Member = { id: number; email: string; name: string; status: string; team_ids: number[] };
type Team = { id: number; name: string; all_venues: boolean; venue_ids: number[]; rights: string[]; member_ids: number[] };
type Session = { organisation_rights: string[]; venues: { code: string; rights: string[] }[] };
type Answer = { status: number; body: unknown };

describeEachEngine('what a staff manager may give', (ctx) => {
  const server = useTestApp(ctx);
  const app = () => server.app;

  /** A signed-in member of a team at every venue with these rights, and of any other teams given. */
  async function manager(rights: Right[], otherTeamIds: number[] = []) {
    const team = await makeTeam(ctx.db, { rights, name: 'Managers' });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id, ...otherTeamIds] });
    const client = browser(app());
    await signIn(client, staff.email);
    return { staff, client, team };
  }

  async function owner() {
    const staff = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const client = browser(app());
    await signIn(client, staff.email);
    return { staff, client };
  }

  /** The answer is a 403 whose message names what is refused. */
  function refused(answer: Answer, names: string | RegExp) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    const message = typeof names === 'string' ? expect.stringContaining(names) : expect.stringMatching(names);
    expect(answer.body).toMatchObject({ error: 'forbidden', message });
  }

  const teamBody = (rights: Right[], venueIds: number[] | 'all', name = 'A team') => ({
    name,
    all_venues: venueIds === 'all',
    venue_ids: venueIds === 'all' ? [] : venueIds,
    rights,
    requires_two_factor: false,
  });

  it('refuses the attack of issue 38 step by step: staff:manage alone gives no other right, and nothing is written', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const cafe = await siteIdOf(ctx.db, 'cafe-lumen');
    // The café's finance team, made by an owner, with a member.
    const finance = await makeTeam(ctx.db, { rights: ['orders:read', 'orders:refund'], venueIds: [cafe], name: 'Finance' });
    const treasurer = await makeStaff(ctx.db, { teamIds: [finance.id] });
    const { staff: attacker, client, team: own } = await manager(['staff:manage']);
    const teamsBefore = (await client.get<{ teams: Team[] }>('teams')).body.teams;
    const audited = await lastAuditId(ctx.db);
    const accomplice = uniqueEmail('accomplice');

    // 1. A team holding all ten rights, at every venue or at the café alone.
    refused(
      await client.post('teams', teamBody([...RIGHTS], 'all', 'Everything')),
      /you do not hold .*orders:refund at every venue/,
    );
    refused(await client.post('teams', teamBody(['orders:read'], [cafe], 'Café orders')), `orders:read at venue ${cafe}`);
    // 2. Joining a team: the finance team, or one of their own making that holds only what they hold.
    refused(await client.patch(`staff/${attacker.id}`, { team_ids: [own.id, finance.id] }), 'your own teams');
    const made = await client.post<Team>('teams', teamBody(['staff:manage'], 'all', 'Managers too'));
    expect(made.status).toBe(201);
    refused(await client.patch(`staff/${attacker.id}`, { team_ids: [own.id, made.body.id] }), 'your own teams');
    // 3. Changing a team they are in, or one that holds what they do not.
    refused(await client.put(`teams/${own.id}`, teamBody([...RIGHTS], 'all', 'Managers')), 'you are a member of this team');
    refused(
      await client.put(`teams/${finance.id}`, teamBody(['orders:read', 'orders:refund'], [cafe, demo], 'Finance')),
      /this team holds rights you do not hold \(orders:read at venue \d+/,
    );
    refused(
      await client.put(`teams/${made.body.id}`, teamBody([...RIGHTS], 'all', 'Managers too')),
      'orders:refund at every venue',
    );
    // 4. Another venue's orders and refunds stay closed.
    refused(await client.get('venues/cafe-lumen/orders'), 'this needs the right orders:read at cafe-lumen');
    refused(await client.get('venues/cafe-lumen/refunds'), 'this needs the right orders:read at cafe-lumen');
    // 5. An accomplice invited into the finance team, or their own.
    refused(
      await client.post('staff', { email: accomplice, name: 'Accomplice', team_ids: [finance.id] }),
      `team ${finance.id} ("Finance") holds rights you do not hold`,
    );
    refused(
      await client.post('staff', { email: accomplice, name: 'Accomplice', team_ids: [own.id] }),
      `you are a member of team ${own.id}`,
    );
    // 6. The finance team's member, who holds more: not changed, deactivated or sent a reset.
    refused(
      await client.patch(`staff/${treasurer.id}`, { team_ids: [made.body.id] }),
      `${treasurer.email} holds rights you do not hold`,
    );
    refused(await client.patch(`staff/${treasurer.id}`, { name: 'Renamed' }), 'only someone who holds them may change them');
    refused(await client.post(`staff/${treasurer.id}/deactivate`), 'may deactivate them');
    refused(await client.post(`staff/${treasurer.id}/password-reset`), 'may reset the password of them');

    // Nothing was written but the team they could make, and a refusal row for each attempt.
    const teamsAfter = (await client.get<{ teams: Team[] }>('teams')).body.teams;
    expect(teamsAfter.filter((team) => team.id !== made.body.id)).toEqual(teamsBefore);
    expect(teamsAfter.find((team) => team.id === made.body.id)).toMatchObject({ rights: ['staff:manage'], member_ids: [] });
    const staff = (await client.get<{ staff: Member[] }>('staff')).body.staff;
    expect(staff.map((member) => member.email)).not.toContain(accomplice);
    expect(staff.find((member) => member.id === attacker.id)?.team_ids).toEqual([own.id]);
    expect(staff.find((member) => member.id === treasurer.id)).toMatchObject({ status: 'active', team_ids: [finance.id] });
    expect(await mailsTo(ctx.db, accomplice)).toEqual([]);
    expect(await mailsTo(ctx.db, treasurer.email)).toEqual([]);
    const session = await client.get<Session>('session');
    expect(session.body.organisation_rights).toEqual(['staff:manage']);
    expect(session.body.venues.every((venue) => venue.rights.join() === 'staff:manage')).toBe(true);

    const rows = await auditSince(ctx.db, audited);
    expect(rows.every((row) => row.actor_id === attacker.id && row.client_ip === client.ip)).toBe(true);
    expect(rows.map((row) => [row.object_type, row.object_id, row.action, row.changes.attempted])).toEqual([
      ['team', null, 'refused', 'created'],
      ['team', null, 'refused', 'created'],
      ['staff', String(attacker.id), 'refused', 'updated'],
      ['team', String(made.body.id), 'created', undefined],
      ['staff', String(attacker.id), 'refused', 'updated'],
      ['team', String(own.id), 'refused', 'updated'],
      ['team', String(finance.id), 'refused', 'updated'],
      ['team', String(made.body.id), 'refused', 'updated'],
      ['staff', null, 'refused', 'invited'],
      ['staff', null, 'refused', 'invited'],
      ['staff', String(treasurer.id), 'refused', 'updated'],
      ['staff', String(treasurer.id), 'refused', 'updated'],
      ['staff', String(treasurer.id), 'refused', 'deactivated'],
      ['staff', String(treasurer.id), 'refused', 'password_reset_sent'],
    ]);
    // A refusal row says why, and what was asked.
    expect(rows[0]?.changes).toMatchObject({
      reason: expect.stringContaining('orders:refund at every venue'),
      lacking: expect.arrayContaining([{ right: 'orders:refund', venue_id: null }]),
      requested: { name: 'Everything', all_venues: true },
    });
    expect(rows[8]?.changes).toMatchObject({ team_id: finance.id, requested: { email: accomplice, team_ids: [finance.id] } });
  });

  it('refuses a manager leaving a team, or changing or deleting a team they are a member of', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const desk = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo], name: 'Desk' });
    const { staff, client, team: own } = await manager(['staff:manage', 'orders:read'], [desk.id]);
    const colleague = await makeStaff(ctx.db, { teamIds: [desk.id] });

    refused(await client.patch(`staff/${staff.id}`, { team_ids: [own.id] }), 'your own teams');
    refused(
      await client.put(`teams/${desk.id}`, teamBody(['orders:read'], [demo], 'Desk, renamed')),
      'you are a member of this team',
    );
    refused(await client.delete(`teams/${desk.id}`), 'you are a member of this team');
    // Nor may they take someone else out of a team of theirs, or put them in.
    refused(await client.patch(`staff/${colleague.id}`, { team_ids: [own.id] }), /you are a member of team \d+/);
    const outsider = await makeStaff(ctx.db, { teamIds: [desk.id] });
    refused(await client.patch(`staff/${outsider.id}`, { team_ids: [desk.id, own.id] }), `you are a member of team ${own.id}`);
    // Their own name is theirs to change; saving their teams unchanged changes nothing.
    const renamed = await client.patch<Member>(`staff/${staff.id}`, { name: 'New name', team_ids: [desk.id, own.id] });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New name' });
    expect(renamed.body.team_ids.sort()).toEqual([own.id, desk.id].sort());
  });

  it('lets a manager give what they hold, where they hold it: a team, an invitation into it, a member moved', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const cafe = await siteIdOf(ctx.db, 'cafe-lumen');
    const desk = await makeTeam(ctx.db, { rights: ['orders:write', 'checkin:scan'], venueIds: [demo], name: 'Demo desk' });
    const { client } = await manager(['staff:manage'], [desk.id]);
    const readers = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo], name: 'Demo readers' });
    const member = await makeStaff(ctx.db, { teamIds: [readers.id] });

    // Write implies read: orders:read at the demo venue is theirs to give.
    const gate = await client.post<Team>('teams', teamBody(['checkin:scan', 'orders:read'], [demo], 'Demo gate'));
    expect(gate.status, JSON.stringify(gate.body)).toBe(201);
    const managers = await client.post<Team>('teams', teamBody(['staff:manage'], 'all', 'More managers'));
    expect(managers.status).toBe(201);
    refused(await client.post('teams', teamBody(['orders:refund'], [demo])), `orders:refund at venue ${demo}`);
    refused(await client.post('teams', teamBody(['checkin:scan'], [demo, cafe])), `checkin:scan at venue ${cafe}`);
    refused(await client.post('teams', teamBody(['checkin:scan'], 'all')), 'checkin:scan at every venue');

    const changed = await client.put<Team>(
      `teams/${gate.body.id}`,
      teamBody(['checkin:scan', 'orders:write'], [demo], 'Demo gate'),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    refused(
      await client.put(`teams/${gate.body.id}`, teamBody(['checkin:scan'], [demo, cafe], 'Demo gate')),
      `checkin:scan at venue ${cafe}`,
    );

    const email = uniqueEmail('gatekeeper');
    const invited = await client.post<Member>('staff', { email, name: 'Gatekeeper', team_ids: [gate.body.id] });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(await mailsTo(ctx.db, email)).toHaveLength(1);
    expect((await client.post(`staff/${invited.body.id}/invitation`)).status).toBe(204);

    const moved = await client.patch<Member>(`staff/${member.id}`, { name: 'Moved', team_ids: [gate.body.id] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.team_ids).toEqual([gate.body.id]);
    expect((await client.post(`staff/${member.id}/deactivate`)).status).toBe(200);
    expect((await client.post(`staff/${member.id}/reactivate`)).status).toBe(200);
    expect((await client.post(`staff/${member.id}/password-reset`)).status).toBe(204);
    expect((await client.delete(`teams/${readers.id}`)).status).toBe(204);
    expect((await client.delete(`teams/${managers.body.id}`)).status).toBe(204);
  });

  it('lets an owner give every right, join and change their own team, and change anyone', async () => {
    const cafe = await siteIdOf(ctx.db, 'cafe-lumen');
    const { staff, client } = await owner();
    const finance = await makeTeam(ctx.db, { rights: ['orders:refund'], venueIds: [cafe], name: 'Finance' });
    const treasurer = await makeStaff(ctx.db, { teamIds: [finance.id] });
    const audited = await lastAuditId(ctx.db);

    const everything = await client.post<Team>('teams', teamBody([...RIGHTS], 'all', 'Everything'));
    expect(everything.status, JSON.stringify(everything.body)).toBe(201);
    expect((await client.patch(`staff/${staff.id}`, { team_ids: [everything.body.id] })).status).toBe(200);
    const own = await client.put(`teams/${everything.body.id}`, teamBody(['orders:read'], [cafe], 'Less'));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const invited = await client.post('staff', { email: uniqueEmail('refunds'), name: 'Refunds', team_ids: [finance.id] });
    expect(invited.status).toBe(201);
    expect((await client.patch(`staff/${treasurer.id}`, { team_ids: [everything.body.id, finance.id] })).status).toBe(200);
    expect((await client.post(`staff/${treasurer.id}/deactivate`)).status).toBe(200);
    expect((await auditSince(ctx.db, audited)).map((row) => row.action)).not.toContain('refused');
  });
});
