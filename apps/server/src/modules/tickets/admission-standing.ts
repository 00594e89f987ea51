/**
 * What other modules may read of whether an order's admissions stand or were cancelled: counts
 * for the orders a page shows and conditions for a search's statement (each names the order's id
 * as the caller's statement has it), answered from the tickets' status.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The order's admissions and its cancelled ones: a lateral subquery of one row (`admissions`, `cancelled`). */
export const admissionCounts = (orderId: SQLWrapper): SQL =>
  sql`(select count(*)::int as admissions, (count(*) filter (where t.status = 'cancelled'))::int as cancelled
       from tickets t where t.order_id = ${orderId})`;

/** The order has a cancelled admission (found through the small index of cancelled ones). */
export const hasCancelledAdmission = (orderId: SQLWrapper): SQL =>
  sql`${orderId} in (select t.order_id from tickets t where t.status = 'cancelled')`;

/** The order has an admission that still stands (valid or used). */
export const hasStandingAdmission = (orderId: SQLWrapper): SQL =>
  sql`exists (select 1 from tickets t where t.order_id = ${orderId} and t.status <> 'cancelled')`;

/** The order has an admission still valid (one a cancellation can still take). */
export const hasValidAdmission = (orderId: SQLWrapper): SQL =>
  sql`exists (select 1 from tickets t where t.order_id = ${orderId} and t.status = 'valid')`;

/** The order's admissions still valid, as a number. */
export const validAdmissionCount = (orderId: SQLWrapper): SQL =>
  sql`(select count(*)::int from tickets t where t.order_id = ${orderId} and t.status = 'valid')`;
