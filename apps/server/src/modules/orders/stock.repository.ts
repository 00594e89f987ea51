/**
 * Stock writes. Every change is a single conditional statement on the counter row, so any number
 * of concurrent buyers in any number of processes can never take more than the capacity:
 * `held = held + n where capacity - sold - held >= n`. Holds that have expired are reclaimed by
 * the next writer of the same slot; readers never wait for that (they count live holds only).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/** Gives back the slot's expired, unreleased holds (its own or anyone's); true when there were some. */
async function reclaimExpiredSlotHolds(db: Database, timeSpanId: number): Promise<boolean> {
  const reclaimed = await rows<{ id: number }>(
    db,
    sql`with reclaimed as (
          update stock_holds set released_at = now()
          where time_span_id = ${timeSpanId} and set_product_id is null and released_at is null and expires_at <= now()
          returning quantity
        )
        update product_time_spans set held = held - (select sum(quantity) from reclaimed)
        where id = ${timeSpanId} and exists (select 1 from reclaimed)
        returning id`,
  );
  return reclaimed.length > 0;
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

/**
 * Holds `quantity` places of a product's slot for an order until `expiresAt`; null when they are
 * not there (or the slot is not this product's, not on sale, or over). Expired holds are reclaimed
 * only when the slot looks full, so a rush pays for that only near the end.
 */
export async function holdSlot(
  db: Database,
  hold: { orderId: string; productId: number; timeSpanId: number; quantity: number; expiresAt: Date },
): Promise<HeldSlot | null> {
  const take = () =>
    // One statement takes the places and records the hold, so the slot's row lock is held for as
    // short a time as possible under a rush.
    rows<{ starts_ms: number; ends_ms: number }>(
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
  let [taken] = await take();
  if (!taken && (await reclaimExpiredSlotHolds(db, hold.timeSpanId))) [taken] = await take();
  return taken ? { startsAt: new Date(taken.starts_ms), endsAt: new Date(taken.ends_ms) } : null;
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
