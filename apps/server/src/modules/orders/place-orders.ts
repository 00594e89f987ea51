/**
 * New orders written together with their places: the order exists only if its places were taken
 * (docs/decisions/005). The statement is the orders' insert around the stock module's conditional
 * update and hold record, so a rush costs one round trip per batch with the slot's row locked for
 * that statement alone.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { type HeldSlot, type NoPlaces, recordSlotHolds, spanOf, takeSlotPlaces, withReclaim } from '../stock/hold-places.ts';

/** A new order as it is written when its places are taken. */
export type NewOrder = {
  siteId: number;
  tokenHash: string;
  channel: string;
  lang: string;
  productId: number;
  timeSpanId: number;
  quantity: number;
  optionValues: unknown[];
  setProducts: unknown[];
  subtotal: number;
  total: number;
  /** Minutes the places are held, counted by the database's clock. */
  holdMinutes: number;
  /** An offer to the slot's waiting list: it takes the places the list is owed (`waiting-demand.ts`). */
  forWaitingList?: boolean;
};

export type PlacedOrder = { id: string; expiresAt: Date; createdAt: Date; span: HeldSlot };

/**
 * Writes new orders for one slot and holds all their places in one statement, or writes nothing
 * when the slot has not places for all of them (null). The orders exist only if their places were
 * taken; a batch of buyers costs one round trip with the slot's row locked for that statement
 * alone. Every order of a batch has the same site, product, slot and hold time, and is (or is not)
 * an offer to the slot's waiting list.
 */
export async function placeOrders(db: Database, batch: NewOrder[]): Promise<Map<string, PlacedOrder> | null> {
  const [first] = batch;
  if (!first) return new Map();
  const total = batch.reduce((sum, order) => sum + order.quantity, 0);
  const records = batch.map((order) => ({
    token_hash: order.tokenHash,
    channel: order.channel,
    lang: order.lang,
    quantity: order.quantity,
    option_values: order.optionValues,
    set_products: order.setProducts,
    subtotal: order.subtotal,
    total: order.total,
  }));
  const placed = await rows<{
    token_hash: string;
    id: string;
    expires_ms: number;
    created_ms: number;
    starts_ms: number;
    ends_ms: number;
  }>(
    db,
    sql`with batch as (
          select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as b(
            token_hash text, channel text, lang text, quantity int, option_values jsonb, set_products jsonb,
            subtotal int, total int)
        ), taken as (${takeSlotPlaces(first, total, { forWaitingList: first.forWaitingList === true })}), placed as (
          insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity,
                              option_values, set_products, subtotal, total, expires_at)
          select ${first.siteId}, b.token_hash, 'pending', b.channel, b.lang, ${first.productId}, taken.id, b.quantity,
                 b.option_values, b.set_products, b.subtotal, b.total, app_now() + make_interval(mins => ${first.holdMinutes})
          from batch b, taken
          returning id, token_hash, quantity, expires_at, created_at
        ), recorded as (
          ${recordSlotHolds(sql`select placed.id, taken.id, placed.quantity, placed.expires_at from placed, taken`)}
        )
        select placed.token_hash, placed.id::text as id,
               (extract(epoch from placed.expires_at) * 1000)::float8 as expires_ms,
               (extract(epoch from placed.created_at) * 1000)::float8 as created_ms,
               (extract(epoch from taken.starts_at) * 1000)::float8 as starts_ms,
               (extract(epoch from taken.ends_at) * 1000)::float8 as ends_ms
        from placed, taken`,
  );
  if (placed.length === 0) return null;
  return new Map(
    placed.map((row) => [
      row.token_hash,
      { id: row.id, expiresAt: new Date(row.expires_ms), createdAt: new Date(row.created_ms), span: spanOf(row) },
    ]),
  );
}

/** One new order with its places, or why there are none (expired holds reclaimed first). */
export function placeOrder(db: Database, order: NewOrder): Promise<PlacedOrder | NoPlaces> {
  return withReclaim(db, order, async () => (await placeOrders(db, [order]))?.get(order.tokenHash));
}
