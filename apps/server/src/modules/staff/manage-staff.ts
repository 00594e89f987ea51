/** Staff management (organisation right `staff:manage`): invite, edit, deactivate, reactivate, send links. */
import type { InviteStaffBody, StaffMember } from '@storefront/domain/console/staff';
import type { LanguageCode } from '@storefront/domain/constants';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { bumpRightsVersion, findStaffById, type StaffAccount } from './staff.repository.ts';
import { staffAccounts, staffPasskeys, staffTeamMembers, staffTeams } from './staff.schema.ts';
import { mailInvitation, mailPasswordReset, type StaffMailer, voidLinks } from './staff-links.ts';
import { revokeAllSessions } from './staff-sessions.ts';

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const accounts = await db.select().from(staffAccounts).orderBy(staffAccounts.name, staffAccounts.id);
  const members = await db.select().from(staffTeamMembers);
  const passkeyOwners = new Set(
    (await db.selectDistinct({ staffId: staffPasskeys.staffId }).from(staffPasskeys)).map((row) => row.staffId),
  );
  return accounts.map((account) => memberAnswer(account, members, passkeyOwners.has(account.id)));
}

function memberAnswer(account: StaffAccount, members: { teamId: number; staffId: number }[], hasPasskey: boolean): StaffMember {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    language: account.language as LanguageCode,
    is_owner: account.isOwner,
    status: account.status,
    team_ids: members.filter((m) => m.staffId === account.id).map((m) => m.teamId),
    has_two_factor: account.totpSecret !== null || hasPasskey,
    last_sign_in_at: account.lastSignInAt?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
  };
}

async function memberOf(db: Database, id: number): Promise<StaffMember> {
  const account = await findStaffById(db, id);
  if (!account) throw specError('not found', { message: `there is no staff member ${id}` });
  const members = await db.select().from(staffTeamMembers).where(eq(staffTeamMembers.staffId, id));
  const [passkey] = await db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.staffId, id)).limit(1);
  return memberAnswer(account, members, passkey !== undefined);
}

async function requireTeams(db: Database, teamIds: number[]): Promise<void> {
  const unique = [...new Set(teamIds)];
  const found = await db.select({ id: staffTeams.id }).from(staffTeams).where(inArray(staffTeams.id, unique));
  const missing = unique.filter((id) => !found.some((team) => team.id === id));
  if (missing.length > 0) {
    throw specError('invalid request', {
      field: 'team_ids',
      message: `team_ids names teams that do not exist: ${missing.join(', ')}`,
    });
  }
}

async function setTeams(tx: Database, staffId: number, teamIds: number[]): Promise<void> {
  await tx.delete(staffTeamMembers).where(eq(staffTeamMembers.staffId, staffId));
  const unique = [...new Set(teamIds)];
  if (unique.length > 0) await tx.insert(staffTeamMembers).values(unique.map((teamId) => ({ teamId, staffId })));
}

export async function inviteStaff(db: Database, actor: Actor, mailer: StaffMailer, input: InviteStaffBody): Promise<StaffMember> {
  await requireTeams(db, input.team_ids);
  const id = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(staffAccounts)
      .values({ email: input.email, name: input.name, language: input.language, status: 'invited' })
      .onConflictDoNothing()
      .returning();
    if (!account) throw specError('conflict', { field: 'email', message: `${input.email} already has an account` });
    await setTeams(tx as Database, account.id, input.team_ids);
    await mailInvitation(tx as Database, mailer, account, actor.label);
    await recordAudit(tx as Database, actor, {
      objectType: 'staff',
      objectId: account.id,
      action: 'invited',
      changes: { email: input.email, name: input.name, language: input.language, team_ids: input.team_ids },
    });
    return account.id;
  });
  return memberOf(db, id);
}

/** An owner is changed only by an owner; nobody deactivates themselves. */
function guard(actorIsOwner: boolean, target: StaffAccount, what: string) {
  if (target.isOwner && !actorIsOwner) throw specError('forbidden', { message: `only an owner may ${what} an owner` });
}

async function target(db: Database, id: number): Promise<StaffAccount> {
  const account = await findStaffById(db, id);
  if (!account) throw specError('not found', { message: `there is no staff member ${id}` });
  return account;
}

export async function updateStaff(
  db: Database,
  actor: Actor,
  actorIsOwner: boolean,
  id: number,
  input: { name?: string | undefined; team_ids?: number[] | undefined },
): Promise<StaffMember> {
  const account = await target(db, id);
  guard(actorIsOwner, account, 'change');
  if (input.team_ids) await requireTeams(db, input.team_ids);
  await db.transaction(async (tx) => {
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== account.name) {
      await tx.update(staffAccounts).set({ name: input.name }).where(eq(staffAccounts.id, id));
      changes.name = { from: account.name, to: input.name };
    }
    if (input.team_ids) {
      const before = (await tx.select().from(staffTeamMembers).where(eq(staffTeamMembers.staffId, id))).map((m) => m.teamId);
      const after = [...new Set(input.team_ids)];
      if (after.length !== before.length || after.some((teamId) => !before.includes(teamId))) {
        await setTeams(tx as Database, id, after);
        await bumpRightsVersion(tx as Database, [id]);
        changes.team_ids = { from: before, to: after };
      }
    }
    // An edit that changes nothing is no change: no row, and no session gets a new secret.
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx as Database, actor, { objectType: 'staff', objectId: id, action: 'updated', changes });
    }
  });
  return memberOf(db, id);
}

export async function setStaffActive(
  db: Database,
  actor: Actor,
  actorIsOwner: boolean,
  id: number,
  active: boolean,
): Promise<StaffMember> {
  const account = await target(db, id);
  guard(actorIsOwner, account, active ? 'reactivate' : 'deactivate');
  if (actor.id === id) throw specError('forbidden', { message: 'you cannot deactivate or reactivate yourself' });
  if (active && account.status !== 'deactivated') throw specError('conflict', { message: 'this account is not deactivated' });
  if (!active && account.status === 'deactivated')
    throw specError('conflict', { message: 'this account is already deactivated' });
  await db.transaction(async (tx) => {
    // A reactivated account that never set a password goes back to invited.
    const status = active ? (account.passwordHash === null ? 'invited' : 'active') : 'deactivated';
    await tx.update(staffAccounts).set({ status }).where(eq(staffAccounts.id, id));
    if (!active) {
      await revokeAllSessions(tx as Database, id);
      await voidLinks(tx as Database, id);
    }
    await recordAudit(tx as Database, actor, {
      objectType: 'staff',
      objectId: id,
      action: active ? 'reactivated' : 'deactivated',
      changes: { status: { from: account.status, to: status } },
    });
  });
  return memberOf(db, id);
}

export async function resendInvitation(db: Database, actor: Actor, mailer: StaffMailer, id: number): Promise<void> {
  const account = await target(db, id);
  if (account.status !== 'invited') throw specError('conflict', { message: 'this staff member has already accepted' });
  await db.transaction(async (tx) => {
    await mailInvitation(tx as Database, mailer, account, actor.label);
    await recordAudit(tx as Database, actor, { objectType: 'staff', objectId: id, action: 'invitation_resent' });
  });
}

export async function sendPasswordReset(
  db: Database,
  actor: Actor,
  actorIsOwner: boolean,
  mailer: StaffMailer,
  id: number,
): Promise<void> {
  const account = await target(db, id);
  guard(actorIsOwner, account, 'reset the password of');
  if (account.status !== 'active') throw specError('conflict', { message: 'only an active account can reset its password' });
  await db.transaction(async (tx) => {
    await mailPasswordReset(tx as Database, mailer, account);
    await recordAudit(tx as Database, actor, { objectType: 'staff', objectId: id, action: 'password_reset_sent' });
  });
}

/** The first owner, or demo staff: an account made outside the console (`npm run staff:create`, demo seeding). */
export async function createStaffAccount(
  db: Database,
  actor: Actor,
  input: { email: string; name: string; language?: string; passwordHash: string | null; isOwner: boolean; teamIds?: number[] },
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(staffAccounts)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        language: input.language ?? 'ja',
        passwordHash: input.passwordHash,
        isOwner: input.isOwner,
        status: input.passwordHash ? 'active' : 'invited',
      })
      .onConflictDoNothing()
      .returning();
    if (!account) throw specError('conflict', { field: 'email', message: `${input.email} already has an account` });
    await setTeams(tx as Database, account.id, input.teamIds ?? []);
    await recordAudit(tx as Database, actor, {
      objectType: 'staff',
      objectId: account.id,
      action: 'created',
      changes: { email: account.email, is_owner: input.isOwner, team_ids: input.teamIds ?? [] },
    });
    return account;
  });
}
