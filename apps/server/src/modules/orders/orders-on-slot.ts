/**
 * Whether any order names a slot, as a SQL condition for the catalogue's statements: a slot an
 * order names (even a cancelled one) stays, because the order keeps pointing at it.
 */
import { type SQL, sql } from 'drizzle-orm';

export const hasOrdersOnSlot = (timeSpanId: SQL): SQL =>
  sql`exists (select 1 from orders o where o.time_span_id = ${timeSpanId})`;
