/**
 * Giving back and selling places: holds released when an order is cancelled or changed, turned
 * into sold stock when it completes (or sold again after they lapsed), and sold places given back
 * by a date change. Each is a conditional statement on the counter rows, in the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

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
