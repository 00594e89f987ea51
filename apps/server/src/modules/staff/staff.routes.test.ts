/**
 * Managing staff and teams through the console API (organisation right `staff:manage`): invitations
 * by mail, editing, deactivating, password resets, teams. The mail is read from the outbox, where
 * the server writes it in the same transaction as the change; link expiry is moved in the database.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { makeStaff, makeTeam, signIn, TEST_PASSWORD, uniqueEmail } from '../../../test/console.ts';
import { browser, lastAuditId, linkToken, mailsTo, placesHolding, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';
import { hashToken } from '../../lib/tokens.ts';

type Member = { id: number; email: string; name: string; status: string; team_ids: number[]; is_owner: boolean };
type Team = {
  id: number;
  name: string;
  all_venues: boolean;
  venue_ids: number[];
  rights: string[];
  requires_two_factor: boolean;
  member_ids: number[];
};
type Session = { stage: string; staff: { email: string }; venues: { code: string; rights: string[] }[] };

const NEW_PASSWORD = 'a passphrase of my own choosing';

describeEachEngine('console staff and teams', (ctx) => {
  const server = useTestApp(ctx);
  const app = () => server.app;

  /**
   * A staff member who manages staff and teams: a team at every venue, no second factor required,
   * holding the rights the teams of these tests give (a manager gives only rights they hold).
   */
  async function lead() {
    const team = await makeTeam(ctx.db, { rights: ['staff:manage', 'orders:read', 'checkin:scan', 'reports:read'] });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = browser(app());
    await signIn(client, staff.email);
    return { staff, client };
  }

  async function owner() {
    const staff = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const client = browser(app());
    expect((await signIn(client, staff.email)).body.stage).toBe('signed_in');
    return { staff, client };
  }

  async function invite(options: { requiresTwoFactor?: boolean } = {}) {
    const team = await makeTeam(ctx.db, {
      rights: ['orders:read'],
      venueIds: [await siteIdOf(ctx.db, 'demo')],
      requiresTwoFactor: options.requiresTwoFactor ?? false,
    });
    const { client: manager, staff: inviter } = await lead();
    const email = uniqueEmail('invitee');
    const invited = await manager.post<Member>('staff', { email, name: 'Ana Invitee', language: 'en', team_ids: [team.id] });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const mails = await mailsTo(ctx.db, email);
    return { manager, inviter, team, email, member: invited.body, mails, token: linkToken(mails.at(-1), 'invitation') };
  }

  const linksOf = (staffId: number) =>
    rows<{ kind: string; token_hash: string }>(
      ctx.db,
      sql`select kind, token_hash from staff_link_tokens where staff_id = ${staffId}`,
    );

  it('invites a staff member by mail, with a link whose secret is stored only as its hash', async () => {
    const { team, email, member, mails, token, inviter } = await invite();
    expect(member).toMatchObject({ email, name: 'Ana Invitee', status: 'invited', team_ids: [team.id], is_owner: false });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'staff_invitation', site_id: null });
    expect(mails[0]?.text_body).toContain(`http://localhost:3000/console/invitation#${token}`);
    expect(mails[0]?.text_body).toContain(inviter.email);
    expect(mails[0]?.html_body).toContain(`/console/invitation#${token}`);
    expect(await placesHolding(ctx.db, token)).toEqual(['outbox.html_body', 'outbox.text_body']);
    expect(await linksOf(member.id)).toEqual([{ kind: 'invitation', token_hash: hashToken(token) }]);
  });

  it('shows an invitation, refuses a short password, accepts once and signs the new member in', async () => {
    const { email, member, token, manager } = await invite();
    const visitor = browser(app());
    const shown = await visitor.get(`invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email, name: 'Ana Invitee', language: 'en' });
    expect((await visitor.get(`invitations/${'A'.repeat(22)}`)).status).toBe(404);

    const short = await visitor.post('invitations/accept', { token, password: 'too short' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'invalid request', field: 'password' });

    const accepted = await visitor.post<Session>('invitations/accept', { token, password: NEW_PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.stage).toBe('signed_in');
    expect(accepted.body.venues).toEqual([expect.objectContaining({ code: 'demo', rights: ['orders:read'] })]);
    expect(visitor.sessionToken).not.toBeNull();
    expect((await visitor.get<Session>('session')).body.staff.email).toBe(email);
    const listed = await manager.get<{ staff: Member[] }>('staff');
    expect(listed.body.staff.find((s) => s.id === member.id)?.status).toBe('active');

    // The link works once.
    const again = await browser(app()).post('invitations/accept', { token, password: 'another long passphrase' });
    expect(again.status).toBe(404);
    expect((await browser(app()).get(`invitations/${token}`)).status).toBe(404);
    // The password chosen is the one that signs in.
    const signedIn = await browser(app()).post<Session>('sign-in/password', { email, password: NEW_PASSWORD });
    expect(signedIn.body.stage).toBe('signed_in');
  });

  it('sends a new member to enrolment when a team of theirs requires two factors', async () => {
    const { token } = await invite({ requiresTwoFactor: true });
    const visitor = browser(app());
    const accepted = await visitor.post<Session>('invitations/accept', { token, password: NEW_PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.body.stage).toBe('enrolment');
    expect(accepted.body.venues).toEqual([]);
    expect((await visitor.get('venues')).status).toBe(401);
  });

  it('refuses an expired invitation', async () => {
    const { member, token } = await invite();
    await ctx.db.execute(
      sql`update staff_link_tokens set expires_at = app_now() - interval '1 second' where staff_id = ${member.id}`,
    );
    const visitor = browser(app());
    expect((await visitor.get(`invitations/${token}`)).status).toBe(404);
    const accept = await visitor.post('invitations/accept', { token, password: NEW_PASSWORD });
    expect(accept.status).toBe(404);
    expect(accept.body).toMatchObject({ error: 'not found' });
    expect(visitor.sessionToken).toBeNull();
  });

  it('refuses to invite an e-mail that has an account, and neither mails nor audits it', async () => {
    const existing = await makeStaff(ctx.db);
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const { client: manager } = await lead();
    const audited = await lastAuditId(ctx.db);
    const again = await manager.post('staff', { email: existing.email.toUpperCase(), name: 'Twice', team_ids: [team.id] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'conflict', field: 'email' });
    expect(await lastAuditId(ctx.db)).toBe(audited);
    expect(await mailsTo(ctx.db, existing.email)).toEqual([]);
  });

  it('refuses an invitation into teams that do not exist, and makes no account', async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const { client: manager } = await lead();
    const email = uniqueEmail('nowhere');
    const refused = await manager.post('staff', { email, name: 'Nobody', team_ids: [team.id, 987_654] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'invalid request',
      field: 'team_ids',
      message: expect.stringContaining('987654'),
    });
    const none = await manager.post('staff', { email, name: 'Nobody', team_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ field: 'team_ids' });
    const listed = await manager.get<{ staff: Member[] }>('staff');
    expect(listed.body.staff.map((s) => s.email)).not.toContain(email);
    expect(await mailsTo(ctx.db, email)).toEqual([]);
  });

  it("edits a member's name and teams", async () => {
    const first = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const second = await makeTeam(ctx.db, { rights: ['reports:read'] });
    const member = await makeStaff(ctx.db, { teamIds: [first.id], name: 'Old name' });
    const { client: manager } = await lead();

    const renamed = await manager.patch<Member>(`staff/${member.id}`, { name: '  New name ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New name', team_ids: [first.id] });
    const moved = await manager.patch<Member>(`staff/${member.id}`, { team_ids: [second.id, first.id, second.id] });
    expect(moved.status).toBe(200);
    expect(moved.body.team_ids.sort()).toEqual([first.id, second.id].sort());
    const listed = await manager.get<{ staff: Member[] }>('staff');
    expect(listed.body.staff.find((s) => s.id === member.id)).toMatchObject({ name: 'New name' });

    const unknown = await manager.patch(`staff/${member.id}`, { team_ids: [987_654] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'team_ids' });
    const empty = await manager.patch(`staff/${member.id}`, { team_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'team_ids' });
    expect((await manager.patch('staff/987654', { name: 'Ghost' })).status).toBe(404);
    const teams = await manager.get<{ teams: Team[] }>('teams');
    expect(teams.body.teams.find((t) => t.id === second.id)?.member_ids).toEqual([member.id]);
  });

  it('deactivates a member, who then cannot sign in and is told nothing more, and reactivates them', async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const { client: manager } = await lead();

    const deactivated = await manager.post<Member>(`staff/${member.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.status).toBe('deactivated');
    const refused = await browser(app()).post('sign-in/password', { email: member.email, password: TEST_PASSWORD });
    const wrong = await browser(app()).post('sign-in/password', { email: member.email, password: 'not the password at all' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect((await manager.post(`staff/${member.id}/deactivate`)).status).toBe(409);

    const reactivated = await manager.post<Member>(`staff/${member.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.status).toBe('active');
    const back = await browser(app()).post<Session>('sign-in/password', { email: member.email, password: TEST_PASSWORD });
    expect(back.status).toBe(200);
    expect(back.body.stage).toBe('signed_in');
  });

  it('voids the links mailed before a deactivation, so that reactivating does not revive them', async () => {
    const active = await makeStaff(ctx.db);
    const { client: manager } = await lead();
    expect((await manager.post(`staff/${active.id}/password-reset`)).status).toBe(204);
    const reset = linkToken((await mailsTo(ctx.db, active.email))[0], 'password-reset');
    const { member, token: invitation } = await invite();
    for (const id of [active.id, member.id]) {
      expect((await manager.post(`staff/${id}/deactivate`)).status).toBe(200);
      expect((await manager.post(`staff/${id}/reactivate`)).status).toBe(200);
    }
    const resetAfter = await browser(app()).post('password-resets/complete', { token: reset, password: NEW_PASSWORD });
    expect(resetAfter.status).toBe(404);
    expect((await browser(app()).post('sign-in/password', { email: active.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await browser(app()).get(`invitations/${invitation}`)).status).toBe(404);
    // A new invitation is what brings them in.
    expect((await manager.post(`staff/${member.id}/invitation`)).status).toBe(204);
    const fresh = linkToken((await mailsTo(ctx.db, member.email)).at(-1), 'invitation');
    expect((await browser(app()).post('invitations/accept', { token: fresh, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('lets only an owner deactivate or change an owner, and nobody deactivate themselves', async () => {
    const { staff: manager, client: managerClient } = await lead();
    const { staff: first, client: firstOwner } = await owner();
    const { staff: second } = await owner();

    const byManager = await managerClient.post(`staff/${first.id}/deactivate`);
    expect(byManager.status).toBe(403);
    expect(byManager.body).toMatchObject({ error: 'forbidden' });
    expect((await managerClient.patch(`staff/${first.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await managerClient.post(`staff/${first.id}/password-reset`)).status).toBe(403);
    expect((await managerClient.post(`staff/${manager.id}/deactivate`)).status).toBe(403);
    expect((await firstOwner.post(`staff/${first.id}/deactivate`)).status).toBe(403);
    const listed = await firstOwner.get<{ staff: Member[] }>('staff');
    const statusOf = (id: number) => listed.body.staff.find((s) => s.id === id)?.status;
    expect([statusOf(first.id), statusOf(second.id), statusOf(manager.id)]).toEqual(['active', 'active', 'active']);

    const byOwner = await firstOwner.post<Member>(`staff/${second.id}/deactivate`);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.status).toBe('deactivated');
  });

  it('resends an invitation: a new link replaces the old one', async () => {
    const { manager, member, email, token: first } = await invite();
    const resent = await manager.post(`staff/${member.id}/invitation`);
    expect(resent.status).toBe(204);
    const mails = await mailsTo(ctx.db, email);
    expect(mails.map((m) => m.kind)).toEqual(['staff_invitation', 'staff_invitation']);
    const second = linkToken(mails[1], 'invitation');
    expect(second).not.toBe(first);
    const visitor = browser(app());
    expect((await visitor.get(`invitations/${first}`)).status).toBe(404);
    expect((await visitor.post('invitations/accept', { token: first, password: NEW_PASSWORD })).status).toBe(404);
    expect((await visitor.post<Session>('invitations/accept', { token: second, password: NEW_PASSWORD })).status).toBe(200);
    // Once accepted, there is nothing to resend.
    expect((await manager.post(`staff/${member.id}/invitation`)).status).toBe(409);
  });

  it('answers a password-reset request alike for any address, and mails only an active account', async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const active = await makeStaff(ctx.db, { teamIds: [team.id] });
    const deactivated = await makeStaff(ctx.db, { teamIds: [team.id] });
    const { client: manager } = await lead();
    await manager.post(`staff/${deactivated.id}/deactivate`);
    const { email: invited } = await invite();
    const unknown = uniqueEmail('unknown');

    const answers = [];
    for (const email of [unknown, active.email.toUpperCase(), deactivated.email, invited]) {
      answers.push(await browser(app()).post('password-resets', { email }));
    }
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [202, {}],
      [202, {}],
      [202, {}],
      [202, {}],
    ]);
    expect((await mailsTo(ctx.db, active.email)).map((m) => m.kind)).toEqual(['staff_password_reset']);
    expect(await mailsTo(ctx.db, unknown)).toEqual([]);
    expect(await mailsTo(ctx.db, deactivated.email)).toEqual([]);
    expect((await mailsTo(ctx.db, invited)).map((m) => m.kind)).toEqual(['staff_invitation']);
    const token = linkToken((await mailsTo(ctx.db, active.email))[0], 'password-reset');
    expect(await placesHolding(ctx.db, token)).toEqual(['outbox.html_body', 'outbox.text_body']);
  });

  it('completes a password reset: the new password works, a lock is lifted and every session ends', async () => {
    const staff = await makeStaff(ctx.db);
    const laptop = browser(app());
    await signIn(laptop, staff.email);
    const phone = browser(app());
    await signIn(phone, staff.email);
    await browser(app()).post('password-resets', { email: staff.email });
    const token = linkToken((await mailsTo(ctx.db, staff.email))[0], 'password-reset');
    await ctx.db.execute(
      sql`update staff_accounts set locked_until = app_now() + interval '15 minutes', failed_sign_ins = 0 where id = ${staff.id}`,
    );
    expect((await browser(app()).post('sign-in/password', { email: staff.email, password: TEST_PASSWORD })).status).toBe(401);

    const short = await browser(app()).post('password-resets/complete', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ field: 'password' });
    const done = await browser(app()).post('password-resets/complete', { token, password: NEW_PASSWORD });
    expect(done.status, JSON.stringify(done.body)).toBe(204);

    expect((await laptop.get('session')).status).toBe(401);
    expect((await phone.get('session')).status).toBe(401);
    expect((await browser(app()).post('sign-in/password', { email: staff.email, password: TEST_PASSWORD })).status).toBe(401);
    const signedIn = await browser(app()).post<Session>('sign-in/password', { email: staff.email, password: NEW_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.stage).toBe('signed_in');

    // The link works once.
    const again = await browser(app()).post('password-resets/complete', { token, password: 'yet another passphrase' });
    expect(again.status).toBe(404);
    expect((await browser(app()).post('sign-in/password', { email: staff.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses an expired password-reset link, and one sent by a manager works like one asked for', async () => {
    const staff = await makeStaff(ctx.db);
    const { client: manager } = await lead();
    expect((await manager.post(`staff/${staff.id}/password-reset`)).status).toBe(204);
    const token = linkToken((await mailsTo(ctx.db, staff.email))[0], 'password-reset');
    await ctx.db.execute(
      sql`update staff_link_tokens set expires_at = app_now() - interval '1 second' where token_hash = ${hashToken(token)}`,
    );
    const expired = await browser(app()).post('password-resets/complete', { token, password: NEW_PASSWORD });
    expect(expired.status).toBe(404);
    expect((await browser(app()).post('sign-in/password', { email: staff.email, password: NEW_PASSWORD })).status).toBe(401);

    expect((await manager.post(`staff/${staff.id}/password-reset`)).status).toBe(204);
    const fresh = linkToken((await mailsTo(ctx.db, staff.email))[1], 'password-reset');
    expect((await browser(app()).post('password-resets/complete', { token: fresh, password: NEW_PASSWORD })).status).toBe(204);
    expect((await browser(app()).post('sign-in/password', { email: staff.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('creates, updates and deletes a team, and refuses to delete one with members', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const cafe = await siteIdOf(ctx.db, 'cafe-lumen');
    const { client: manager } = await lead();
    const created = await manager.post<Team>('teams', {
      name: 'Gate',
      all_venues: false,
      venue_ids: [demo, demo],
      rights: ['checkin:scan', 'orders:read'],
      requires_two_factor: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Gate',
      all_venues: false,
      venue_ids: [demo],
      requires_two_factor: false,
      member_ids: [],
    });
    expect(created.body.rights.sort()).toEqual(['checkin:scan', 'orders:read']);

    const updated = await manager.put<Team>(`teams/${created.body.id}`, {
      name: 'Gate and café',
      all_venues: false,
      venue_ids: [demo, cafe],
      rights: ['checkin:scan'],
      requires_two_factor: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Gate and café', rights: ['checkin:scan'], requires_two_factor: true });
    expect(updated.body.venue_ids.sort()).toEqual([demo, cafe].sort());
    const everywhere = await manager.put<Team>(`teams/${created.body.id}`, {
      name: 'Everywhere',
      all_venues: true,
      venue_ids: [demo],
      rights: ['checkin:scan'],
      requires_two_factor: false,
    });
    expect(everywhere.body).toMatchObject({ all_venues: true, venue_ids: [] });

    const member = await makeStaff(ctx.db, { teamIds: [created.body.id] });
    const withMembers = await manager.delete(`teams/${created.body.id}`);
    expect(withMembers.status).toBe(409);
    expect(withMembers.body).toMatchObject({ error: 'conflict' });
    const other = await makeTeam(ctx.db, { rights: ['orders:read'] });
    expect((await manager.patch(`staff/${member.id}`, { team_ids: [other.id] })).status).toBe(200);
    expect((await manager.delete(`teams/${created.body.id}`)).status).toBe(204);
    const teams = await manager.get<{ teams: Team[] }>('teams');
    expect(teams.body.teams.map((t) => t.id)).not.toContain(created.body.id);
    expect((await manager.delete(`teams/${created.body.id}`)).status).toBe(404);
    expect(
      (
        await manager.put(`teams/${created.body.id}`, {
          name: 'Gone',
          all_venues: true,
          venue_ids: [],
          rights: [],
          requires_two_factor: false,
        })
      ).status,
    ).toBe(404);
  });

  it('saves a team unchanged without an audit row or new secrets for its members', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const { client: manager } = await lead();
    const body = { name: 'Desk', all_venues: false, venue_ids: [demo], rights: ['orders:read'], requires_two_factor: false };
    const created = await manager.post<Team>('teams', body);
    const member = await makeStaff(ctx.db, { teamIds: [created.body.id] });
    const before = await lastAuditId(ctx.db);
    const saved = await manager.put<Team>(`teams/${created.body.id}`, { ...body, rights: ['orders:read', 'orders:read'] });
    expect(saved.status).toBe(200);
    expect(await lastAuditId(ctx.db)).toBe(before);
    const [account] = await rows<{ rights_version: number }>(
      ctx.db,
      sql`select rights_version from staff_accounts where id = ${member.id}`,
    );
    expect(account?.rights_version).toBe(1);
  });

  it('refuses a team for a list of venues that names none, or names venues that do not exist', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const { client: manager } = await lead();
    const body = { name: 'Nowhere', all_venues: false, rights: ['orders:read'], requires_two_factor: false };
    const none = await manager.post('teams', { ...body, venue_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'invalid request', field: 'venue_ids' });
    const unknown = await manager.post('teams', { ...body, venue_ids: [demo, 987_654] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'venue_ids', message: expect.stringContaining('987654') });
    const badRight = await manager.post('teams', { ...body, venue_ids: [demo], rights: ['orders:everything'] });
    expect(badRight.status).toBe(400);
    expect(badRight.body).toMatchObject({ field: 'rights.0' });
    const teams = await manager.get<{ teams: Team[] }>('teams');
    expect(teams.body.teams.map((t) => t.name)).not.toContain('Nowhere');

    const team = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo] });
    const emptied = await manager.put(`teams/${team.id}`, { ...body, venue_ids: [] });
    expect(emptied.status).toBe(400);
    expect(emptied.body).toMatchObject({ field: 'venue_ids' });
    const kept = (await manager.get<{ teams: Team[] }>('teams')).body.teams.find((t) => t.id === team.id);
    expect(kept).toMatchObject({ venue_ids: [demo], all_venues: false });
    expect(kept?.name).not.toBe('Nowhere');
  });

  it('refuses staff and teams to anyone without staff:manage at every venue, before reading the request', async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const local = await makeTeam(ctx.db, { rights: ['staff:manage'], venueIds: [demo] });
    const staff = await makeStaff(ctx.db, { teamIds: [local.id] });
    const client = browser(app());
    await signIn(client, staff.email);
    const listing = await client.get('staff');
    expect(listing.status).toBe(403);
    expect(listing.body).toMatchObject({ error: 'forbidden' });
    expect((await client.post('staff', { nonsense: true })).status).toBe(403);
    expect((await client.post('teams', {})).status).toBe(403);
    expect((await browser(app()).get('teams')).status).toBe(401);
  });
});
