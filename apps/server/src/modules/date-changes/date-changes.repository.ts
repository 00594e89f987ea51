/** Date changes (schema: time_changes); their holds are stock_holds rows keyed by the change's id. */

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import { siteIdOfOrder } from '../orders/completed-orders.ts';
import { dateChanges } from './date-changes.schema.ts';

export type DateChangeRow = typeof dateChanges.$inferSelect;
export type DateChangeStatus = DateChangeRow['status'];

/**
 * A site's change by its token hash, with whether its hold has lapsed (by the database clock).
 * The lock, when asked, is on the change's row alone, as before; the order's site is then read
 * without a lock, so no lock is taken on the order here and the order → change lock order of
 * creating and completing a change is kept.
 */
export async function findByToken(
  db: Database,
  siteId: number,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<(DateChangeRow & { isLapsed: boolean }) | null> {
  const query = db
    .select({ change: dateChanges, isLapsed: sql<boolean>`${dateChanges.expiresAt} <= app_now()` })
    .from(dateChanges)
    .where(eq(dateChanges.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || (await siteIdOfOrder(db, row.change.orderId)) !== siteId) return null;
  return { ...row.change, isLapsed: row.isLapsed };
}

export async function findById(db: Database, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ change: dateChanges, isLapsed: sql<boolean>`${dateChanges.expiresAt} <= app_now()` })
    .from(dateChanges)
    .where(eq(dateChanges.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? { ...row.change, isLapsed: row.isLapsed } : null;
}

/** The order's changes still under way (pending with a live hold, or waiting for a payment). */
export async function openChanges(db: Database, orderId: string): Promise<DateChangeRow[]> {
  return db
    .select()
    .from(dateChanges)
    .where(
      and(
        eq(dateChanges.orderId, orderId),
        sql`(${dateChanges.status} = 'waiting' or (${dateChanges.status} = 'pending' and ${dateChanges.expiresAt} > app_now()))`,
      ),
    );
}

/** Marks the order's pending changes whose hold lapsed as expired; returns their ids (their holds go back). */
export async function expireLapsed(db: Database, orderId: string): Promise<string[]> {
  const expired = await rows<{ id: string }>(
    db,
    sql`update time_changes set status = 'expired'
        where order_id = ${orderId} and status = 'pending' and expires_at <= app_now() returning id::text as id`,
  );
  return expired.map((r) => r.id);
}

/** The moment a hold taken now for `minutes` ends, by the database clock. */
export async function holdUntil(db: Database, minutes: number): Promise<Date> {
  const [row] = await rows<{ ms: number }>(
    db,
    sql`select (extract(epoch from app_now() + make_interval(mins => ${minutes})) * 1000)::float8 as ms`,
  );
  return new Date(row?.ms ?? clock.nowMs() + minutes * 60_000);
}

export async function insert(db: Database, values: typeof dateChanges.$inferInsert): Promise<DateChangeRow> {
  const [row] = await db.insert(dateChanges).values(values).returning();
  if (!row) throw new Error('the time change was not written');
  return row;
}

/** Moves a change on only from the statuses given; null when it had already moved. */
export async function transition(
  db: Database,
  id: string,
  from: DateChangeStatus[],
  values: Partial<typeof dateChanges.$inferInsert> & { status?: DateChangeStatus },
): Promise<DateChangeRow | null> {
  const [row] = await db
    .update(dateChanges)
    .set(values)
    .where(
      and(
        eq(dateChanges.id, id),
        sql`${dateChanges.status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** A site's date-change rules as they stand now (the site cache may be seconds old; money follows the rules of the moment). */

/** Completed changes whose refund was never asked (the process stopped right after the commit). */
export function listOwedRefunds(db: Database, olderThanSeconds: number) {
  return db
    .select()
    .from(dateChanges)
    .where(
      sql`${dateChanges.status} = 'completed' and ${dateChanges.toRefund} > 0 and ${dateChanges.refundStatus} is null
          and ${dateChanges.completedAt} < app_now() - make_interval(secs => ${olderThanSeconds})`,
    )
    .limit(50);
}

/** An order's completed changes, oldest first. */
export function listCompleted(db: Database, orderId: string): Promise<DateChangeRow[]> {
  return db
    .select()
    .from(dateChanges)
    .where(and(eq(dateChanges.orderId, orderId), eq(dateChanges.status, 'completed')))
    .orderBy(asc(dateChanges.completedAt));
}
