/**
 * Invitation and password-reset links: a 128-bit secret in the address's fragment (so it reaches
 * neither logs nor Referer), its hash in the database, good once and for a short time.
 */

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { stageAfterPassword } from './sign-in.ts';
import { findStaffByEmail, type StaffAccount } from './staff.repository.ts';
import { staffAccounts, staffLinkTokens } from './staff.schema.ts';
import { invitationMail, passwordResetMail, type StaffMail } from './staff-mail.ts';
import { type ClientInfo, openSession, revokeAllSessions } from './staff-sessions.ts';

const INVITATION_DAYS = 7;
const PASSWORD_RESET_MINUTES = 60;

export type StaffMailer = {
  publicUrl: () => string;
  from: () => string;
  /** Writes the mail to the outbox in the caller's transaction (the `enqueueStaffMail` port, filled by the mail plugin). */
  enqueue: (tx: Database, mail: StaffMail) => Promise<void>;
};

const consoleUrl = (mailer: StaffMailer, page: string, token: string) =>
  `${mailer.publicUrl().replace(/\/$/, '')}/console/${page}#${token}`;

async function issueLink(tx: Database, staffId: number, kind: 'invitation' | 'password_reset'): Promise<string> {
  // A new link replaces the ones before it.
  await tx
    .update(staffLinkTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(staffLinkTokens.staffId, staffId), eq(staffLinkTokens.kind, kind), isNull(staffLinkTokens.usedAt)));
  const token = newToken();
  const lifetime = kind === 'invitation' ? INVITATION_DAYS * 86_400_000 : PASSWORD_RESET_MINUTES * 60_000;
  await tx
    .insert(staffLinkTokens)
    .values({ tokenHash: hashToken(token), staffId, kind, expiresAt: new Date(clock.nowMs() + lifetime) });
  return token;
}

/** Voids every unused link of an account (it is deactivated): reactivating it must revive none. */
export async function voidLinks(tx: Database, staffId: number): Promise<void> {
  await tx
    .update(staffLinkTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(staffLinkTokens.staffId, staffId), isNull(staffLinkTokens.usedAt)));
}

/** Mails an invitation link to an invited account (in the caller's transaction). */
export async function mailInvitation(tx: Database, mailer: StaffMailer, account: StaffAccount, inviter: string) {
  const token = await issueLink(tx, account.id, 'invitation');
  await mailer.enqueue(
    tx,
    invitationMail(account, mailer.from(), inviter, consoleUrl(mailer, 'invitation', token), INVITATION_DAYS),
  );
}

/** The account a link is for, if the link is live; the link is not used up. */
async function liveLink(db: Database, token: string, kind: 'invitation' | 'password_reset') {
  const [row] = await db
    .select({ account: staffAccounts })
    .from(staffLinkTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffLinkTokens.staffId))
    .where(
      and(
        eq(staffLinkTokens.tokenHash, hashToken(token)),
        eq(staffLinkTokens.kind, kind),
        isNull(staffLinkTokens.usedAt),
        gt(staffLinkTokens.expiresAt, sql`app_now()`),
      ),
    );
  return row?.account ?? null;
}

/** Uses a link up; false when another request used it first. */
async function useLink(tx: Database, token: string): Promise<boolean> {
  const used = await tx
    .update(staffLinkTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(staffLinkTokens.tokenHash, hashToken(token)), isNull(staffLinkTokens.usedAt)))
    .returning({ staffId: staffLinkTokens.staffId });
  return used.length > 0;
}

const deadLink = (what: string) =>
  specError('not found', { message: `this ${what} link is not valid any more: it was used, replaced or has expired` });

async function limitLinkCalls(db: Database, ip: string | null) {
  await enforceRateLimits(db, [{ key: `console-links:${ip ?? 'unknown'}`, max: 30, windowSeconds: 600 }]);
}

export async function invitationInfo(db: Database, token: string, client: ClientInfo) {
  await limitLinkCalls(db, client.ip);
  const account = await liveLink(db, token, 'invitation');
  if (account?.status !== 'invited') throw deadLink('invitation');
  return { email: account.email, name: account.name, language: account.language };
}

/** Sets the invited staff member's password, activates the account and signs them in. */
export async function acceptInvitation(db: Database, token: string, password: string, client: ClientInfo) {
  await limitLinkCalls(db, client.ip);
  const account = await liveLink(db, token, 'invitation');
  if (account?.status !== 'invited') throw deadLink('invitation');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (!(await useLink(tx as Database, token))) throw deadLink('invitation');
    const [active] = await tx
      .update(staffAccounts)
      .set({ passwordHash, status: 'active', lastSignInAt: clock.now() })
      .where(and(eq(staffAccounts.id, account.id), eq(staffAccounts.status, 'invited')))
      .returning();
    if (!active) throw deadLink('invitation');
    const actor: Actor = { type: 'staff', id: active.id, label: active.email, clientIp: client.ip };
    await recordAudit(tx as Database, actor, { objectType: 'staff', objectId: active.id, action: 'invitation_accepted' });
    const opened = await openSession(tx as Database, active, await stageAfterPassword(tx as Database, active), client);
    return { ...opened, account: active };
  });
}

/**
 * Mails a reset link to an active account. The answer is the same whether or not there is one,
 * and both the address and the e-mail have their own limits.
 */
export async function requestPasswordReset(db: Database, mailer: StaffMailer, email: string, client: ClientInfo) {
  await enforceRateLimits(db, [
    { key: `console-reset:${client.ip ?? 'unknown'}`, max: 10, windowSeconds: 600 },
    { key: `console-reset-mail:${email}`, max: 3, windowSeconds: 3600 },
  ]);
  const account = await findStaffByEmail(db, email);
  if (account?.status !== 'active') return;
  await db.transaction(async (tx) => {
    await mailPasswordReset(tx as Database, mailer, account);
    const actor: Actor = { type: 'staff', id: null, label: email, clientIp: client.ip };
    await recordAudit(tx as Database, actor, { objectType: 'staff', objectId: account.id, action: 'password_reset_requested' });
  });
}

export async function mailPasswordReset(tx: Database, mailer: StaffMailer, account: StaffAccount) {
  const token = await issueLink(tx, account.id, 'password_reset');
  await mailer.enqueue(
    tx,
    passwordResetMail(account, mailer.from(), consoleUrl(mailer, 'password-reset', token), PASSWORD_RESET_MINUTES),
  );
}

/** Sets a new password from a reset link; every session of the account ends, and a lock is lifted. */
export async function completePasswordReset(db: Database, token: string, password: string, client: ClientInfo) {
  await limitLinkCalls(db, client.ip);
  const account = await liveLink(db, token, 'password_reset');
  if (account?.status !== 'active') throw deadLink('password reset');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await useLink(tx as Database, token))) throw deadLink('password reset');
    await tx
      .update(staffAccounts)
      .set({ passwordHash, failedSignIns: 0, lockedUntil: null })
      .where(eq(staffAccounts.id, account.id));
    await revokeAllSessions(tx as Database, account.id);
    const actor: Actor = { type: 'staff', id: account.id, label: account.email, clientIp: client.ip };
    await recordAudit(tx as Database, actor, { objectType: 'staff', objectId: account.id, action: 'password_reset' });
  });
}
