/**
 * Codes that stopped admitting (decision 021). Whatever voids an admission's earlier codes — a
 * share or claim, a date change, a cancellation — records here, in its own transaction, which
 * generation the admission is now at and which slot the void codes named; a gate device takes the
 * rows of its day's slots offline and refuses those codes without asking.
 */
import { asc, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listOrdersByIds } from '../orders/completed-orders.ts';
import { ticketRevocations } from './tickets.schema.ts';

export type RevocationReason = (typeof ticketRevocations.$inferInsert)['reason'];
export type Revocation = typeof ticketRevocations.$inferSelect;

/**
 * Records that these admissions' codes below their new generation are void. The slot is the
 * order's, or for a date change the one it left (`moved.from`).
 */
export async function recordRevocations(
  tx: Database,
  revoked: { id: string; generation: number }[],
  orderId: string,
  reason: RevocationReason,
  moved?: { from: number; to: number },
): Promise<void> {
  if (revoked.length === 0) return;
  const timeSpanId = moved?.from ?? (await listOrdersByIds(tx, [orderId]))[0]?.timeSpanId;
  if (timeSpanId === undefined) throw new Error(`order ${orderId} has no slot`);
  await tx.insert(ticketRevocations).values(
    revoked.map((r) => ({
      ticketId: r.id,
      generation: r.generation,
      timeSpanId,
      reason,
      movedToTimeSpanId: moved?.to ?? null,
    })),
  );
}

/** Every revocation of codes that named these slots, the latest per admission last. */
export async function revocationsOfSlots(db: Database, timeSpanIds: number[]): Promise<Revocation[]> {
  if (timeSpanIds.length === 0) return [];
  return db
    .select()
    .from(ticketRevocations)
    .where(inArray(ticketRevocations.timeSpanId, timeSpanIds))
    .orderBy(ticketRevocations.id);
}

/** The latest revocation of each of these admissions (why a code of theirs no longer admits). */
export async function latestRevocations(db: Database, ticketIds: string[]): Promise<Map<string, Revocation>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ticketRevocations)
    .where(inArray(ticketRevocations.ticketId, ticketIds))
    .orderBy(ticketRevocations.id);
  return new Map(rows.map((r) => [r.ticketId, r]));
}

/**
 * The change feed of admissions: revocations after `afterId`, oldest first, at most `limit`. A
 * module that keeps a copy of an admission elsewhere (a wallet pass) follows it with a cursor of its
 * own; an id is given once and in commit order only roughly, so a follower re-reads a short
 * overlap or accepts that a change is seen on its next round.
 */
export async function revocationsAfter(db: Database, afterId: number, limit = 500): Promise<Revocation[]> {
  return db
    .select()
    .from(ticketRevocations)
    .where(gt(ticketRevocations.id, afterId))
    .orderBy(asc(ticketRevocations.id))
    .limit(limit);
}
