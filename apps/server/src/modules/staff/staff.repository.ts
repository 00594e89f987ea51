/** Reads of staff accounts and their teams that several operations share. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  staffAccounts,
  staffPasskeys,
  staffRecoveryCodes,
  staffTeamMembers,
  staffTeams,
  staffTeamVenues,
} from './staff.schema.ts';
import type { TeamGrant } from './staff-access.ts';

export type StaffAccount = typeof staffAccounts.$inferSelect;

export async function findStaffById(db: Database, id: number): Promise<StaffAccount | null> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row ?? null;
}

export async function findStaffByEmail(db: Database, email: string): Promise<StaffAccount | null> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email.toLowerCase()));
  return row ?? null;
}

/** The teams a staff member belongs to, with their venues. */
export async function teamGrantsOf(db: Database, staffId: number): Promise<TeamGrant[]> {
  const teams = await db
    .select({
      id: staffTeams.id,
      allVenues: staffTeams.allVenues,
      rights: staffTeams.rights,
      requiresTwoFactor: staffTeams.requiresTwoFactor,
    })
    .from(staffTeamMembers)
    .innerJoin(staffTeams, eq(staffTeams.id, staffTeamMembers.teamId))
    .where(eq(staffTeamMembers.staffId, staffId));
  if (teams.length === 0) return [];
  const venues = await db
    .select()
    .from(staffTeamVenues)
    .where(
      inArray(
        staffTeamVenues.teamId,
        teams.map((t) => t.id),
      ),
    );
  return teams.map((team) => ({
    allVenues: team.allVenues,
    rights: team.rights,
    requiresTwoFactor: team.requiresTwoFactor,
    venueIds: venues.filter((v) => v.teamId === team.id).map((v) => v.siteId),
  }));
}

export type SecondFactors = { hasTotp: boolean; passkeys: number; recoveryCodesLeft: number };

/** A factor that can stand in sign-in (recovery codes only rescue one). */
export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.hasTotp || factors.passkeys > 0;
}

export async function secondFactorsOf(db: Database, account: StaffAccount): Promise<SecondFactors> {
  const [passkeys] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, account.id));
  const [codes] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, account.id), isNull(staffRecoveryCodes.usedAt)));
  return { hasTotp: account.totpSecret !== null, passkeys: passkeys?.count ?? 0, recoveryCodesLeft: codes?.count ?? 0 };
}

/** Every session of the staff member is rotated on its next request (their rights changed). */
export async function bumpRightsVersion(db: Database, staffIds: number[]): Promise<void> {
  if (staffIds.length === 0) return;
  await db
    .update(staffAccounts)
    .set({ rightsVersion: sql`${staffAccounts.rightsVersion} + 1` })
    .where(inArray(staffAccounts.id, staffIds));
}
