/**
 * Console sessions as a staff member lives them: they end after 30 idle minutes or 12 hours, can be
 * listed and ended one by one, end with a sign-out, a deactivation or a password change, and get a
 * new secret whenever the staff member's rights change. Times are moved in the database, never waited.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStorefrontDir, useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn, TEST_PASSWORD } from '../../../test/console.ts';
import { browser, freshAddress, siteIdOf } from '../../../test/console-staff.ts';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../../../test/database.ts';
import { startServers } from '../../../test/server-process.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { seedCatalogue } from '../../db/seed.ts';
import { hashToken } from '../../lib/tokens.ts';

type Session = {
  stage: string;
  staff: { id: number; email: string };
  venues: { code: string; rights: string[] }[];
  organisation_rights: string[];
};
type Sessions = {
  sessions: { id: string; is_current: boolean; client_ip: string | null; user_agent: string | null; expires_at: string }[];
};

/** Moves a session's clock: `column = app_now() - <minutes>` (negative minutes for the future). */
async function moveSession(db: Database, token: string | null, column: 'last_seen_at' | 'expires_at', minutesAgo: number) {
  const hash = hashToken(token ?? '');
  const target = sql.identifier(column);
  await db.execute(
    sql`update staff_sessions set ${target} = app_now() - make_interval(mins => ${minutesAgo}) where token_hash = ${hash}`,
  );
}

/** A browser that holds nothing but an old secret. */
function holding(app: FastifyInstance, token: string | null, cookieName = 'console_session'): ConsoleClient {
  const client = consoleClient(app, { ip: freshAddress() });
  client.jar.set(cookieName, token ?? 'none');
  return client;
}

const setCookie = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().map(String).join('\n');

describeEachEngine('console sessions', (ctx) => {
  const server = useTestApp(ctx);
  const app = () => server.app;

  /** A staff member signed in on a browser of their own. */
  async function signedIn(options: Parameters<typeof makeStaff>[1] = {}) {
    const staff = await makeStaff(ctx.db, options);
    const client = browser(app());
    await signIn(client, staff.email);
    return { staff, client };
  }

  /**
   * A staff member who manages staff and teams (a team at every venue, no second factor required),
   * holding the rights the teams of these tests give (a manager gives only rights they hold).
   */
  async function lead() {
    const team = await makeTeam(ctx.db, { rights: ['staff:manage', 'orders:write', 'reports:read'] });
    return signedIn({ teamIds: [team.id] });
  }

  it('ends a session idle for 31 minutes, and keeps one idle for 29, counting the request as activity', async () => {
    const idle = await signedIn();
    await moveSession(ctx.db, idle.client.sessionToken, 'last_seen_at', 31);
    const refused = await idle.client.get('session');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'not signed in' });
    expect((await idle.client.get('account/sessions')).status).toBe(401);

    const active = await signedIn();
    await moveSession(ctx.db, active.client.sessionToken, 'last_seen_at', 29);
    const kept = await active.client.get<Session>('session');
    expect(kept.status).toBe(200);
    expect(kept.body.staff.email).toBe(active.staff.email);
    const [seen] = await rows<{ recent: boolean }>(
      ctx.db,
      sql`select last_seen_at > app_now() - interval '1 minute' as recent from staff_sessions
          where token_hash = ${hashToken(active.client.sessionToken ?? '')}`,
    );
    expect(seen?.recent).toBe(true);
  });

  it('ends a session past its absolute lifetime, however active', async () => {
    const { client } = await signedIn();
    await moveSession(ctx.db, client.sessionToken, 'expires_at', 1);
    const refused = await client.get('session');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'not signed in' });
  });

  it("lists one's own live sessions, marking the current one, and none of anyone else's", async () => {
    const { staff, client: laptop } = await signedIn();
    const phone = browser(app());
    await signIn(phone, staff.email);
    const idle = browser(app());
    await signIn(idle, staff.email);
    await moveSession(ctx.db, idle.sessionToken, 'last_seen_at', 31);
    await signedIn(); // someone else

    const listed = await laptop.get<Sessions>('account/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions.filter((s) => s.is_current).map((s) => s.client_ip)).toEqual([laptop.ip]);
    expect(listed.body.sessions.map((s) => s.client_ip).sort()).toEqual([laptop.ip, phone.ip].sort());
    const fromPhone = await phone.get<Sessions>('account/sessions');
    expect(fromPhone.body.sessions.filter((s) => s.is_current).map((s) => s.client_ip)).toEqual([phone.ip]);
  });

  it("ends another of one's own sessions at once, and cannot end someone else's", async () => {
    const { staff, client: laptop } = await signedIn();
    const phone = browser(app());
    await signIn(phone, staff.email);
    const other = await signedIn();

    const mine = (await laptop.get<Sessions>('account/sessions')).body.sessions;
    const phoneSession = mine.find((s) => s.client_ip === phone.ip);
    const theirs = (await other.client.get<Sessions>('account/sessions')).body.sessions[0];
    expect(phoneSession).toBeDefined();
    expect(theirs).toBeDefined();

    const refused = await laptop.delete(`account/sessions/${theirs?.id}`);
    expect(refused.status).toBe(404);
    expect((await other.client.get('session')).status).toBe(200);

    const ended = await laptop.delete(`account/sessions/${phoneSession?.id}`);
    expect(ended.status).toBe(204);
    expect((await phone.get('session')).status).toBe(401);
    expect((await laptop.get('session')).status).toBe(200);
    expect((await laptop.get<Sessions>('account/sessions')).body.sessions.map((s) => s.client_ip)).toEqual([laptop.ip]);
    // Ended once is ended: the same id again is not found.
    expect((await laptop.delete(`account/sessions/${phoneSession?.id}`)).status).toBe(404);
  });

  it('signs out: the cookie is cleared and the old secret is refused', async () => {
    const { client } = await signedIn();
    const secret = client.sessionToken;
    const signedOut = await client.delete('session');
    expect(signedOut.status).toBe(204);
    expect(setCookie(signedOut.headers)).toMatch(/^console_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/m);
    expect(client.sessionToken).toBeNull();
    expect((await client.get('session')).status).toBe(401);
    expect((await holding(app(), secret).get('session')).status).toBe(401);
  });

  it("gives a member's session a new secret with the new rights once the lead changes their team", async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const cafe = await siteIdOf(ctx.db, 'cafe-lumen');
    const team = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo] });
    const member = await signedIn({ teamIds: [team.id] });
    const before = member.client.sessionToken;
    expect((await member.client.get<Session>('session')).body.venues).toEqual([
      expect.objectContaining({ code: 'demo', rights: ['orders:read'] }),
    ]);

    const { client: manager } = await lead();
    const changed = await manager.put(`teams/${team.id}`, {
      name: 'Box office',
      all_venues: false,
      venue_ids: [demo, cafe],
      rights: ['orders:write'],
      requires_two_factor: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const next = await member.client.get<Session>('session');
    expect(next.status).toBe(200);
    expect(setCookie(next.headers)).toMatch(/console_session=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Strict/);
    expect(member.client.sessionToken).not.toBe(before);
    expect(next.body.stage).toBe('signed_in');
    expect(next.body.venues.map((v) => [v.code, v.rights])).toEqual(
      expect.arrayContaining([
        ['demo', ['orders:read', 'orders:write']],
        ['cafe-lumen', ['orders:read', 'orders:write']],
      ]),
    );
    expect(next.body.venues).toHaveLength(2);
    // The old secret is worth nothing now; the new one goes on without another rotation.
    expect((await holding(app(), before).get('session')).status).toBe(401);
    const after = await member.client.get('session');
    expect(after.status).toBe(200);
    expect(setCookie(after.headers)).not.toContain('console_session');
  });

  it("gives a member's session a new secret with the new rights once an owner moves them to another team", async () => {
    const demo = await siteIdOf(ctx.db, 'demo');
    const box = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo] });
    const analysts = await makeTeam(ctx.db, { rights: ['reports:read'] });
    const member = await signedIn({ teamIds: [box.id] });
    const before = member.client.sessionToken;
    const owner = await signedIn({ isOwner: true, totp: true });
    expect((await owner.client.get<Session>('session')).body.stage).toBe('signed_in');

    const moved = await owner.client.patch(`staff/${member.staff.id}`, { team_ids: [analysts.id] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const next = await member.client.get<Session>('session');
    expect(next.status).toBe(200);
    expect(member.client.sessionToken).not.toBe(before);
    expect(next.body.organisation_rights).toEqual(['reports:read']);
    expect(next.body.venues.map((v) => v.code).sort()).toEqual(['borderless', 'cafe-lumen', 'demo']);
    expect(next.body.venues.every((v) => v.rights.join() === 'reports:read')).toBe(true);
    expect((await holding(app(), before).get('session')).status).toBe(401);
    // What the old team allowed is gone.
    expect((await member.client.get('venues/demo/audit')).status).toBe(403);
  });

  it('keeps a browser signed in when requests it sent together meet a change of rights', async () => {
    // The console loads a page with several calls at once. Each arrives with the old secret; one
    // of them gives the session its new secret, and the browser must end up holding that one.
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const member = await signedIn({ teamIds: [team.id] });
    const before = member.client.sessionToken;
    const { client: manager } = await lead();
    const body = { name: 'Readers', all_venues: true, venue_ids: [], rights: ['reports:read'], requires_two_factor: false };
    expect((await manager.put(`teams/${team.id}`, body)).status).toBe(200);

    const together = await Promise.all([
      member.client.get('session'),
      member.client.get('venues'),
      member.client.get('account/sessions'),
    ]);
    const secretsGiven = together.flatMap((answer) => [...setCookie(answer.headers).matchAll(/console_session=([\w-]+)/g)]);
    expect(secretsGiven).toHaveLength(1);
    const after = await member.client.get<Session>('session');
    expect(after.status).toBe(200);
    expect(after.body.organisation_rights).toEqual(['reports:read']);
    expect(member.client.sessionToken).not.toBe(before);
    expect((await holding(app(), before).get('session')).status).toBe(401);
  });

  it('finishes a sign-in once when two recovery codes are sent for it at once, and keeps the other code', async () => {
    const { staff, client } = await signedIn({ totp: true });
    const codes = (await client.post<{ codes: string[] }>('account/recovery-codes', { password: TEST_PASSWORD })).body.codes;
    const pending = browser(app());
    const first = await pending.post<Session>('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect(first.body.stage).toBe('second_factor');

    const answers = await Promise.all([
      pending.post('sign-in/recovery-code', { code: codes[0] }),
      pending.post('sign-in/recovery-code', { code: codes[1] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect((await pending.get<Session>('session')).body.stage).toBe('signed_in');
    const used = answers[0]?.status === 200 ? codes[0] : codes[1];
    const kept = answers[0]?.status === 200 ? codes[1] : codes[0];
    for (const [code, status] of [
      [used, 401],
      [kept, 200],
    ] as const) {
      const again = browser(app());
      await again.post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
      expect((await again.post('sign-in/recovery-code', { code })).status).toBe(status);
    }
  });

  it('sends a member without a second factor to enrolment once their team requires two factors, and not one with', async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const without = await signedIn({ teamIds: [team.id] });
    const withTotp = await signedIn({ teamIds: [team.id], totp: true });
    const { client: manager } = await lead();
    const changed = await manager.put(`teams/${team.id}`, {
      name: 'Careful team',
      all_venues: true,
      venue_ids: [],
      rights: ['orders:read'],
      requires_two_factor: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const before = without.client.sessionToken;
    const sent = await without.client.get<Session>('session');
    expect(sent.status).toBe(200);
    expect(sent.body.stage).toBe('enrolment');
    expect(sent.body.venues).toEqual([]);
    expect(without.client.sessionToken).not.toBe(before);
    const blocked = await without.client.get('venues');
    expect(blocked.status).toBe(401);
    expect(blocked.body).toMatchObject({ error: 'not signed in', message: expect.stringContaining('second factor') });
    // Enrolling is what they may still do.
    expect((await without.client.post('account/totp/enrolment')).status).toBe(200);

    const kept = await withTotp.client.get<Session>('session');
    expect(kept.body.stage).toBe('signed_in');
    expect((await withTotp.client.get('venues')).status).toBe(200);
  });

  it('lets a member waiting to enrol in once their team no longer requires two factors', async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'], requiresTwoFactor: true });
    const member = await signedIn({ teamIds: [team.id] });
    expect((await member.client.get<Session>('session')).body.stage).toBe('enrolment');
    const { client: manager } = await lead();
    const body = { name: 'Relaxed team', all_venues: true, venue_ids: [], rights: ['orders:read'], requires_two_factor: false };
    expect((await manager.put(`teams/${team.id}`, body)).status).toBe(200);

    const before = member.client.sessionToken;
    const now = await member.client.get<Session>('session');
    expect(now.body.stage).toBe('signed_in');
    expect(member.client.sessionToken).not.toBe(before);
    expect((await member.client.get('venues')).status).toBe(200);
  });

  it("ends a staff member's sessions when they are deactivated, and reactivation does not bring them back", async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
    const member = await signedIn({ teamIds: [team.id] });
    const phone = browser(app());
    await signIn(phone, member.staff.email);
    const { client: manager } = await lead();

    expect((await manager.post(`staff/${member.staff.id}/deactivate`)).status).toBe(200);
    expect((await member.client.get('session')).status).toBe(401);
    expect((await phone.get('session')).status).toBe(401);
    const [live] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from staff_sessions where staff_id = ${member.staff.id} and revoked_at is null`,
    );
    expect(live?.n).toBe(0);

    expect((await manager.post(`staff/${member.staff.id}/reactivate`)).status).toBe(200);
    expect((await member.client.get('session')).status).toBe(401);
  });

  it('ends the other sessions on a password change but keeps the current one', async () => {
    const { staff, client: laptop } = await signedIn();
    const phone = browser(app());
    await signIn(phone, staff.email);
    const changed = await laptop.post('account/password', {
      current_password: TEST_PASSWORD,
      new_password: 'a much longer passphrase now',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    expect((await laptop.get('session')).status).toBe(200);
    expect((await phone.get('session')).status).toBe(401);
    const old = await browser(app()).post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await browser(app()).post<Session>('sign-in/password', {
      email: staff.email,
      password: 'a much longer passphrase now',
    });
    expect(fresh.body.stage).toBe('signed_in');
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, for the whole site, and not Secure outside production', async () => {
    const staff = await makeStaff(ctx.db);
    const signed = await browser(app()).post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    const cookie = setCookie(signed.headers);
    expect(cookie).toMatch(/^console_session=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Strict$/m);
    expect(cookie).not.toContain('Secure');
  });

  it('names the cookie __Host- and marks it Secure in production, and reads no other name there', async () => {
    const production = await buildApp({
      config: { appMode: 'demo', appEnv: 'production', reconnectSite: null },
      db: ctx.db,
      storefrontDir: fakeStorefrontDir(),
    });
    try {
      const staff = await makeStaff(ctx.db);
      const client = consoleClient(production, { ip: freshAddress() });
      const signed = await client.post<Session>('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const cookie = setCookie(signed.headers);
      expect(cookie).toMatch(/^__Host-console_session=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Strict; Secure$/m);
      expect(cookie).not.toMatch(/^console_session=/m);
      expect((await client.get<Session>('session')).body.staff?.email).toBe(staff.email);
      const secret = client.jar.get('__Host-console_session') ?? null;
      expect((await holding(production, secret, 'console_session').get('session')).status).toBe(401);
      const signedOut = await client.delete('session');
      expect(setCookie(signedOut.headers)).toMatch(
        /^__Host-console_session=; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=0$/m,
      );
    } finally {
      await production.close();
    }
  });

  it('refuses state-changing console calls without the XSRF header, and changes nothing', async () => {
    const { staff, client } = await signedIn();
    const phone = browser(app());
    await signIn(phone, staff.email);
    const phoneSession = (await client.get<Sessions>('account/sessions')).body.sessions.find((s) => !s.is_current);
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const call = (method: 'POST' | 'DELETE', path: string, headers: Record<string, string>, payload?: object) =>
      app().inject({ method, url: `/console/api/v1/${path}`, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });

    const ending = await call('DELETE', `account/sessions/${phoneSession?.id}`, {});
    expect(ending.statusCode).toBe(403);
    expect(ending.json()).toMatchObject({ error: 'invalid request', field: 'x-xsrf-token' });
    const wrongHeader = await call('DELETE', `account/sessions/${phoneSession?.id}`, { 'x-xsrf-token': 'another-value' });
    expect(wrongHeader.statusCode).toBe(403);
    expect((await phone.get('session')).status).toBe(200);

    const password = await call(
      'POST',
      'account/password',
      {},
      { current_password: TEST_PASSWORD, new_password: 'x'.repeat(20) },
    );
    expect(password.statusCode).toBe(403);
    const signOut = await call('DELETE', 'session', {});
    expect(signOut.statusCode).toBe(403);
    expect((await client.get('session')).status).toBe(200);
    const signInWithout = await app().inject({
      method: 'POST',
      url: '/console/api/v1/sign-in/password',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(signInWithout.statusCode).toBe(403);
    expect(signInWithout.headers['set-cookie']).toBeUndefined();
  });
});

/**
 * Sessions live in the database, so any process serves any of them. Needs PostgreSQL: without
 * TEST_DATABASE_URL this suite is skipped (and the reporter shows it skipped).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('console sessions across two server processes [postgres]', () => {
  let database: TestDatabase;
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db, { days: 2, variants: ['demo'] });
    const started = await startServers(database.url ?? '', 2);
    servers.push(...started.processes);
    ports.push(...started.ports);
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    await database?.dispose();
  });

  /** A call to one process's console API with a browser's cookies (the session secret given) and the XSRF pair. */
  async function call(port: number | undefined, method: string, path: string, secret: string | null, body?: unknown) {
    const cookies = ['XSRF-TOKEN=two-process-xsrf', ...(secret ? [`console_session=${secret}`] : [])];
    const response = await fetch(`http://127.0.0.1:${port}/console/api/v1/${path}`, {
      method,
      headers: {
        cookie: cookies.join('; '),
        'x-xsrf-token': 'two-process-xsrf',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const secretSet = /console_session=([\w-]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown>, secretSet };
  }

  async function signInOn(port: number | undefined, email: string): Promise<string> {
    const signed = await call(port, 'POST', 'sign-in/password', null, { email, password: TEST_PASSWORD });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.secretSet).not.toBeNull();
    return signed.secretSet ?? '';
  }

  it('a session opened on one process works on the other; ended on the other, it is refused on the first at once', async () => {
    const [a, b] = ports;
    const staff = await makeStaff(database.db);
    const first = await signInOn(a, staff.email);
    const onB = await call(b, 'GET', 'session', first);
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ stage: 'signed_in', staff: { email: staff.email } });

    // A second session on B ends the first one.
    const second = await signInOn(b, staff.email);
    const listed = await call(b, 'GET', 'account/sessions', second);
    const sessions = listed.body.sessions as { id: string; is_current: boolean }[];
    expect(sessions).toHaveLength(2);
    const firstId = sessions.find((s) => !s.is_current)?.id;
    expect((await call(b, 'DELETE', `account/sessions/${firstId}`, second)).status).toBe(204);
    expect((await call(a, 'GET', 'session', first)).status).toBe(401);

    // Signing out on B is felt on A as well.
    expect((await call(a, 'GET', 'session', second)).status).toBe(200);
    expect((await call(b, 'DELETE', 'session', second)).status).toBe(204);
    expect((await call(a, 'GET', 'session', second)).status).toBe(401);
  }, 60_000);
});
