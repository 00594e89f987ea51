/**
 * Guesses sent all at once. Every password check is held at a gate until each request of the burst
 * has reached its check or answered, so the burst overlaps as much as the server lets it. Control
 * runs first show that checking an answer before counting it lets the right password through such
 * a burst; then the real sign-in must check no more than five answers, whatever arrives together,
 * across two server processes too. Also: every way a sign-in fails costs one password hash and
 * answers alike, so neither the time nor the words tell whether an account exists or is locked.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { buildTestApp, useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, TEST_PASSWORD, totpCode, uniqueEmail } from '../../../test/console.ts';
import { freshAddress } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { MAX_FAILED_SIGN_INS } from './sign-in-attempts.ts';
import { findStaffByEmail } from './staff.repository.ts';
import { staffAccounts, staffRecoveryCodes } from './staff.schema.ts';

/** The password checks of this file: each hash checked against, and the gate that holds them. */
const gate = vi.hoisted(() => ({
  checked: [] as string[],
  held: 0,
  hold: null as Promise<void> | null,
  onHeld: () => {},
}));

vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      gate.checked.push(stored);
      if (gate.hold) {
        gate.held += 1;
        gate.onHeld();
        await gate.hold;
      }
      return real.verifyPassword(password, stored);
    },
  };
});

beforeEach(() => {
  gate.checked = [];
  gate.held = 0;
  gate.hold = null;
});

/** Holds every password check from now on; `until(n)` resolves once n are held, `open()` lets them go. */
function closeGate() {
  let open = () => {};
  gate.hold = new Promise<void>((resolve) => {
    open = resolve;
  });
  const waits: { n: number; resolve: () => void }[] = [];
  gate.onHeld = () => {
    for (const wait of waits.filter((w) => gate.held >= w.n)) wait.resolve();
  };
  return {
    until: (n: number) =>
      new Promise<void>((resolve) => {
        if (gate.held >= n) resolve();
        else waits.push({ n, resolve });
      }),
    open() {
      gate.hold = null;
      open();
    },
  };
}

/** Runs the burst with every check held until each request is held at its check or has answered. */
async function burst<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
  const gateway = closeGate();
  let answered = 0;
  const everyoneThere = () => {
    if (gate.held + answered >= requests.length) gateway.open();
  };
  gate.onHeld = everyoneThere;
  return Promise.all(
    requests.map((request) =>
      request().finally(() => {
        answered += 1;
        everyoneThere();
      }),
    ),
  );
}

/** The unsafe order, as the lock once was: read the account, check the answer, then count a wrong one. */
async function checkThenCount(db: Database, email: string, password: string): Promise<boolean> {
  const account = await findStaffByEmail(db, email);
  if (!account?.passwordHash || (account.lockedUntil !== null && account.lockedUntil > new Date())) return false;
  if (await verifyPassword(password, account.passwordHash)) return true;
  await db
    .update(staffAccounts)
    .set({
      failedSignIns: sql`case when ${staffAccounts.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS} then 0 else ${staffAccounts.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${staffAccounts.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS} then app_now() + interval '15 minutes' else ${staffAccounts.lockedUntil} end`,
    })
    .where(eq(staffAccounts.id, account.id));
  return false;
}

const wrongGuesses = (n: number) => Array.from({ length: n }, (_, i) => `wrong guess ${i}`);

describeEachEngine('console sign-in under a burst of guesses', (ctx) => {
  const server = useTestApp(ctx);
  let second: { handle: DatabaseHandle; app: FastifyInstance } | null = null;

  beforeAll(async () => {
    if (!ctx.handle.url) return;
    // A second server process on the same PostgreSQL database, with its own pool.
    const handle = openDatabase({ engine: 'postgres', url: ctx.handle.url, poolSize: 10 });
    second = { handle, app: await buildTestApp(handle.db) };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
  });

  /** The apps a burst is spread over: both server processes on PostgreSQL. */
  const apps = () => [server.app, ...(second ? [second.app] : [])];

  const passwordSignIn = (app: FastifyInstance, email: string, password: string) => () =>
    consoleClient(app, { ip: freshAddress() }).post<{ stage?: string; error?: string }>('sign-in/password', { email, password });

  const auditedFailures = async (staffId: number, factor: string) =>
    (
      await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from audit_log
            where object_type = 'staff' and object_id = ${String(staffId)}
              and action in ('sign_in_failed', 'sign_in_locked') and changes->>'factor' = ${factor}`,
      )
    )[0]?.n ?? 0;

  const isLocked = async (staffId: number) =>
    (
      await rows<{ locked: boolean }>(
        ctx.db,
        sql`select locked_until > app_now() as locked from staff_accounts where id = ${staffId}`,
      )
    )[0]?.locked;

  it('control: checking each password before counting it lets the right one through a burst of twenty wrong ones', async () => {
    const staff = await makeStaff(ctx.db);
    const results = await burst(
      [...wrongGuesses(20), TEST_PASSWORD].map((password) => () => checkThenCount(ctx.db, staff.email, password)),
    );
    expect(results.at(-1)).toBe(true);
    expect(gate.checked.length).toBe(21);
  });

  it('checks five of twenty-one passwords sent at once, on every server process, and no more', async () => {
    const staff = await makeStaff(ctx.db);
    const [account] = await rows<{ password_hash: string }>(
      ctx.db,
      sql`select password_hash from staff_accounts where id = ${staff.id}`,
    );
    const servers = apps();
    const answers = await burst(
      [...wrongGuesses(20), TEST_PASSWORD].map((password, i) =>
        passwordSignIn(servers[i % servers.length] as FastifyInstance, staff.email, password),
      ),
    );
    // Checked against the account's own hash: five answers. The others met the lock and were
    // hashed against the decoy only.
    expect(gate.checked.filter((hash) => hash === account?.password_hash)).toHaveLength(MAX_FAILED_SIGN_INS);
    expect(gate.checked).toHaveLength(21);
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(21 - accepted.length);
    // Each wrong answer checked is in the audit log, the fifth counted as the one that locked.
    expect(await auditedFailures(staff.id, 'password')).toBe(MAX_FAILED_SIGN_INS - accepted.length);
  });

  it('control: checking before counting accepts the right password sent after five wrong ones still being checked', async () => {
    const staff = await makeStaff(ctx.db);
    const gateway = closeGate();
    const wrong = wrongGuesses(5).map((password) => checkThenCount(ctx.db, staff.email, password));
    await gateway.until(5);
    const right = checkThenCount(ctx.db, staff.email, TEST_PASSWORD);
    await gateway.until(6);
    gateway.open();
    expect(await Promise.all(wrong)).toEqual([false, false, false, false, false]);
    expect(await right).toBe(true);
  });

  it('refuses the right password sent while five wrong ones are still being checked', async () => {
    const staff = await makeStaff(ctx.db);
    const gateway = closeGate();
    const wrong = wrongGuesses(5).map((password) => passwordSignIn(server.app, staff.email, password)());
    await gateway.until(5);
    const right = passwordSignIn(apps().at(-1) as FastifyInstance, staff.email, TEST_PASSWORD)();
    await gateway.until(6);
    gateway.open();
    expect((await Promise.all(wrong)).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const refused = await right;
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'sign-in failed' });
    expect(await isLocked(staff.id)).toBe(true);
  });

  // A right answer that is checked among the first five signs in and, as one after another would,
  // clears the count; so the bursts below are of wrong answers only, and the right one follows.
  it('checks five of twenty-five authenticator codes sent at once on one pending sign-in, then refuses the right one', async () => {
    const staff = await makeStaff(ctx.db, { totp: true });
    const browser = consoleClient(server.app, { ip: freshAddress() });
    expect(
      (await browser.post<{ stage: string }>('sign-in/password', { email: staff.email, password: TEST_PASSWORD })).body,
    ).toMatchObject({ stage: 'second_factor' });
    const right = totpCode();
    // Codes of other steps would be as wrong; these are far from the right one and from each other.
    const wrong = Array.from({ length: 25 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((code) => browser.post('sign-in/totp', { code })));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(await auditedFailures(staff.id, 'totp')).toBe(MAX_FAILED_SIGN_INS);
    expect(await isLocked(staff.id)).toBe(true);
    expect((await browser.post('sign-in/totp', { code: right })).status).toBe(401);
  });

  it('checks five of forty recovery codes sent at once across server processes, then refuses the right one', async () => {
    const staff = await makeStaff(ctx.db, { totp: true });
    const code = 'abcd-efgh-jkmn';
    await ctx.db.insert(staffRecoveryCodes).values({ staffId: staff.id, codeHash: hashRecoveryCode(code) });
    // Two browsers per server process, each from its own address: under the per-address limit, so
    // only the account's lock decides. All hold the same pending sign-in.
    const browsers = apps().flatMap((app) => [0, 1].map(() => consoleClient(app, { ip: freshAddress() })));
    const [first, ...others] = browsers as [ReturnType<typeof consoleClient>, ...ReturnType<typeof consoleClient>[]];
    await first.post('sign-in/password', { email: staff.email, password: TEST_PASSWORD });
    for (const other of others) other.jar.set('console_session', first.sessionToken ?? '');
    const guesses = Array.from({ length: 40 }, (_, i) => `wrng-${String(i).padStart(4, 'x')}-code`);
    const answers = await Promise.all(
      guesses.map((guess, i) => browsers[i % browsers.length]?.post('sign-in/recovery-code', { code: guess })),
    );
    expect(answers.every((a) => a?.status === 401)).toBe(true);
    expect(await auditedFailures(staff.id, 'recovery_code')).toBe(MAX_FAILED_SIGN_INS);
    expect((await first.post('sign-in/recovery-code', { code })).status).toBe(401);
  });

  it('answers unknown, wrong, locked, deactivated and invited accounts alike, each after one password hash', async () => {
    const wrong = await makeStaff(ctx.db);
    const locked = await makeStaff(ctx.db);
    await ctx.db
      .update(staffAccounts)
      .set({ lockedUntil: sql`app_now() + interval '15 minutes'` })
      .where(eq(staffAccounts.id, locked.id));
    const deactivated = await makeStaff(ctx.db);
    await ctx.db.update(staffAccounts).set({ status: 'deactivated' }).where(eq(staffAccounts.id, deactivated.id));
    const invited = await makeStaff(ctx.db);
    await ctx.db.update(staffAccounts).set({ status: 'invited', passwordHash: null }).where(eq(staffAccounts.id, invited.id));
    const cases = [
      ['unknown', uniqueEmail('nobody'), 'a guess'],
      ['wrong password', wrong.email, 'a guess'],
      ['locked, right password', locked.email, TEST_PASSWORD],
      ['deactivated, right password', deactivated.email, TEST_PASSWORD],
      ['invited', invited.email, 'a guess'],
    ] as const;
    const answers: { status: number; body: unknown }[] = [];
    for (const [what, email, password] of cases) {
      gate.checked = [];
      const answer = await passwordSignIn(server.app, email, password)();
      expect(gate.checked, what).toHaveLength(1);
      answers.push({ status: answer.status, body: answer.body });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 401, body: { error: 'sign-in failed' } });
  });
});
