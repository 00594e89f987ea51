/**
 * Signing in: a password, then a second factor (an authenticator app's code, a recovery code or a
 * passkey); or a passkey alone, with user verification, which proves both. Failures tell nothing
 * of whether an account exists, and take the same work; every answer is counted before it is
 * checked, and five wrong answers in a row lock the account for fifteen minutes
 * (`sign-in-attempts.ts`); every client address has its own limit besides.
 */

import type { SessionStage } from '@storefront/domain/console/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { clearAnswers, countAnswer, giveBackAnswer, recordWrongAnswer } from './sign-in-attempts.ts';
import {
  findStaffByEmail,
  findStaffById,
  hasSecondFactor,
  type StaffAccount,
  secondFactorsOf,
  teamGrantsOf,
} from './staff.repository.ts';
import { staffAccounts, staffRecoveryCodes } from './staff.schema.ts';
import { accessOf } from './staff-access.ts';
import { type ClientInfo, openSession, rotateSession, type StaffSession } from './staff-sessions.ts';
import { verifyTotp } from './totp.ts';

/** Sign-in attempts one client address may make in ten minutes, whatever the accounts. */
const SIGN_INS_PER_ADDRESS = 30;

export type SignedIn = { token: string; session: StaffSession; account: StaffAccount };

const failed = () =>
  specError('sign-in failed', {
    message: 'the e-mail address, password or code is wrong, or the account is locked for a while after too many attempts',
  });

/** A hash to check a password against where there is none to check, so that the answer takes as long. */
let decoy: Promise<string> | null = null;
const decoyHash = () => {
  decoy ??= hashPassword('a password nobody has');
  return decoy;
};

export async function limitSignInsFrom(db: Database, ip: string | null): Promise<void> {
  await enforceRateLimits(db, [{ key: `console-sign-in:${ip ?? 'unknown'}`, max: SIGN_INS_PER_ADDRESS, windowSeconds: 600 }]);
}

/** The stage a staff member reaches with their password proved. */
export async function stageAfterPassword(db: Database, account: StaffAccount): Promise<SessionStage> {
  if (hasSecondFactor(await secondFactorsOf(db, account))) return 'second_factor';
  const access = accessOf(account.isOwner, await teamGrantsOf(db, account.id));
  return access.requiresTwoFactor ? 'enrolment' : 'signed_in';
}

/** Records a finished sign-in on the account and in the audit log. */
async function completeSignIn(tx: Database, account: StaffAccount, client: ClientInfo, factors: string[]): Promise<void> {
  await clearAnswers(tx, account.id);
  await recordAudit(
    tx,
    { type: 'staff', id: account.id, label: account.email, clientIp: client.ip },
    { objectType: 'staff', objectId: account.id, action: 'signed_in', changes: { factors } },
  );
}

export async function signInWithPassword(
  db: Database,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignedIn> {
  await limitSignInsFrom(db, client.ip);
  const account = await findStaffByEmail(db, input.email);
  const usable = account?.status === 'active' && account.passwordHash !== null ? account : null;
  const counted = usable ? await countAnswer(db, usable.id) : null;
  // Unknown, deactivated, invited and locked accounts hash the answer against the decoy: every
  // answer costs one hash, so its time tells nothing. A locked account's answer is never checked.
  const hash = counted && usable?.passwordHash ? usable.passwordHash : await decoyHash();
  const right = await verifyPassword(input.password, hash);
  if (!usable || !counted) throw failed();
  if (!right) {
    await recordWrongAnswer(db, usable, counted, client, 'password');
    throw failed();
  }
  const stage = await stageAfterPassword(db, usable);
  return db.transaction(async (tx) => {
    const opened = await openSession(tx as Database, usable, stage, client);
    // Before the second factor too is proved, the password's count only goes back: a password
    // alone must not buy more guesses at the code.
    if (stage === 'second_factor') await giveBackAnswer(tx as Database, counted);
    else await completeSignIn(tx as Database, usable, client, ['password']);
    return { ...opened, account: usable };
  });
}

/** The second step with the authenticator app's code. */
export async function signInWithTotp(
  db: Database,
  pending: { session: StaffSession; account: StaffAccount },
  code: string,
  client: ClientInfo,
): Promise<SignedIn> {
  await limitSignInsFrom(db, client.ip);
  const account = await findStaffById(db, pending.account.id);
  if (account?.status !== 'active' || !account.totpSecret) throw failed();
  const counted = await countAnswer(db, account.id);
  if (!counted) throw failed();
  const accepted = verifyTotp(account.totpSecret, code, { lastUsedStep: account.totpLastStep });
  const signedIn =
    accepted &&
    (await db.transaction(async (tx) => {
      // The step is stored only if no other request used this code in the meantime.
      const [stored] = await tx
        .update(staffAccounts)
        .set({ totpLastStep: accepted.step })
        .where(and(eq(staffAccounts.id, account.id), sql`coalesce(${staffAccounts.totpLastStep}, -1) < ${accepted.step}`))
        .returning({ id: staffAccounts.id });
      if (!stored) return null;
      const rotated = await rotateSession(tx as Database, pending.session, { stage: 'signed_in' });
      await completeSignIn(tx as Database, account, client, ['password', 'totp']);
      return { ...rotated, account };
    }));
  if (!signedIn) {
    await recordWrongAnswer(db, account, counted, client, 'totp');
    throw failed();
  }
  return signedIn;
}

/** The second step with a recovery code: each works once. */
export async function signInWithRecoveryCode(
  db: Database,
  pending: { session: StaffSession; account: StaffAccount },
  code: string,
  client: ClientInfo,
): Promise<SignedIn> {
  await limitSignInsFrom(db, client.ip);
  const account = await findStaffById(db, pending.account.id);
  if (account?.status !== 'active') throw failed();
  const counted = await countAnswer(db, account.id);
  if (!counted) throw failed();
  const signedIn = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, account.id),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (!used) return null;
    const rotated = await rotateSession(tx as Database, pending.session, { stage: 'signed_in' });
    await completeSignIn(tx as Database, account, client, ['password', 'recovery_code']);
    return { ...rotated, account };
  });
  if (!signedIn) {
    await recordWrongAnswer(db, account, counted, client, 'recovery_code');
    throw failed();
  }
  return signedIn;
}

/** A passkey's sign-in, checked by the caller: a second step, or the whole sign-in. */
export async function completePasskeySignIn(
  tx: Database,
  account: StaffAccount,
  pending: StaffSession | null,
  client: ClientInfo,
): Promise<SignedIn> {
  const opened = pending
    ? await rotateSession(tx, pending, { stage: 'signed_in' })
    : await openSession(tx, account, 'signed_in', client);
  await completeSignIn(tx, account, client, pending ? ['password', 'passkey'] : ['passkey']);
  return { ...opened, account };
}

export { failed as signInFailed };
