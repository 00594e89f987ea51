/**
 * Whether any date change names a slot (as where it leaves or where it goes), as a SQL condition
 * for the catalogue's statements: such a slot stays, because the change keeps pointing at it.
 */
import { type SQL, sql } from 'drizzle-orm';

export const hasDateChangesOnSlot = (timeSpanId: SQL): SQL =>
  sql`exists (select 1 from time_changes c where c.from_time_span_id = ${timeSpanId} or c.to_time_span_id = ${timeSpanId})`;
