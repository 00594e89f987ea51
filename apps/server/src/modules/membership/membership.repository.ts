import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { members, membershipPromotions } from './membership.schema.ts';

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

export async function activePromotion(db: Database, siteId: number) {
  const [row] = await db
    .select()
    .from(membershipPromotions)
    .where(and(eq(membershipPromotions.siteId, siteId), eq(membershipPromotions.isActive, true)))
    .orderBy(asc(membershipPromotions.id))
    .limit(1);
  return row ?? null;
}
