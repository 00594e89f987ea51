/** Reads of staff accounts and their teams that several operations share. */
import { type AnyColumn, and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
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

/**
 * The teams of the staff member `staffId` names, with their venues, as one JSON value: the one
 * definition of a member's grants, read on its own or inside the console's session lookup.
 */
export function teamGrantsJson(staffId: SQL | AnyColumn | number): SQL<TeamGrant[]> {
  return sql<TeamGrant[]>`coalesce((
      select json_agg(json_build_object(
        'allVenues', t.all_venues,
        'rights', t.rights,
        'requiresTwoFactor', t.requires_two_factor,
        'venueIds', coalesce((select json_agg(v.site_id) from ${staffTeamVenues} v where v.team_id = t.id), '[]'::json)))
      from ${staffTeamMembers} m join ${staffTeams} t on t.id = m.team_id
      where m.staff_id = ${staffId}), '[]'::json)`;
}

/** The teams a staff member belongs to, with their venues. */
export async function teamGrantsOf(db: Database, staffId: number): Promise<TeamGrant[]> {
  const [row] = await rows<{ teams: TeamGrant[] }>(db, sql`select ${teamGrantsJson(staffId)} as teams`);
  return row?.teams ?? [];
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
