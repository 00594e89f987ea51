/** The membership promotion a signed-in member's order gets, for the orders module to price with. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { membershipPromotions } from './membership.schema.ts';

/** The site's active promotion (the first, if several), read in the caller's transaction; null when none. */
export async function activePromotion(db: Database, siteId: number) {
  const [row] = await db
    .select()
    .from(membershipPromotions)
    .where(and(eq(membershipPromotions.siteId, siteId), eq(membershipPromotions.isActive, true)))
    .orderBy(asc(membershipPromotions.id))
    .limit(1);
  return row ?? null;
}
