/**
 * Calls the console API as the console app does: a browser's cookie jar (the session cookie the
 * server sets, the XSRF cookie) and the XSRF header on every state-changing call. Plus staff made
 * straight in the database, as `npm run staff:create` and demo seeding make them.
 */

import type { Right } from '@storefront/domain/console/rights';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { clock } from '../src/lib/clock.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { SYSTEM_ACTOR } from '../src/modules/audit/record-audit.ts';
import { createStaffAccount } from '../src/modules/staff/manage-staff.ts';
import { staffAccounts } from '../src/modules/staff/staff.schema.ts';
import { SYSTEM_MANAGER } from '../src/modules/staff/staff-reach.ts';
import { createTeam } from '../src/modules/staff/teams.ts';
import { totpCodeAt } from '../src/modules/staff/totp.ts';

type Json = Record<string, unknown>;
export type ConsoleResponse<T = Json> = { status: number; body: T; headers: Record<string, unknown> };

const XSRF = 'console-test-xsrf-token';

export function consoleClient(app: FastifyInstance, options: { ip?: string } = {}) {
  const jar = new Map<string, string>([['XSRF-TOKEN', XSRF]]);
  async function call<T = Json>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
    const headers: Record<string, string> = {
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = XSRF;
    const response = await app.inject({
      method,
      url: `/console/api/v1/${path}`,
      headers,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(body === undefined ? {} : { payload: body as Json }),
    });
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return {
      status: response.statusCode,
      // A download (a CSV export) is text; every other answer is JSON.
      body: (!response.body
        ? null
        : String(response.headers['content-type']).startsWith('application/json')
          ? response.json()
          : response.body) as T,
      headers: response.headers,
    } satisfies ConsoleResponse<T>;
  }
  return {
    jar,
    get: <T = Json>(path: string) => call<T>('GET', path),
    post: <T = Json>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
    put: <T = Json>(path: string, body: unknown) => call<T>('PUT', path, body),
    patch: <T = Json>(path: string, body: unknown) => call<T>('PATCH', path, body),
    delete: <T = Json>(path: string) => call<T>('DELETE', path),
    /** The session secret the jar holds now. */
    get sessionToken() {
      return jar.get('console_session') ?? null;
    },
  };
}
export type ConsoleClient = ReturnType<typeof consoleClient>;

export const TEST_PASSWORD = 'correct horse battery staple';
/** A fixed authenticator secret (base32) for tests that sign in with codes. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The test password's hash, made once per worker: scrypt takes tens of milliseconds by design, and
 * hundreds of test accounts are made. Each account still verifies the password as sign-in does.
 */
let testPasswordHash: Promise<string> | null = null;

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@staff.test`;

/** An active account with the test password, in the teams given, optionally with TOTP set up. */
export async function makeStaff(
  db: Database,
  options: { email?: string; isOwner?: boolean; teamIds?: number[]; totp?: boolean; name?: string } = {},
) {
  const email = options.email ?? uniqueEmail(options.isOwner ? 'owner' : 'staff');
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const account = await createStaffAccount(db, SYSTEM_ACTOR, {
    email,
    name: options.name ?? email.split('@')[0] ?? email,
    passwordHash: await testPasswordHash,
    isOwner: options.isOwner ?? false,
    teamIds: options.teamIds ?? [],
  });
  if (options.totp) await db.update(staffAccounts).set({ totpSecret: TEST_TOTP_SECRET }).where(eq(staffAccounts.id, account.id));
  return account;
}

export async function makeTeam(
  db: Database,
  options: { rights: Right[]; venueIds?: number[]; requiresTwoFactor?: boolean; name?: string },
) {
  const allVenues = options.venueIds === undefined;
  return createTeam(db, SYSTEM_MANAGER, options.venueIds ?? [], {
    name: options.name ?? `team ${++counter}`,
    all_venues: allVenues,
    venue_ids: options.venueIds ?? [],
    rights: options.rights,
    requires_two_factor: options.requiresTwoFactor ?? false,
  });
}

/** The code the test secret's app shows at `time` (a later step than the last one used, when asked). */
export const totpCode = (time = clock.now(), secret = TEST_TOTP_SECRET) => totpCodeAt(secret, time);

/** Signs a staff member in with the password and, when they have it, the test TOTP secret. */
export async function signIn(client: ConsoleClient, email: string, options: { totpAt?: Date } = {}) {
  const first = await client.post<{ stage: string }>('sign-in/password', { email, password: TEST_PASSWORD });
  if (first.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(first.body)}`);
  if (first.body.stage !== 'second_factor') return first;
  const second = await client.post<{ stage: string }>('sign-in/totp', { code: totpCode(options.totpAt) });
  if (second.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(second.body)}`);
  return second;
}
