/**
 * The places held for an order, for its history in the console: the holds taken in the order's
 * own name and in the name of its date changes (a change holds its new slot under its own id).
 * Read only; takes the database or the caller's transaction first. Holds taken before their time
 * was recorded (null `created_at`) are left out: there is no moment to show them at.
 */
import { and, asc, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stockHolds } from './stock.schema.ts';

export type OrderHold = {
  id: string;
  /** The order's id, or the id of the date change the places were held for. */
  ownerId: string;
  timeSpanId: number;
  /** Null for places of the slot itself; else the set product sold with it. */
  setProductId: number | null;
  quantity: number;
  expiresAt: Date;
  createdAt: Date;
  /** When the hold ended: its places given back, or sold with the order or change that held them. */
  releasedAt: Date | null;
};

/** The holds of these owners (an order and its date changes), oldest first. */
export async function listOwnerHolds(db: Database, ownerIds: readonly string[]): Promise<OrderHold[]> {
  if (ownerIds.length === 0) return [];
  const found = await db
    .select({
      id: stockHolds.id,
      ownerId: stockHolds.orderId,
      timeSpanId: stockHolds.timeSpanId,
      setProductId: stockHolds.setProductId,
      quantity: stockHolds.quantity,
      expiresAt: stockHolds.expiresAt,
      createdAt: stockHolds.createdAt,
      releasedAt: stockHolds.releasedAt,
    })
    .from(stockHolds)
    .where(and(inArray(stockHolds.orderId, [...ownerIds]), isNotNull(stockHolds.createdAt)))
    .orderBy(asc(stockHolds.createdAt), asc(stockHolds.id));
  return found.flatMap((hold) =>
    hold.ownerId !== null && hold.createdAt !== null ? [{ ...hold, ownerId: hold.ownerId, createdAt: hold.createdAt }] : [],
  );
}
