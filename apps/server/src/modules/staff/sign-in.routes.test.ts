import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn, TEST_PASSWORD, totpCode, uniqueEmail } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { createSoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { rows } from '../../db/rows.ts';

type Session = {
  stage: string;
  second_factors: string[];
  staff: { email: string; has_totp: boolean; recovery_codes_left: number };
  venues: { code: string; rights: string[] }[];
  organisation_rights: string[];
};

const siteId = async (db: Parameters<typeof rows>[0], code: string) =>
  (await rows<{ id: number }>(db, sql`select id from sites where code = ${code}`))[0]?.id ?? 0;

describeEachEngine('console sign-in', (ctx) => {
  const server = useTestApp(ctx);

  it('signs a staff member in with a password where no second factor is required, and lists what they may do where', async () => {
    const lab = await siteId(ctx.db, 'demo');
    const team = await makeTeam(ctx.db, { rights: ['orders:write'], venueIds: [lab] });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    const signedIn = await client.post<Session>('sign-in/password', {
      email: staff.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.stage).toBe('signed_in');
    expect(signedIn.body.venues).toEqual([
      { id: lab, code: 'demo', variant: expect.any(String), name: expect.any(String), rights: ['orders:read', 'orders:write'] },
    ]);
    expect(signedIn.body.organisation_rights).toEqual([]);
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/console_session=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Strict/);
    const session = await client.get<Session>('session');
    expect(session.status).toBe(200);
    expect(session.body.staff.email).toBe(staff.email);
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const staff = await makeStaff(ctx.db);
    const wrong = await consoleClient(server.app).post('sign-in/password', { email: staff.email, password: 'not the password' });
    const unknown = await consoleClient(server.app).post('sign-in/password', {
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ error: 'sign-in failed' });
  });

  it('asks an owner without a second factor to enrol one, and signs them in once the authenticator app is confirmed', async () => {
    const owner = await makeStaff(ctx.db, { isOwner: true });
    const client = consoleClient(server.app);
    const first = await client.post<Session>('sign-in/password', { email: owner.email, password: TEST_PASSWORD });
    expect(first.body.stage).toBe('enrolment');
    expect(first.body.venues).toEqual([]);
    const beforeEnrolment = client.sessionToken;
    expect((await client.get('staff')).status).toBe(401);
    const enrolment = await client.post<{ secret: string; uri: string }>('account/totp/enrolment');
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.uri).toContain(`secret=${enrolment.body.secret}`);
    const wrongCode = await client.post('account/totp', {
      code: '000000' === totpCode(new Date(), enrolment.body.secret) ? '111111' : '000000',
    });
    expect(wrongCode.status).toBe(400);
    const confirmed = await client.post<{ codes: string[] }>('account/totp', {
      code: totpCode(new Date(), enrolment.body.secret),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.codes).toHaveLength(10);
    expect(client.sessionToken).not.toBe(beforeEnrolment);
    const session = await client.get<Session>('session');
    expect(session.body.stage).toBe('signed_in');
    expect(session.body.organisation_rights).toContain('staff:manage');
    expect((await client.get('staff')).status).toBe(200);
    // The secret from before the enrolment is worth nothing now.
    const stale = consoleClient(server.app);
    stale.jar.set('console_session', beforeEnrolment ?? '');
    expect((await stale.get('session')).status).toBe(401);
    // Recovery codes are stored hashed only.
    const stored = await rows<{ code_hash: string }>(
      ctx.db,
      sql`select code_hash from staff_recovery_codes where staff_id = ${owner.id}`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(confirmed.body.codes[0]);
  });

  it('takes a TOTP code once, and a recovery code once', async () => {
    const staff = await makeStaff(ctx.db, { totp: true });
    const client = consoleClient(server.app);
    const first = await client.post<Session>('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect(first.body).toMatchObject({ stage: 'second_factor', second_factors: ['totp'] });
    expect((await client.get('account/sessions')).status).toBe(401);
    const code = totpCode();
    const signedIn = await client.post<Session>('sign-in/totp', { code });
    expect(signedIn.body.stage).toBe('signed_in');
    const again = consoleClient(server.app);
    await again.post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect((await again.post('sign-in/totp', { code })).status).toBe(401);
    // With codes of its own, the account can be rescued by one, once.
    const codes = await client.post<{ codes: string[] }>('account/recovery-codes', { password: TEST_PASSWORD });
    expect(codes.status).toBe(200);
    const rescue = codes.body.codes[3] ?? '';
    const third = consoleClient(server.app);
    await third.post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect((await third.post<Session>('sign-in/recovery-code', { code: rescue.toUpperCase() })).body.stage).toBe('signed_in');
    const fourth = consoleClient(server.app);
    await fourth.post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect((await fourth.post('sign-in/recovery-code', { code: rescue })).status).toBe(401);
  });

  it('locks an account after five wrong answers, even against the right password, and says nothing different', async () => {
    const staff = await makeStaff(ctx.db);
    const client = consoleClient(server.app, { ip: '198.51.100.7' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.post('sign-in/password', { email: staff.email, password: `wrong ${attempt}` })).status).toBe(401);
    }
    const right = await client.post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect(right.status).toBe(401);
    const audit = await rows<{ action: string }>(
      ctx.db,
      sql`select action from audit_log where object_type = 'staff' and object_id = ${String(staff.id)} order by id`,
    );
    expect(audit.map((r) => r.action)).toContain('sign_in_locked');
    // Fifteen minutes later (moved back here), the right password works.
    await ctx.db.execute(sql`update staff_accounts set locked_until = app_now() - interval '1 second' where id = ${staff.id}`);
    expect((await client.post<Session>('sign-in/password', { email: staff.email, password: TEST_PASSWORD })).body.stage).toBe(
      'signed_in',
    );
  });

  it('limits sign-in attempts per client address, whatever the accounts', async () => {
    const client = consoleClient(server.app, { ip: '203.0.113.99' });
    let status = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      status = (await client.post('sign-in/password', { email: uniqueEmail('guess'), password: 'guess' })).status;
    }
    expect(status).toBe(429);
  });

  it('signs in with a passkey alone (user verified), and with a passkey as second factor', async () => {
    const staff = await makeStaff(ctx.db);
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    const authenticator = createSoftwareAuthenticator({ origin: 'http://localhost:3000', rpId: 'localhost' });
    const options = await client.post<{ challenge_id: string; options: never }>('account/passkeys/options');
    expect(options.status).toBe(200);
    const registered = await client.post<{ id: number; name: string }>('account/passkeys', {
      challenge_id: options.body.challenge_id,
      name: 'Laptop',
      response: authenticator.register(options.body.options),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    // Passkey alone.
    const browser = consoleClient(server.app);
    const ask = await browser.post<{ challenge_id: string; options: never }>('sign-in/passkey/options');
    const passkeyOnly = await browser.post<Session>('sign-in/passkey', {
      challenge_id: ask.body.challenge_id,
      response: authenticator.authenticate(ask.body.options),
    });
    expect(passkeyOnly.status, JSON.stringify(passkeyOnly.body)).toBe(200);
    expect(passkeyOnly.body.stage).toBe('signed_in');
    // The same answer again is refused: its challenge is used up.
    const replay = await consoleClient(server.app).post('sign-in/passkey', {
      challenge_id: ask.body.challenge_id,
      response: authenticator.authenticate(ask.body.options),
    });
    expect(replay.status).toBe(400);
    // With a passkey on the account, the password asks for a second factor.
    const second = consoleClient(server.app);
    const first = await second.post<Session>('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    expect(first.body).toMatchObject({ stage: 'second_factor', second_factors: ['passkey'] });
    const ask2 = await second.post<{ challenge_id: string; options: { allowCredentials: unknown[] } }>('sign-in/passkey/options');
    expect(ask2.body.options.allowCredentials).toHaveLength(1);
    const done = await second.post<Session>('sign-in/passkey', {
      challenge_id: ask2.body.challenge_id,
      response: authenticator.authenticate(ask2.body.options as never),
    });
    expect(done.body.stage).toBe('signed_in');
  });

  it('refuses a passkey answer signed by another authenticator', async () => {
    const staff = await makeStaff(ctx.db);
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    const genuine = createSoftwareAuthenticator({ origin: 'http://localhost:3000', rpId: 'localhost' });
    const options = await client.post<{ challenge_id: string; options: never }>('account/passkeys/options');
    await client.post('account/passkeys', {
      challenge_id: options.body.challenge_id,
      name: 'Key',
      response: genuine.register(options.body.options),
    });
    const impostor = createSoftwareAuthenticator({ origin: 'http://localhost:3000', rpId: 'localhost' });
    const browser = consoleClient(server.app);
    const ask = await browser.post<{ challenge_id: string; options: never }>('sign-in/passkey/options');
    const forged = impostor.register({
      challenge: 'x',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    } as never);
    expect(forged.id).not.toBe(genuine.credentialIds[0]);
    const answer = impostor.authenticate(ask.body.options);
    const refused = await browser.post('sign-in/passkey', {
      challenge_id: ask.body.challenge_id,
      response: { ...answer, id: genuine.credentialIds[0], rawId: genuine.credentialIds[0] },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'sign-in failed' });
  });

  it('counts each passkey answer before checking it: five forged ones lock the account against the genuine passkey', async () => {
    const staff = await makeStaff(ctx.db);
    const client = consoleClient(server.app, { ip: '198.51.100.61' });
    await signIn(client, staff.email);
    const genuine = createSoftwareAuthenticator({ origin: 'http://localhost:3000', rpId: 'localhost' });
    const options = await client.post<{ challenge_id: string; options: never }>('account/passkeys/options');
    await client.post('account/passkeys', {
      challenge_id: options.body.challenge_id,
      name: 'Key',
      response: genuine.register(options.body.options),
    });
    // A key of the impostor's own that names the same user: only its signature is wrong.
    const impostor = createSoftwareAuthenticator({ origin: 'http://localhost:3000', rpId: 'localhost' });
    impostor.register(options.body.options);
    const browser = consoleClient(server.app, { ip: '198.51.100.62' });
    const answer = async (authenticator: typeof genuine, forge: boolean) => {
      const ask = await browser.post<{ challenge_id: string; options: never }>('sign-in/passkey/options');
      const response = authenticator.authenticate(ask.body.options);
      const id = genuine.credentialIds[0];
      return browser.post('sign-in/passkey', {
        challenge_id: ask.body.challenge_id,
        response: forge ? { ...response, id, rawId: id } : response,
      });
    };
    for (let attempt = 0; attempt < 5; attempt++) expect((await answer(impostor, true)).status).toBe(401);
    const refused = await answer(genuine, false);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'sign-in failed' });
    const audit = await rows<{ action: string; factor: string }>(
      ctx.db,
      sql`select action, changes->>'factor' as factor from audit_log
          where object_type = 'staff' and object_id = ${String(staff.id)} and action like 'sign_in_%' order by id`,
    );
    expect(audit.filter((r) => r.factor === 'passkey').map((r) => r.action)).toEqual([
      'sign_in_failed',
      'sign_in_failed',
      'sign_in_failed',
      'sign_in_failed',
      'sign_in_locked',
    ]);
  });

  it('counts wrong passwords given inside a session towards the lock: a stolen session buys no guesses', async () => {
    const staff = await makeStaff(ctx.db);
    const client = consoleClient(server.app, { ip: '198.51.100.44' });
    await signIn(client, staff.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await client.post('account/password', {
        current_password: `guess ${attempt}`,
        new_password: 'a brand new password',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ field: 'current_password' });
    }
    const locked = await client.post('account/password', {
      current_password: TEST_PASSWORD,
      new_password: 'a brand new password',
    });
    expect(locked.status).toBe(429);
    expect(
      (await consoleClient(server.app).post('sign-in/password', { email: staff.email, password: TEST_PASSWORD })).status,
    ).toBe(401);
  });
});
