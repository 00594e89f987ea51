/**
 * Staff management (organisation right `staff:manage`): invite, edit, deactivate, reactivate, send
 * links. A manager who is not an owner reaches only accounts and teams that hold no more than they
 * do, and never their own teams (staff-reach.ts).
 */
import type { InviteStaffBody, StaffMember, Team } from '@storefront/domain/console/staff';
import type { LanguageCode } from '@storefront/domain/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { bumpRightsVersion, findStaffById, type StaffAccount, teamGrantsOf } from './staff.repository.ts';
import { staffAccounts, staffPasskeys, staffTeamMembers } from './staff.schema.ts';
import { accessOf } from './staff-access.ts';
import { mailInvitation, mailPasswordReset, type StaffMailer, voidLinks } from './staff-links.ts';
import { auditingRefusals, describeLacks, lacksForGrant, lacksOver, type Manager, Refusal } from './staff-reach.ts';
import { revokeAllSessions } from './staff-sessions.ts';
import { listTeams } from './teams.ts';

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

async function requireTeams(db: Database, teamIds: number[]): Promise<Team[]> {
  const unique = [...new Set(teamIds)];
  const found = (await listTeams(db)).filter((team) => unique.includes(team.id));
  const missing = unique.filter((id) => !found.some((team) => team.id === id));
  if (missing.length > 0) {
    throw specError('invalid request', {
      field: 'team_ids',
      message: `team_ids names teams that do not exist: ${missing.join(', ')}`,
    });
  }
  return found;
}

async function setTeams(tx: Database, staffId: number, teamIds: number[]): Promise<void> {
  await tx.delete(staffTeamMembers).where(eq(staffTeamMembers.staffId, staffId));
  const unique = [...new Set(teamIds)];
  if (unique.length > 0) await tx.insert(staffTeamMembers).values(unique.map((teamId) => ({ teamId, staffId })));
}

type Attempt = { objectId: number | null; attempted: string; requested?: object };

/**
 * Membership of these teams is the manager's to give or take: each holds only rights the manager
 * holds, where they hold them, and the manager is a member of none (staff-reach.ts).
 */
function mayGiveMembership(by: Manager, teams: Team[], attempt: Attempt) {
  if (by.access.isOwner) return;
  const what = { objectType: 'staff' as const, objectId: attempt.objectId, attempted: attempt.attempted };
  const requested = attempt.requested ? { requested: attempt.requested } : {};
  for (const team of teams) {
    if (by.actor.id !== null && team.member_ids.includes(by.actor.id)) {
      throw new Refusal(
        what,
        `you are a member of team ${team.id} ("${team.name}"): another staff manager or an owner must change its members`,
        { team_id: team.id, ...requested },
      );
    }
    const lacks = lacksForGrant(by.access, team);
    if (lacks.length > 0) {
      throw new Refusal(
        what,
        `team ${team.id} ("${team.name}") holds rights you do not hold (${describeLacks(lacks)}): you can give membership only of teams whose rights you hold`,
        { team_id: team.id, lacking: lacks, ...requested },
      );
    }
  }
}

/** The account is the manager's to change: it holds no more than they do, and an owner only an owner changes. */
async function mayChange(db: Database, by: Manager, target: StaffAccount, what: string, attempt: Attempt) {
  if (by.access.isOwner) return;
  const refused = { objectType: 'staff' as const, objectId: attempt.objectId, attempted: attempt.attempted };
  const requested = attempt.requested ? { requested: attempt.requested } : {};
  if (target.isOwner) throw new Refusal(refused, `only an owner may ${what} an owner`, requested);
  const lacks = lacksOver(by.access, accessOf(false, await teamGrantsOf(db, target.id)));
  if (lacks.length > 0) {
    throw new Refusal(
      refused,
      `${target.email} holds rights you do not hold (${describeLacks(lacks)}): only someone who holds them may ${what} them`,
      { lacking: lacks, ...requested },
    );
  }
}

export async function inviteStaff(db: Database, by: Manager, mailer: StaffMailer, input: InviteStaffBody): Promise<StaffMember> {
  const teams = await requireTeams(db, input.team_ids);
  const requested = { email: input.email, name: input.name, language: input.language, team_ids: input.team_ids };
  const id = await auditingRefusals(db, by.actor, async () => {
    mayGiveMembership(by, teams, { objectId: null, attempted: 'invited', requested });
    return db.transaction(async (tx) => {
      const [account] = await tx
        .insert(staffAccounts)
        .values({ email: input.email, name: input.name, language: input.language, status: 'invited' })
        .onConflictDoNothing()
        .returning();
      if (!account) throw specError('conflict', { field: 'email', message: `${input.email} already has an account` });
      await setTeams(tx as Database, account.id, input.team_ids);
      await mailInvitation(tx as Database, mailer, account, by.actor.label);
      await recordAudit(tx as Database, by.actor, {
        objectType: 'staff',
        objectId: account.id,
        action: 'invited',
        changes: requested,
      });
      return account.id;
    });
  });
  return memberOf(db, id);
}

async function target(db: Database, id: number, options: { lock?: boolean } = {}): Promise<StaffAccount> {
  const query = db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  // Locked, a membership changed at the same moment (which raises the rights version) waits for this change.
  const [account] = options.lock ? await query.for('no key update') : await query;
  if (!account) throw specError('not found', { message: `there is no staff member ${id}` });
  return account;
}

export async function updateStaff(
  db: Database,
  by: Manager,
  id: number,
  input: { name?: string | undefined; team_ids?: number[] | undefined },
): Promise<StaffMember> {
  const attempt = { objectId: id, attempted: 'updated', requested: input };
  await auditingRefusals(db, by.actor, () =>
    db.transaction(async (tx) => {
      const account = await target(tx as Database, id, { lock: true });
      const teams = input.team_ids ? await requireTeams(tx as Database, input.team_ids) : null;
      await mayChange(tx as Database, by, account, 'change', attempt);
      const changes: Record<string, unknown> = {};
      const before = (await tx.select().from(staffTeamMembers).where(eq(staffTeamMembers.staffId, id))).map((m) => m.teamId);
      const after = teams ? [...new Set(input.team_ids)] : before;
      const joined = after.filter((teamId) => !before.includes(teamId));
      const left = before.filter((teamId) => !after.includes(teamId));
      if (joined.length + left.length > 0 && !by.access.isOwner) {
        if (by.actor.id === id) {
          throw new Refusal(
            { objectType: 'staff', ...attempt },
            'you cannot change your own teams: another staff manager or an owner must',
            { requested: input },
          );
        }
        const touched = (await listTeams(tx as Database)).filter((team) => joined.includes(team.id) || left.includes(team.id));
        mayGiveMembership(by, touched, attempt);
      }
      if (input.name !== undefined && input.name !== account.name) {
        await tx.update(staffAccounts).set({ name: input.name }).where(eq(staffAccounts.id, id));
        changes.name = { from: account.name, to: input.name };
      }
      if (joined.length + left.length > 0) {
        await setTeams(tx as Database, id, after);
        await bumpRightsVersion(tx as Database, [id]);
        changes.team_ids = { from: before, to: after };
      }
      // An edit that changes nothing is no change: no row, and no session gets a new secret.
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx as Database, by.actor, { objectType: 'staff', objectId: id, action: 'updated', changes });
      }
    }),
  );
  return memberOf(db, id);
}

export async function setStaffActive(db: Database, by: Manager, id: number, active: boolean): Promise<StaffMember> {
  const attempted = active ? 'reactivated' : 'deactivated';
  await auditingRefusals(db, by.actor, async () => {
    const account = await target(db, id);
    await mayChange(db, by, account, active ? 'reactivate' : 'deactivate', { objectId: id, attempted });
    if (by.actor.id === id) {
      throw new Refusal({ objectType: 'staff', objectId: id, attempted }, 'you cannot deactivate or reactivate yourself');
    }
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
      await recordAudit(tx as Database, by.actor, {
        objectType: 'staff',
        objectId: id,
        action: attempted,
        changes: { status: { from: account.status, to: status } },
      });
    });
  });
  return memberOf(db, id);
}

/** Sending the invitation again invites into the account's teams: only a manager who could have invited them may. */
export async function resendInvitation(db: Database, by: Manager, mailer: StaffMailer, id: number): Promise<void> {
  await auditingRefusals(db, by.actor, async () => {
    const account = await target(db, id);
    await mayChange(db, by, account, 'invite', { objectId: id, attempted: 'invitation_resent' });
    if (account.status !== 'invited') throw specError('conflict', { message: 'this staff member has already accepted' });
    await db.transaction(async (tx) => {
      await mailInvitation(tx as Database, mailer, account, by.actor.label);
      await recordAudit(tx as Database, by.actor, { objectType: 'staff', objectId: id, action: 'invitation_resent' });
    });
  });
}

export async function sendPasswordReset(db: Database, by: Manager, mailer: StaffMailer, id: number): Promise<void> {
  await auditingRefusals(db, by.actor, async () => {
    const account = await target(db, id);
    await mayChange(db, by, account, 'reset the password of', { objectId: id, attempted: 'password_reset_sent' });
    if (account.status !== 'active') throw specError('conflict', { message: 'only an active account can reset its password' });
    await db.transaction(async (tx) => {
      await mailPasswordReset(tx as Database, mailer, account);
      await recordAudit(tx as Database, by.actor, { objectType: 'staff', objectId: id, action: 'password_reset_sent' });
    });
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
