/**
 * The audit log: the database keeps it append-only, every staff change writes exactly one row in its
 * own transaction (none when the change fails), and the console reads it filtered and paged, the
 * whole of it with `audit:read` at every venue, one venue's with `audit:read` there.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { makeStaff, makeTeam, signIn, TEST_PASSWORD, uniqueEmail } from '../../../test/console.ts';
import { type AuditRow, auditSince, browser, lastAuditId, linkToken, mailsTo, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { type Actor, recordAudit } from './record-audit.ts';

type Entry = Omit<AuditRow, 'changes'> & { at: string; changes: Record<string, unknown> };
type Page = { entries: Entry[]; next_before: number | null };

/** The message of an error and of what it wraps (the ORM wraps the driver's error). */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    messages.push(String((cause as { message?: unknown }).message ?? cause));
  }
  return messages.join(' | ');
}

async function refusalOf(db: Database, statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.execute(statement);
  } catch (error) {
    return messagesOf(error);
  }
  return 'accepted';
}

describeEachEngine('the audit log', (ctx) => {
  const server = useTestApp(ctx);
  const app = () => server.app;

  /** A signed-in staff member in a new team with these rights (at every venue unless venues are given). */
  async function staffWith(rights: Parameters<typeof makeTeam>[1]['rights'], venueCodes?: string[]) {
    const venueIds = venueCodes ? await Promise.all(venueCodes.map((code) => siteIdOf(ctx.db, code))) : undefined;
    const team = await makeTeam(ctx.db, { rights, ...(venueIds ? { venueIds } : {}) });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = browser(app());
    await signIn(client, staff.email);
    return { staff, client, team };
  }

  /** Runs a change and answers the one audit row it wrote (failing if it wrote none or several). */
  async function oneRowOf(change: () => Promise<{ status: number; body: unknown }>, expectedStatus: number) {
    const before = await lastAuditId(ctx.db);
    const answer = await change();
    expect(answer.status, JSON.stringify(answer.body)).toBe(expectedStatus);
    const written = await auditSince(ctx.db, before);
    expect(written, JSON.stringify(written)).toHaveLength(1);
    return written[0] as AuditRow;
  }

  /** Runs a change that must fail and checks it wrote nothing. */
  async function noRowOf(change: () => Promise<{ status: number; body: unknown }>, expectedStatus: number) {
    const before = await lastAuditId(ctx.db);
    const answer = await change();
    expect(answer.status, JSON.stringify(answer.body)).toBe(expectedStatus);
    expect(await auditSince(ctx.db, before)).toEqual([]);
  }

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself', async () => {
    await makeStaff(ctx.db); // writes a row
    const before = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`);
    expect(before[0]?.n).toBeGreaterThan(0);
    expect(await refusalOf(ctx.db, sql`update audit_log set action = 'rewritten'`)).toMatch(/append-only: UPDATE is refused/);
    expect(await refusalOf(ctx.db, sql`delete from audit_log`)).toMatch(/append-only: DELETE is refused/);
    expect(await refusalOf(ctx.db, sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE is refused/);
    const after = await rows<{ n: number; rewritten: number }>(
      ctx.db,
      sql`select count(*)::int as n, count(*) filter (where action = 'rewritten')::int as rewritten from audit_log`,
    );
    expect(after[0]).toEqual({ n: before[0]?.n, rewritten: 0 });
  });

  it('keeps no row of a change whose transaction rolls back', async () => {
    const before = await lastAuditId(ctx.db);
    const actor: Actor = { type: 'system', id: null, label: 'system', clientIp: null };
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx as Database, actor, { objectType: 'probe', action: 'rolled_back' });
        throw new Error('the change failed after its row was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditSince(ctx.db, before)).toEqual([]);
  });

  it('writes exactly one row for each change to staff and teams, naming who, what, from where, and no venue', async () => {
    const { staff: lead, client: manager } = await staffWith(['staff:manage', 'orders:read', 'reports:read']);
    const byLead = { actor_type: 'staff', actor_id: lead.id, actor_label: lead.email, client_ip: manager.ip };
    const organisation = { venue_id: null, venue_code: null };
    const demo = await siteIdOf(ctx.db, 'demo');

    // Teams.
    let teamId = 0;
    const created = await oneRowOf(async () => {
      const answer = await manager.post<{ id: number }>('teams', {
        name: 'Audited team',
        all_venues: false,
        venue_ids: [demo],
        rights: ['orders:read'],
        requires_two_factor: false,
      });
      teamId = answer.body.id;
      return answer;
    }, 201);
    expect(created).toMatchObject({
      ...byLead,
      ...organisation,
      object_type: 'team',
      object_id: String(teamId),
      action: 'created',
    });
    expect(created.changes).toMatchObject({ name: 'Audited team', venue_ids: [demo], rights: ['orders:read'] });
    const teamBody = {
      name: 'Audited team, renamed',
      all_venues: true,
      venue_ids: [],
      rights: ['orders:read'],
      requires_two_factor: false,
    };
    const updated = await oneRowOf(() => manager.put(`teams/${teamId}`, teamBody), 200);
    expect(updated).toMatchObject({
      ...byLead,
      ...organisation,
      object_type: 'team',
      object_id: String(teamId),
      action: 'updated',
    });
    expect(updated.changes).toMatchObject({ from: { name: 'Audited team' }, to: { name: 'Audited team, renamed' } });

    // Invitation, resent, accepted.
    const email = uniqueEmail('audited');
    let memberId = 0;
    const invited = await oneRowOf(async () => {
      const answer = await manager.post<{ id: number }>('staff', { email, name: 'Audited', team_ids: [teamId] });
      memberId = answer.body.id;
      return answer;
    }, 201);
    const member = { object_type: 'staff', object_id: String(memberId) };
    expect(invited).toMatchObject({ ...byLead, ...organisation, ...member, action: 'invited' });
    expect(JSON.stringify(invited.changes)).toContain(email);
    expect(await oneRowOf(() => manager.post(`staff/${memberId}/invitation`), 204)).toMatchObject({
      ...byLead,
      ...organisation,
      ...member,
      action: 'invitation_resent',
    });
    const newcomer = browser(app());
    const token = linkToken((await mailsTo(ctx.db, email)).at(-1), 'invitation');
    const asMember = { actor_type: 'staff', actor_id: memberId, actor_label: email, client_ip: newcomer.ip };
    expect(await oneRowOf(() => newcomer.post('invitations/accept', { token, password: TEST_PASSWORD }), 200)).toMatchObject({
      ...asMember,
      ...organisation,
      ...member,
      action: 'invitation_accepted',
    });

    // Edited, deactivated, reactivated.
    const edited = await oneRowOf(() => manager.patch(`staff/${memberId}`, { name: 'Audited, renamed' }), 200);
    expect(edited).toMatchObject({ ...byLead, ...organisation, ...member, action: 'updated' });
    expect(edited.changes).toEqual({ name: { from: 'Audited', to: 'Audited, renamed' } });
    expect(await oneRowOf(() => manager.post(`staff/${memberId}/deactivate`), 200)).toMatchObject({
      ...byLead,
      ...organisation,
      ...member,
      action: 'deactivated',
      changes: { status: { from: 'active', to: 'deactivated' } },
    });
    expect(await oneRowOf(() => manager.post(`staff/${memberId}/reactivate`), 200)).toMatchObject({
      ...byLead,
      ...organisation,
      ...member,
      action: 'reactivated',
    });

    // Password resets: sent by the lead, asked for by anyone, completed by the member.
    expect(await oneRowOf(() => manager.post(`staff/${memberId}/password-reset`), 204)).toMatchObject({
      ...byLead,
      ...organisation,
      ...member,
      action: 'password_reset_sent',
    });
    const stranger = browser(app());
    expect(await oneRowOf(() => stranger.post('password-resets', { email }), 202)).toMatchObject({
      actor_type: 'staff',
      actor_id: null,
      actor_label: email,
      client_ip: stranger.ip,
      ...organisation,
      ...member,
      action: 'password_reset_requested',
    });
    const resetter = browser(app());
    const resetToken = linkToken((await mailsTo(ctx.db, email)).at(-1), 'password-reset');
    const newPassword = 'the audited new passphrase';
    expect(
      await oneRowOf(() => resetter.post('password-resets/complete', { token: resetToken, password: newPassword }), 204),
    ).toMatchObject({ ...asMember, client_ip: resetter.ip, ...organisation, ...member, action: 'password_reset' });

    // The member's own account: a password change, ending another session, signing out.
    const laptop = browser(app());
    await laptop.post('sign-in/password', { email, password: newPassword });
    const phone = browser(app());
    await phone.post('sign-in/password', { email, password: newPassword });
    const onLaptop = { ...asMember, client_ip: laptop.ip };
    const anotherPassword = 'yet another audited passphrase';
    expect(
      await oneRowOf(
        () => laptop.post('account/password', { current_password: newPassword, new_password: anotherPassword }),
        204,
      ),
    ).toMatchObject({ ...onLaptop, ...organisation, ...member, action: 'password_changed' });
    await phone.post('sign-in/password', { email, password: anotherPassword });
    const sessions = (await laptop.get<{ sessions: { id: string; is_current: boolean }[] }>('account/sessions')).body.sessions;
    const phoneSession = sessions.find((s) => !s.is_current)?.id ?? '';
    const laptopSession = sessions.find((s) => s.is_current)?.id ?? '';
    expect(await oneRowOf(() => laptop.delete(`account/sessions/${phoneSession}`), 204)).toMatchObject({
      ...onLaptop,
      ...organisation,
      object_type: 'session',
      object_id: phoneSession,
      action: 'ended',
    });
    expect(await oneRowOf(() => laptop.delete('session'), 204)).toMatchObject({
      ...onLaptop,
      ...organisation,
      object_type: 'session',
      object_id: laptopSession,
      action: 'ended',
    });

    // Moved to another team (a change of rights), the member leaves a team that can go.
    const spare = await makeTeam(ctx.db, { rights: ['reports:read'] });
    const moved = await oneRowOf(() => manager.patch(`staff/${memberId}`, { team_ids: [spare.id] }), 200);
    expect(moved).toMatchObject({ ...byLead, ...organisation, ...member, action: 'updated' });
    expect(moved.changes).toEqual({ team_ids: { from: [teamId], to: [spare.id] } });
    expect(await oneRowOf(() => manager.delete(`teams/${teamId}`), 204)).toMatchObject({
      ...byLead,
      ...organisation,
      object_type: 'team',
      object_id: String(teamId),
      action: 'deleted',
    });
  });

  it('writes no row for a change that fails, or that changes nothing', async () => {
    const { client: manager } = await staffWith(['staff:manage', 'orders:read']);
    const demo = await siteIdOf(ctx.db, 'demo');
    const team = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const body = { name: 'Still valid JSON', all_venues: false, rights: ['orders:read'], requires_two_factor: false };

    // Past the access check and the contract, refused by the change's own checks.
    await noRowOf(() => manager.put(`teams/${team.id}`, { ...body, venue_ids: [demo, 987_654] }), 400);
    await noRowOf(() => manager.put(`teams/${team.id}`, { ...body, venue_ids: [] }), 400);
    await noRowOf(() => manager.post('staff', { email: member.email, name: 'Again', team_ids: [team.id] }), 409);
    await noRowOf(() => manager.post('staff', { email: uniqueEmail('x'), name: 'X', team_ids: [987_654] }), 400);
    await noRowOf(() => manager.delete(`teams/${team.id}`), 409);
    // (A refusal by the rule of reach, a 403, is written: staff-reach.routes.test.ts.)
    await noRowOf(() => manager.patch(`staff/${member.id}`, { team_ids: [987_654] }), 400);
    await noRowOf(() => manager.post(`staff/${member.id}/invitation`), 409);
    // Nothing to change is no change.
    await noRowOf(() => manager.patch(`staff/${member.id}`, {}), 200);
    await noRowOf(() => manager.patch(`staff/${member.id}`, { name: member.name, team_ids: [team.id, team.id] }), 200);
    // Refused by the contract, or before it.
    await noRowOf(() => manager.post('teams', { ...body, venue_ids: [demo], rights: ['everything'] }), 400);
    await noRowOf(() => browser(app()).post('teams', { ...body, venue_ids: [demo] }), 401);
  });

  let seedings = 0;

  /**
   * Rows written straight through the audit module: venue changes (no console route makes them yet)
   * and rows from 2020. Their actions and object types carry a tag of their own, so that each test
   * finds its own rows however many tests seeded before it.
   */
  async function seedEntries() {
    const tag = `t${++seedings}`;
    const demo = await siteIdOf(ctx.db, 'demo');
    const cafe = await siteIdOf(ctx.db, 'cafe-lumen');
    const probe: Actor = { type: 'staff', id: 424_240 + seedings, label: `probe-${tag}@staff.test`, clientIp: '192.0.2.1' };
    const before = await lastAuditId(ctx.db);
    const at = (id: number, code: string) => ({ venue: { id, code } });
    await recordAudit(ctx.db, probe, { ...at(demo, 'demo'), objectType: 'product', objectId: 1, action: `price_changed_${tag}` });
    await recordAudit(ctx.db, probe, {
      ...at(cafe, 'cafe-lumen'),
      objectType: 'product',
      objectId: 2,
      action: `price_changed_${tag}`,
    });
    await recordAudit(ctx.db, probe, { ...at(demo, 'demo'), objectType: `slot_${tag}`, objectId: 3, action: `closed_${tag}` });
    const archive = `archive_${tag}`;
    await ctx.db.execute(sql`insert into audit_log (at, actor_type, actor_label, object_type, action, venue_id, venue_code)
      values ('2020-01-10T09:00:00Z', 'system', 'system', ${archive}, 'old', ${demo}, 'demo'),
             ('2020-01-20T09:00:00Z', 'system', 'system', ${archive}, 'old', null, null),
             ('2020-02-10T09:00:00Z', 'system', 'system', ${archive}, 'old', ${cafe}, 'cafe-lumen')`);
    for (let i = 0; i < 5; i++) await recordAudit(ctx.db, probe, { objectType: 'paging', objectId: i, action: `probed_${tag}` });
    const written = await auditSince(ctx.db, before);
    const ids = (filter: (row: AuditRow) => boolean) =>
      written
        .filter(filter)
        .map((row) => row.id)
        .reverse();
    return { tag, probe, ids };
  }

  it('filters the whole log by venue, actor, action, object type and time, and pages it', async () => {
    const { client: auditor } = await staffWith(['audit:read']);
    const { tag, probe, ids } = await seedEntries();
    const page = async (query: string) => {
      const answer = await auditor.get<Page>(`audit?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };

    const atDemo = await page('venue=demo&limit=200');
    expect(atDemo.entries.length).toBeGreaterThan(0);
    expect(new Set(atDemo.entries.map((e) => e.venue_code))).toEqual(new Set(['demo']));
    expect(atDemo.entries.map((e) => e.id)).toEqual(expect.arrayContaining(ids((r) => r.venue_code === 'demo')));

    const byProbe = await page(`actor_id=${probe.id}&limit=200`);
    expect(byProbe.entries.map((e) => e.id)).toEqual(ids((r) => r.actor_id === probe.id));
    expect(byProbe.entries[0]).toMatchObject({ actor_type: 'staff', actor_label: probe.label, client_ip: '192.0.2.1' });

    expect((await page(`action=price_changed_${tag}`)).entries.map((e) => e.venue_code).sort()).toEqual(['cafe-lumen', 'demo']);
    expect((await page(`action=price_changed_${tag}&venue=cafe-lumen`)).entries.map((e) => e.object_id)).toEqual(['2']);
    expect((await page(`object_type=slot_${tag}`)).entries.map((e) => [e.object_id, e.action])).toEqual([['3', `closed_${tag}`]]);

    const january = await page(
      `from=${encodeURIComponent('2020-01-01T00:00:00Z')}&to=${encodeURIComponent('2020-01-31T23:59:59Z')}&object_type=archive_${tag}`,
    );
    expect(january.entries.map((e) => e.at)).toEqual(['2020-01-20T09:00:00.000Z', '2020-01-10T09:00:00.000Z']);
    expect(
      (await page(`to=${encodeURIComponent('2020-01-15T00:00:00Z')}&object_type=archive_${tag}`)).entries.map((e) => e.at),
    ).toEqual(['2020-01-10T09:00:00.000Z']);
    const since = await page(`from=${encodeURIComponent('2020-02-01T00:00:00Z')}&object_type=archive_${tag}`);
    expect(since.entries.map((e) => e.at)).toEqual(['2020-02-10T09:00:00.000Z']);

    // Paging: newest first, two at a time, by id.
    const expected = ids((r) => r.action === `probed_${tag}`);
    const first = await page(`action=probed_${tag}&limit=2`);
    const second = await page(`action=probed_${tag}&limit=2&before=${first.next_before}`);
    const third = await page(`action=probed_${tag}&limit=2&before=${second.next_before}`);
    expect([first.entries, second.entries, third.entries].map((entries) => entries.map((e) => e.id))).toEqual([
      expected.slice(0, 2),
      expected.slice(2, 4),
      expected.slice(4),
    ]);
    expect([first.next_before, second.next_before, third.next_before]).toEqual([expected[1], expected[3], null]);

    for (const [query, field] of [
      ['venue=nowhere', 'venue'],
      ['from=yesterday', 'from'],
      ['limit=0', 'limit'],
      ['before=abc', 'before'],
      ['actor_id=-1', 'actor_id'],
    ]) {
      const refused = await auditor.get(`audit?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ error: 'invalid request', field });
    }
  });

  it("shows a venue's log with only that venue's entries", async () => {
    const { client: auditor } = await staffWith(['audit:read']);
    const { tag, ids } = await seedEntries();
    const answer = await auditor.get<Page>('venues/demo/audit?limit=200');
    expect(answer.status).toBe(200);
    expect(new Set(answer.body.entries.map((e) => e.venue_code))).toEqual(new Set(['demo']));
    expect(answer.body.entries.map((e) => e.id)).toEqual(expect.arrayContaining(ids((r) => r.venue_code === 'demo')));
    // Another venue's name in the query changes nothing.
    const asked = await auditor.get<Page>('venues/demo/audit?venue=cafe-lumen&limit=200');
    expect(new Set(asked.body.entries.map((e) => e.venue_code))).toEqual(new Set(['demo']));
    const filtered = await auditor.get<Page>(`venues/demo/audit?action=closed_${tag}`);
    expect(filtered.body.entries.map((e) => e.object_id)).toEqual(['3']);
  });

  it('lets audit:read at every venue read the whole log, and audit:read at one venue only that venue', async () => {
    await seedEntries();
    const everywhere = await staffWith(['audit:read']);
    expect((await everywhere.client.get('audit')).status).toBe(200);
    expect((await everywhere.client.get('venues/cafe-lumen/audit')).status).toBe(200);

    const local = await staffWith(['audit:read'], ['demo']);
    const whole = await local.client.get('audit');
    expect(whole.status).toBe(403);
    expect(whole.body).toMatchObject({ error: 'forbidden' });
    expect((await local.client.get('audit?venue=demo')).status).toBe(403);
    const own = await local.client.get<Page>('venues/demo/audit');
    expect(own.status).toBe(200);
    expect(new Set(own.body.entries.map((e) => e.venue_code))).toEqual(new Set(['demo']));
    const other = await local.client.get('venues/cafe-lumen/audit');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: 'not found' });
    expect((await local.client.get('venues/nowhere/audit')).status).toBe(404);

    const noAudit = await staffWith(['orders:read'], ['demo']);
    expect((await noAudit.client.get('venues/demo/audit')).status).toBe(403);
    expect((await noAudit.client.get('audit')).status).toBe(403);

    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const ownerClient = browser(app());
    await signIn(ownerClient, owner.email);
    expect((await ownerClient.get('audit')).status).toBe(200);
    expect((await browser(app()).get('audit')).status).toBe(401);
  });
});
