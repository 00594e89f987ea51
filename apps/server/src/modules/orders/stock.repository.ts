/**
 * Stock writes. Every change is a single conditional statement on the counter row, so any number
 * of concurrent buyers in any number of processes can never take more than the capacity:
 * `held = held + n where capacity - sold - held >= n`. Holds that have expired are reclaimed by
 * the next writer of the same slot; readers never wait for that (they count live holds only).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/** Gives back the slot's expired, unreleased holds (its own or anyone's). */
async function reclaimExpiredSlotHolds(db: Database, timeSpanId: number): Promise<void> {
  await db.execute(sql`
    with reclaimed as (
      update stock_holds set released_at = now()
      where time_span_id = ${timeSpanId} and set_product_id is null and released_at is null and expires_at <= now()
      returning quantity
    )
    update product_time_spans set held = held - (select sum(quantity) from reclaimed)
    where id = ${timeSpanId} and exists (select 1 from reclaimed)`);
}

async function reclaimExpiredSetProductHolds(db: Database, timeSpanId: number, setProductId: number): Promise<void> {
  await db.execute(sql`
    with reclaimed as (
      update stock_holds set released_at = now()
      where time_span_id = ${timeSpanId} and set_product_id = ${setProductId} and released_at is null and expires_at <= now()
      returning quantity
    )
    update set_product_stocks set held = held - (select sum(quantity) from reclaimed)
    where time_span_id = ${timeSpanId} and set_product_id = ${setProductId} and exists (select 1 from reclaimed)`);
}

/** Holds `quantity` places of a slot for an order until `expiresAt`; false when they are not there. */
export async function holdSlot(
  db: Database,
  hold: { orderId: string; timeSpanId: number; quantity: number; expiresAt: Date },
): Promise<boolean> {
  await reclaimExpiredSlotHolds(db, hold.timeSpanId);
  // One statement takes the places and records the hold, so the slot's row lock is held for as
  // short a time as possible under a rush.
  const taken = await rows<{ id: string }>(
    db,
    sql`with taken as (
          update product_time_spans set held = held + ${hold.quantity}
          where id = ${hold.timeSpanId} and is_on_sale and capacity - sold - held >= ${hold.quantity}
          returning id
        )
        insert into stock_holds (order_id, time_span_id, quantity, expires_at)
        select ${hold.orderId}, taken.id, ${hold.quantity}, ${hold.expiresAt.toISOString()} from taken
        returning id`,
  );
  return taken.length > 0;
}

/** Holds set products sold with a slot; false when the slot's allowance is used up. */
export async function holdSetProduct(
  db: Database,
  hold: { orderId: string; timeSpanId: number; setProductId: number; quantity: number; expiresAt: Date },
): Promise<boolean> {
  await reclaimExpiredSetProductHolds(db, hold.timeSpanId, hold.setProductId);
  const taken = await rows<{ set_product_id: number }>(
    db,
    sql`insert into set_product_stocks (set_product_id, time_span_id, sold, held)
        select id, ${hold.timeSpanId}, 0, ${hold.quantity} from set_products
        where id = ${hold.setProductId} and capacity_per_slot >= ${hold.quantity}
        on conflict (set_product_id, time_span_id) do update set held = set_product_stocks.held + excluded.held
        where set_product_stocks.sold + set_product_stocks.held + excluded.held
              <= (select capacity_per_slot from set_products where id = ${hold.setProductId})
        returning set_product_id`,
  );
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
