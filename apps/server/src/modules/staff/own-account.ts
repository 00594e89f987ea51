/**
 * What a staff member does to their own account: enrol and remove second factors, renew recovery
 * codes, change the password, end sessions. Each change is audited in its own transaction; a
 * change that finishes an enrolment gives the session a new secret at the `signed_in` stage.
 */
import type { RecoveryCodes, TotpEnrolment } from '@storefront/domain/console/account';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import type { ConsoleAuth } from './console-request.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { countAnswer, giveBackAnswer, LOCK_MINUTES, recordWrongAnswer } from './sign-in-attempts.ts';
import { findStaffById, hasSecondFactor, type StaffAccount, secondFactorsOf } from './staff.repository.ts';
import { staffAccounts, staffPasskeys, staffRecoveryCodes } from './staff.schema.ts';
import { addPasskey, type RelyingParty } from './staff-passkeys.ts';
import { revokeAllSessions, revokeSession, rotateSession, type StaffSession } from './staff-sessions.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';

/** A new secret for the session when this change finished its enrolment. */
export type Rotated = { token: string; session: StaffSession } | null;

async function fresh(db: Database, auth: ConsoleAuth): Promise<StaffAccount> {
  const account = await findStaffById(db, auth.account.id);
  if (!account) throw specError('not signed in', { message: 'the account is gone' });
  return account;
}

async function finishEnrolment(tx: Database, auth: ConsoleAuth): Promise<Rotated> {
  if (auth.session.stage !== 'enrolment') return null;
  return rotateSession(tx, auth.session, { stage: 'signed_in' });
}

async function replaceRecoveryCodes(tx: Database, staffId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * The password again, before a change that weakens or replaces a credential. A wrong one counts
 * towards the account's lock like a wrong sign-in: a session must not buy unlimited guesses.
 */
async function requirePassword(
  db: Database,
  auth: ConsoleAuth,
  account: StaffAccount,
  password: string,
  field = 'password',
): Promise<void> {
  const counted = await countAnswer(db, account.id);
  if (!counted) {
    throw specError('too many requests', {
      can_retry: true,
      message: `too many wrong passwords: try again in ${LOCK_MINUTES} minutes`,
    });
  }
  if (!account.passwordHash || !(await verifyPassword(password, account.passwordHash))) {
    await recordWrongAnswer(db, account, counted, { ip: auth.actor.clientIp, userAgent: null }, 'password');
    throw specError('invalid request', { status: 403, field, message: `${field} is not your current password` });
  }
  // The right password proves the change is the member's own; it finishes no sign-in.
  await giveBackAnswer(db, counted);
}

export async function startTotpEnrolment(db: Database, auth: ConsoleAuth): Promise<TotpEnrolment> {
  const account = await fresh(db, auth);
  if (account.totpSecret) {
    throw specError('conflict', { message: 'an authenticator app is already set up: remove it first to set up another' });
  }
  const secret = newTotpSecret();
  await db.update(staffAccounts).set({ totpPendingSecret: secret }).where(eq(staffAccounts.id, account.id));
  return { secret, uri: totpUri({ secret, accountName: account.email }) };
}

/** Confirms the app with a code from it; answers with new recovery codes, shown this once. */
export async function confirmTotp(db: Database, auth: ConsoleAuth, code: string): Promise<RecoveryCodes & { rotated: Rotated }> {
  const account = await fresh(db, auth);
  if (!account.totpPendingSecret) {
    throw specError('conflict', { message: 'start setting up the authenticator app first' });
  }
  const accepted = verifyTotp(account.totpPendingSecret, code, { lastUsedStep: null });
  if (!accepted) throw specError('invalid request', { field: 'code', message: 'code is not the one the app shows now' });
  return db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ totpSecret: account.totpPendingSecret, totpPendingSecret: null, totpLastStep: accepted.step })
      .where(eq(staffAccounts.id, account.id));
    const codes = await replaceRecoveryCodes(tx as Database, account.id);
    await recordAudit(tx as Database, auth.actor, { objectType: 'staff', objectId: account.id, action: 'totp_enrolled' });
    return { codes, rotated: await finishEnrolment(tx as Database, auth) };
  });
}

/** A factor may go only if the staff member keeps one where two are required. */
async function requireAnotherFactor(_db: Database, auth: ConsoleAuth, remaining: { totp: boolean; passkeys: number }) {
  if (!auth.access.requiresTwoFactor) return;
  if (remaining.totp || remaining.passkeys > 0) return;
  throw specError('conflict', {
    message: 'your team requires two factors: set up another authenticator app or passkey before removing this one',
  });
}

export async function removeTotp(db: Database, auth: ConsoleAuth, password: string): Promise<void> {
  const account = await fresh(db, auth);
  await requirePassword(db, auth, account, password);
  if (!account.totpSecret) throw specError('not found', { message: 'no authenticator app is set up' });
  const factors = await secondFactorsOf(db, account);
  await requireAnotherFactor(db, auth, { totp: false, passkeys: factors.passkeys });
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(staffAccounts.id, account.id));
    if (factors.passkeys === 0) await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id));
    await recordAudit(tx as Database, auth.actor, { objectType: 'staff', objectId: account.id, action: 'totp_removed' });
  });
}

export async function renewRecoveryCodes(db: Database, auth: ConsoleAuth, password: string): Promise<RecoveryCodes> {
  const account = await fresh(db, auth);
  await requirePassword(db, auth, account, password);
  if (!hasSecondFactor(await secondFactorsOf(db, account))) {
    throw specError('conflict', { message: 'recovery codes stand in for a second factor: set one up first' });
  }
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx as Database, account.id);
    await recordAudit(tx as Database, auth.actor, {
      objectType: 'staff',
      objectId: account.id,
      action: 'recovery_codes_renewed',
    });
    return { codes };
  });
}

export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  auth: ConsoleAuth,
  input: { challengeId: string; name: string; response: unknown },
) {
  const account = await fresh(db, auth);
  return db.transaction(async (tx) => {
    const passkey = await addPasskey(tx as Database, rp, account, input);
    await recordAudit(tx as Database, auth.actor, {
      objectType: 'staff',
      objectId: account.id,
      action: 'passkey_added',
      changes: { passkey_id: passkey.id, name: passkey.name },
    });
    return { passkey, rotated: await finishEnrolment(tx as Database, auth) };
  });
}

export async function removePasskey(db: Database, auth: ConsoleAuth, id: number): Promise<void> {
  const account = await fresh(db, auth);
  const factors = await secondFactorsOf(db, account);
  const [passkey] = await db
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, account.id)));
  if (!passkey) throw specError('not found', { message: `there is no passkey ${id} on your account` });
  await requireAnotherFactor(db, auth, { totp: factors.hasTotp, passkeys: factors.passkeys - 1 });
  await db.transaction(async (tx) => {
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.id, id));
    await recordAudit(tx as Database, auth.actor, {
      objectType: 'staff',
      objectId: account.id,
      action: 'passkey_removed',
      changes: { passkey_id: id, name: passkey.name },
    });
  });
}

/** A new password; every other session of the account ends. */
export async function changePassword(db: Database, auth: ConsoleAuth, input: { current: string; next: string }): Promise<void> {
  const account = await fresh(db, auth);
  await requirePassword(db, auth, account, input.current, 'current_password');
  const passwordHash = await hashPassword(input.next);
  await db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ passwordHash }).where(eq(staffAccounts.id, account.id));
    await revokeAllSessions(tx as Database, account.id, auth.session.id);
    await recordAudit(tx as Database, auth.actor, { objectType: 'staff', objectId: account.id, action: 'password_changed' });
  });
}

/** Ends one of the staff member's own sessions (this one included: that is signing out). */
export async function endSession(db: Database, actor: Actor, staffId: number, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return false;
  return db.transaction(async (tx) => {
    const ended = await revokeSession(tx as Database, staffId, sessionId);
    if (!ended) return false;
    await recordAudit(tx as Database, actor, {
      objectType: 'session',
      objectId: sessionId,
      action: 'ended',
      changes: { staff_id: staffId },
    });
    return true;
  });
}
