/**
 * Stock writes. Every change is a single conditional statement on the counter row, so any number
 * of concurrent buyers in any number of processes can never take more than the capacity:
 * `held = held + n where capacity - sold - held >= n`. Holds that have expired are reclaimed by
 * the next writer of the same slot; readers never wait for that (they count live holds only).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/** Why a slot gave no places: it is not this product's, it is not on sale (or over), or it is full. */
export type NoPlaces = 'missing' | 'closed' | 'full';

/** A slot as the next writer finds it, after giving back its expired holds. */
export type SlotState = { state: 'missing' | 'closed' } | { state: 'open'; available: number; reclaimed: boolean };

/**
 * Gives back the slot's expired, unreleased holds (its own or anyone's) and says, in the same
 * statement, whether the slot is there and on sale and how many places it has left.
 */
export async function reclaimSlot(db: Database, productId: number, timeSpanId: number): Promise<SlotState> {
  const [row] = await rows<{ reclaimed: number | null; open: boolean | null; available: number | null }>(
    db,
    sql`with reclaimed as (
          update stock_holds set released_at = now()
          where time_span_id = ${timeSpanId} and set_product_id is null and released_at is null and expires_at <= now()
          returning quantity
        ), adjusted as (
          update product_time_spans set held = held - (select sum(quantity) from reclaimed)
          where id = ${timeSpanId} and exists (select 1 from reclaimed)
          returning id
        )
        select (select sum(quantity) from reclaimed)::int as reclaimed, t.is_on_sale and t.ends_at > now() as open,
               t.capacity - t.sold - t.held as available
        from product_time_spans t where t.id = ${timeSpanId} and t.product_id = ${productId}`,
  );
  if (!row) return { state: 'missing' };
  if (!row.open) return { state: 'closed' };
  // The statement's own reading predates its reclaim: add back what it gave back.
  return { state: 'open', available: (row.available ?? 0) + (row.reclaimed ?? 0), reclaimed: (row.reclaimed ?? 0) > 0 };
}

async function reclaimExpiredSetProductHolds(db: Database, timeSpanId: number, setProductId: number): Promise<boolean> {
  const reclaimed = await rows<{ set_product_id: number }>(
    db,
    sql`with reclaimed as (
          update stock_holds set released_at = now()
          where time_span_id = ${timeSpanId} and set_product_id = ${setProductId} and released_at is null and expires_at <= now()
          returning quantity
        )
        update set_product_stocks set held = held - (select sum(quantity) from reclaimed)
        where time_span_id = ${timeSpanId} and set_product_id = ${setProductId} and exists (select 1 from reclaimed)
        returning set_product_id`,
  );
  return reclaimed.length > 0;
}

export type HeldSlot = { startsAt: Date; endsAt: Date };

/** Takes places once, and once more after reclaiming expired holds if the slot looked full. */
async function withReclaim<T>(
  db: Database,
  slot: { productId: number; timeSpanId: number },
  take: () => Promise<T | undefined>,
): Promise<T | NoPlaces> {
  const taken = await take();
  if (taken) return taken;
  const found = await reclaimSlot(db, slot.productId, slot.timeSpanId);
  if (found.state !== 'open') return found.state;
  if (!found.reclaimed) return 'full';
  return (await take()) ?? 'full';
}

const spanOf = (row: { starts_ms: number; ends_ms: number }): HeldSlot => ({
  startsAt: new Date(row.starts_ms),
  endsAt: new Date(row.ends_ms),
});

/**
 * Holds `quantity` places of a product's slot for an order until `expiresAt`, or says why not.
 * Expired holds are reclaimed only when the slot looks full, so a rush pays for that only near
 * the end.
 */
export async function holdSlot(
  db: Database,
  hold: { orderId: string; productId: number; timeSpanId: number; quantity: number; expiresAt: Date },
): Promise<HeldSlot | NoPlaces> {
  // One statement takes the places and records the hold, so the slot's row lock is held for as
  // short a time as possible under a rush.
  const take = async () => {
    const [taken] = await rows<{ starts_ms: number; ends_ms: number }>(
      db,
      sql`with taken as (
            update product_time_spans set held = held + ${hold.quantity}
            where id = ${hold.timeSpanId} and product_id = ${hold.productId} and is_on_sale and ends_at > now()
              and capacity - sold - held >= ${hold.quantity}
            returning id, starts_at, ends_at
          ), recorded as (
            insert into stock_holds (order_id, time_span_id, quantity, expires_at)
            select ${hold.orderId}, taken.id, ${hold.quantity}, ${hold.expiresAt.toISOString()} from taken
            returning id
          )
          select (extract(epoch from taken.starts_at) * 1000)::float8 as starts_ms,
                 (extract(epoch from taken.ends_at) * 1000)::float8 as ends_ms
          from taken, recorded`,
    );
    return taken && spanOf(taken);
  };
  return withReclaim(db, hold, take);
}

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
};

export type PlacedOrder = { id: string; expiresAt: Date; createdAt: Date; span: HeldSlot };

/**
 * Writes new orders for one slot and holds all their places in one statement, or writes nothing
 * when the slot has not places for all of them (null). The orders exist only if their places were
 * taken; a batch of buyers costs one round trip with the slot's row locked for that statement
 * alone. Every order of a batch has the same site, product, slot and hold time.
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
        ), taken as (
          update product_time_spans set held = held + ${total}
          where id = ${first.timeSpanId} and product_id = ${first.productId} and is_on_sale and ends_at > now()
            and capacity - sold - held >= ${total}
          returning id, starts_at, ends_at
        ), placed as (
          insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity,
                              option_values, set_products, subtotal, total, expires_at)
          select ${first.siteId}, b.token_hash, 'pending', b.channel, b.lang, ${first.productId}, taken.id, b.quantity,
                 b.option_values, b.set_products, b.subtotal, b.total, now() + make_interval(mins => ${first.holdMinutes})
          from batch b, taken
          returning id, token_hash, quantity, expires_at, created_at
        ), recorded as (
          insert into stock_holds (order_id, time_span_id, quantity, expires_at)
          select placed.id, taken.id, placed.quantity, placed.expires_at from placed, taken
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

/** Holds set products sold with a slot; false when the slot's allowance is used up. */
export async function holdSetProduct(
  db: Database,
  hold: { orderId: string; timeSpanId: number; setProductId: number; quantity: number; expiresAt: Date },
): Promise<boolean> {
  const take = () =>
    rows<{ set_product_id: number }>(
      db,
      sql`insert into set_product_stocks (set_product_id, time_span_id, sold, held)
        select id, ${hold.timeSpanId}, 0, ${hold.quantity} from set_products
        where id = ${hold.setProductId} and capacity_per_slot >= ${hold.quantity}
        on conflict (set_product_id, time_span_id) do update set held = set_product_stocks.held + excluded.held
        where set_product_stocks.sold + set_product_stocks.held + excluded.held
              <= (select capacity_per_slot from set_products where id = ${hold.setProductId})
        returning set_product_id`,
    );
  let taken = await take();
  if (taken.length === 0 && (await reclaimExpiredSetProductHolds(db, hold.timeSpanId, hold.setProductId))) taken = await take();
  if (taken.length === 0) return false;
  await db.execute(sql`
    insert into stock_holds (order_id, time_span_id, set_product_id, quantity, expires_at)
    values (${hold.orderId}, ${hold.timeSpanId}, ${hold.setProductId}, ${hold.quantity}, ${hold.expiresAt.toISOString()})`);
  return true;
}

type ReleasedHold = { time_span_id: number; set_product_id: number | null; quantity: number };

async function adjustCounters(db: Database, released: ReleasedHold[], soldDelta: 0 | 1): Promise<void> {
  for (const hold of released) {
    const q = hold.quantity;
    if (hold.set_product_id === null) {
      await db.execute(
        sql`update product_time_spans set held = held - ${q}, sold = sold + ${q * soldDelta} where id = ${hold.time_span_id}`,
      );
    } else {
      await db.execute(sql`
        update set_product_stocks set held = held - ${q}, sold = sold + ${q * soldDelta}
        where set_product_id = ${hold.set_product_id} and time_span_id = ${hold.time_span_id}`);
    }
  }
}

/** Gives back every unreleased hold of an order (cancelled or changed), expired or not. */
export async function releaseOrderHolds(db: Database, orderId: string): Promise<void> {
  const released = await rows<ReleasedHold>(
    db,
    sql`update stock_holds set released_at = now() where order_id = ${orderId} and released_at is null
        returning time_span_id, set_product_id, quantity`,
  );
  await adjustCounters(db, released, 0);
}

/**
 * Turns an order's live holds into sold stock. Returns false, changing nothing, when any of them
 * has expired (its places may already be someone else's): the caller rolls back.
 */
export async function sellOrderHolds(db: Database, orderId: string): Promise<boolean> {
  const [counts] = await rows<{ live: number; total: number }>(
    db,
    sql`select count(*) filter (where expires_at > now())::int as live, count(*)::int as total
        from stock_holds where order_id = ${orderId} and released_at is null`,
  );
  if (!counts || counts.total === 0 || counts.live !== counts.total) return false;
  const sold = await rows<ReleasedHold>(
    db,
    sql`update stock_holds set released_at = now()
        where order_id = ${orderId} and released_at is null and expires_at > now()
        returning time_span_id, set_product_id, quantity`,
  );
  if (sold.length !== counts.total) return false;
  await adjustCounters(db, sold, 1);
  return true;
}

/**
 * Sells an order's places again after its holds lapsed (a late payment): gives back whatever of
 * its holds is still counted, then sells under the same condition as a new hold. False, having
 * changed nothing the caller's transaction keeps, when the places are gone: the caller rolls back.
 */
export async function sellAfterExpiry(
  db: Database,
  order: { id: string; timeSpanId: number; quantity: number; setProducts: { set_product_id: number; quantity: number }[] },
): Promise<boolean> {
  await releaseOrderHolds(db, order.id);
  const sold = await rows<{ id: number }>(
    db,
    sql`update product_time_spans set sold = sold + ${order.quantity}
        where id = ${order.timeSpanId} and ends_at > now() and capacity - sold - held >= ${order.quantity}
        returning id`,
  );
  if (sold.length === 0) return false;
  for (const setProduct of order.setProducts.filter((s) => s.quantity > 0)) {
    const soldSet = await rows<{ set_product_id: number }>(
      db,
      sql`insert into set_product_stocks (set_product_id, time_span_id, sold, held)
          select id, ${order.timeSpanId}, ${setProduct.quantity}, 0 from set_products
          where id = ${setProduct.set_product_id} and capacity_per_slot >= ${setProduct.quantity}
          on conflict (set_product_id, time_span_id) do update set sold = set_product_stocks.sold + excluded.sold
          where set_product_stocks.sold + set_product_stocks.held + excluded.sold
                <= (select capacity_per_slot from set_products where id = ${setProduct.set_product_id})
          returning set_product_id`,
    );
    if (soldSet.length === 0) return false;
  }
  return true;
}

/**
 * Gives back places that were sold (a completed order moved to another slot by a date change):
 * the slot's and its set products' `sold` go down, never below zero. False when the counters do
 * not hold what is being given back: the caller rolls back.
 */
export async function unsellPlaces(
  db: Database,
  sale: { timeSpanId: number; quantity: number; setProducts: { set_product_id: number; quantity: number }[] },
): Promise<boolean> {
  const slot = await rows<{ id: number }>(
    db,
    sql`update product_time_spans set sold = sold - ${sale.quantity}
        where id = ${sale.timeSpanId} and sold >= ${sale.quantity} returning id`,
  );
  if (slot.length === 0) return false;
  for (const setProduct of sale.setProducts.filter((s) => s.quantity > 0)) {
    const given = await rows<{ set_product_id: number }>(
      db,
      sql`update set_product_stocks set sold = sold - ${setProduct.quantity}
          where set_product_id = ${setProduct.set_product_id} and time_span_id = ${sale.timeSpanId} and sold >= ${setProduct.quantity}
          returning set_product_id`,
    );
    if (given.length === 0) return false;
  }
  return true;
}
