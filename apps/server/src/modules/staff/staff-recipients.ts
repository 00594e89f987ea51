/**
 * What another module may know of staff it mails on their own behalf (the summary mails): each
 * active member's address, name, language and rights as of now, read in one statement.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { teamGrantsJson } from './staff.repository.ts';
import { staffAccounts } from './staff.schema.ts';
import { accessOf, type StaffAccess } from './staff-access.ts';

export type StaffRecipient = { id: number; email: string; name: string; language: string; access: StaffAccess };

/** The active members among `ids`, by id; one deactivated or gone is left out. */
export async function staffRecipients(db: Database, ids: readonly number[]): Promise<Map<number, StaffRecipient>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      language: staffAccounts.language,
      isOwner: staffAccounts.isOwner,
      teams: teamGrantsJson(staffAccounts.id),
    })
    .from(staffAccounts)
    .where(and(inArray(staffAccounts.id, [...ids]), eq(staffAccounts.status, 'active')));
  return new Map(
    found.map((row) => [
      row.id,
      { id: row.id, email: row.email, name: row.name, language: row.language, access: accessOf(row.isOwner, row.teams) },
    ]),
  );
}
