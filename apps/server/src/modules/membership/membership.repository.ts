import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { members } from './membership.schema.ts';

export type MemberRow = typeof members.$inferSelect;

export async function findMemberByEmail(db: Database, siteId: number, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), sql`lower(${members.email}) = lower(${email})`));
  return row ?? null;
}

export async function findMember(db: Database, siteId: number, id: number): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, id)));
  return row ?? null;
}
