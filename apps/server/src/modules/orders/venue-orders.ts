/**
 * What other modules may know of a venue's orders as a whole, taking the database or the
 * caller's transaction first.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from './orders.schema.ts';

/**
 * Whether the venue has any order at all, temporary, abandoned and cancelled ones included: each
 * holds prices in the venue's currency, so the currency is fixed from the first one on.
 */
export async function venueHasOrders(db: Database, siteId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.siteId, siteId)).limit(1);
  return row !== undefined;
}

/** A select of the ids of a venue's orders, for another module's statement (a date change names its order). */
export const ordersOfVenue = (siteId: number): SQL => sql`select o.id from orders o where o.site_id = ${siteId}`;
