/**
 * Passkeys on staff accounts: their ceremonies' challenges are stored (single use, five minutes),
 * so that any server process can finish a ceremony another began.
 */

import type { Passkey } from '@storefront/domain/console/account';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import {
  type AuthenticationResponseJSON,
  PasskeyRefusal,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  type RegistrationResponseJSON,
  staffIdFromUserHandle,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from './passkeys.ts';
import { countAnswer, recordWrongAnswer } from './sign-in-attempts.ts';
import { findStaffById, type StaffAccount } from './staff.repository.ts';
import { staffPasskeyChallenges, staffPasskeys } from './staff.schema.ts';
import type { ClientInfo } from './staff-sessions.ts';

const CHALLENGE_MINUTES = 5;

/** Where passkeys are bound: the public address's host and origin. */
export type RelyingParty = { rpId: string; origin: string; name: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpId: url.hostname, origin: url.origin, name: 'Storefront console' };
}

async function storeChallenge(
  db: Database,
  kind: 'registration' | 'authentication',
  challenge: string,
  staffId: number | null,
): Promise<string> {
  // Answered or not, old challenges go.
  await db.delete(staffPasskeyChallenges).where(sql`${staffPasskeyChallenges.expiresAt} < app_now()`);
  const [row] = await db
    .insert(staffPasskeyChallenges)
    .values({ kind, challenge, staffId, expiresAt: new Date(clock.nowMs() + CHALLENGE_MINUTES * 60_000) })
    .returning({ id: staffPasskeyChallenges.id });
  if (!row) throw new Error('the challenge was not stored');
  return row.id;
}

/** Takes a challenge (once): the ceremony's answer can be checked against it only one time. */
async function takeChallenge(db: Database, id: string, kind: 'registration' | 'authentication') {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] = isUuid
    ? await db
        .delete(staffPasskeyChallenges)
        .where(
          and(
            eq(staffPasskeyChallenges.id, id),
            eq(staffPasskeyChallenges.kind, kind),
            gt(staffPasskeyChallenges.expiresAt, sql`app_now()`),
          ),
        )
        .returning()
    : [];
  if (!row) {
    throw specError('invalid request', {
      field: 'challenge_id',
      message: 'challenge_id is unknown or expired: start again',
    });
  }
  return row;
}

export async function passkeysOf(db: Database, staffId: number) {
  return db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).orderBy(staffPasskeys.id);
}

export function passkeyAnswer(row: typeof staffPasskeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function startPasskeyRegistration(db: Database, rp: RelyingParty, account: StaffAccount) {
  const existing = await passkeysOf(db, account.id);
  const options = await passkeyRegistrationOptions({
    rpId: rp.rpId,
    rpName: rp.name,
    staff: { id: account.id, email: account.email, name: account.name },
    existing: existing.map((p) => ({ credentialId: p.credentialId, transports: p.transports })),
  });
  const challengeId = await storeChallenge(db, 'registration', options.challenge, account.id);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks a new passkey and stores it; the caller records it in the audit log in the same transaction. */
export async function addPasskey(
  tx: Database,
  rp: RelyingParty,
  account: StaffAccount,
  input: { challengeId: string; name: string; response: unknown },
) {
  const challenge = await takeChallenge(tx, input.challengeId, 'registration');
  if (challenge.staffId !== account.id)
    throw specError('invalid request', { field: 'challenge_id', message: 'challenge_id is not yours' });
  let registered: Awaited<ReturnType<typeof verifyPasskeyRegistration>>;
  try {
    registered = await verifyPasskeyRegistration({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      rpId: rp.rpId,
      origin: rp.origin,
    });
  } catch (error) {
    if (error instanceof PasskeyRefusal) throw specError('invalid request', { field: 'response', message: error.message });
    throw error;
  }
  const [row] = await tx
    .insert(staffPasskeys)
    .values({
      staffId: account.id,
      credentialId: registered.credentialId,
      publicKey: registered.publicKey,
      counter: registered.counter,
      transports: registered.transports,
      name: input.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw specError('conflict', { message: 'this passkey is already registered' });
  return row;
}

/**
 * Options to sign in with a passkey: the staff member's own passkeys at the second step, or any
 * passkey the browser holds for this site when a passkey is the whole sign-in.
 */
export async function startPasskeySignIn(db: Database, rp: RelyingParty, pendingStaffId: number | null) {
  const allow = pendingStaffId === null ? [] : await passkeysOf(db, pendingStaffId);
  const options = await passkeyAuthenticationOptions({
    rpId: rp.rpId,
    allow: allow.map((p) => ({ credentialId: p.credentialId, transports: p.transports })),
  });
  const challengeId = await storeChallenge(db, 'authentication', options.challenge, pendingStaffId);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks a passkey's sign-in answer; returns the account it proves, or null (the caller answers
 * with the generic failure). A passkey alone must have verified its user (a PIN, a fingerprint).
 */
export async function verifyPasskeySignIn(
  tx: Database,
  rp: RelyingParty,
  input: { challengeId: string; response: { id: string } & Record<string, unknown> },
  pendingStaffId: number | null,
  client: ClientInfo,
): Promise<StaffAccount | null> {
  const challenge = await takeChallenge(tx, input.challengeId, 'authentication');
  if (challenge.staffId !== pendingStaffId) return null;
  const [credential] = await tx.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, input.response.id));
  if (!credential) return null;
  if (pendingStaffId !== null && credential.staffId !== pendingStaffId) return null;
  // A discoverable passkey names its user too; it must be the credential's owner.
  const handle = (input.response.response as { userHandle?: string } | undefined)?.userHandle;
  if (pendingStaffId === null && staffIdFromUserHandle(handle) !== credential.staffId) return null;
  // Counted before it is checked, like every answer: a locked account's passkey is not even tried.
  const counted = await countAnswer(tx, credential.staffId);
  if (!counted) return null;
  try {
    const verified = await verifyPasskeyAuthentication({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      rpId: rp.rpId,
      origin: rp.origin,
      credential: {
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification: pendingStaffId === null,
    });
    await tx
      .update(staffPasskeys)
      .set({ counter: verified.newCounter, lastUsedAt: clock.now() })
      .where(eq(staffPasskeys.id, credential.id));
  } catch (error) {
    if (!(error instanceof PasskeyRefusal)) throw error;
    const account = await findStaffById(tx, credential.staffId);
    if (account) await recordWrongAnswer(tx, account, counted, client, 'passkey');
    return null;
  }
  return findStaffById(tx, credential.staffId);
}
