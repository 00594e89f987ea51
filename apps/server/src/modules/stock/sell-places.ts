/**
 * Giving back and selling places: holds released when an order is cancelled or changed, turned
 * into sold stock when it completes (or sold again after they lapsed), and sold places given back
 * by a date change. Each is a conditional statement on the counter rows, in the caller's transaction.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idArray, rows } from '../../db/rows.ts';

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
    sql`update stock_holds set released_at = app_now() where order_id = ${orderId} and released_at is null and sold_at is null
        returning time_span_id, set_product_id, quantity`,
  );
  await adjustCounters(db, released, 0);
}

/**
 * Turns an order's live holds into sold stock, in one statement: its holds are locked, and only
 * when every one is still live are they released and their counters moved from held to sold.
 * Returns false, changing nothing, when any has expired (its places may already be someone
 * else's) or there is none. The counter rows are the hottest of a sale: a caller takes them as
 * late in its transaction as it can, so their lock is held for as short a time as possible.
 */
/** A CTE `held`: an order's unreleased, unsold holds, locked, each with whether it is still live. */
const lockedHolds = (orderId: string) => sql`held as (
    select id, expires_at > app_now() as live
    from stock_holds where order_id = ${orderId} and released_at is null and sold_at is null
    for update
  )`;

export async function sellOrderHolds(db: Database, orderId: string): Promise<boolean> {
  const released = sql`update stock_holds h set released_at = app_now()
    from held where h.id = held.id and (select bool_and(live) from held)
    returning h.time_span_id, h.set_product_id, h.quantity`;
  return (await releaseAsSold(db, released, sql`${lockedHolds(orderId)},`)) > 0;
}

/**
 * Sells an order's live holds without writing the slot's counters, in one statement: its holds
 * are locked, and only when every one is still live are they marked sold (`sold_at`: no reclaim
 * gives them back, however old). They keep counting as held until `foldSoldHolds` moves them to
 * `sold`, which the caller runs after its commit: a completing transaction never locks the sale's
 * hottest row.
 * Returns false, changing nothing, when any has expired or there is none.
 */
export async function markHoldsSold(db: Database, orderId: string): Promise<boolean> {
  return (await markHoldsSoldOfOrders(db, [orderId])).has(orderId);
}

/**
 * `markHoldsSold` for many orders in one statement (a batch of completions): each order's holds
 * are locked, and an order's are marked sold only when every one of them is still live. Answers
 * the orders whose holds were marked; the others changed nothing (their completion goes alone).
 */
export async function markHoldsSoldOfOrders(db: Database, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const sold = await rows<{ order_id: string }>(
    db,
    sql`with held as (
          select id, order_id, expires_at > app_now() as live
          from stock_holds where order_id = any(${idArray(orderIds)}::uuid[]) and released_at is null and sold_at is null
          order by id
          for update
        ), sold as (
          update stock_holds h set sold_at = app_now()
          from held where h.id = held.id
            and held.order_id in (select order_id from held group by order_id having bool_and(live))
          returning h.order_id
        )
        select distinct order_id from sold`,
  );
  return new Set(sold.map((row) => row.order_id));
}

/**
 * Moves holds marked sold from `held` to `sold` on their counters and releases them as of their
 * sale, once each, in one statement of its own: an order's (after its completion commits), a slot's (before its
 * sold places are given back), or every one left (a process stopped between the two).
 * Answers how many holds it folded.
 */
export async function foldSoldHolds(
  db: Database,
  scope: { orderId: string } | { orderIds: string[] } | { timeSpanId: number } | 'all',
): Promise<number> {
  const which =
    scope === 'all'
      ? sql`true`
      : 'orderId' in scope
        ? sql`order_id = ${scope.orderId}`
        : 'orderIds' in scope
          ? sql`order_id = any(${idArray(scope.orderIds)}::uuid[])`
          : sql`time_span_id = ${scope.timeSpanId}`;
  const released = sql`update stock_holds set released_at = sold_at
    where ${which} and sold_at is not null and released_at is null
    returning time_span_id, set_product_id, quantity`;
  return releaseAsSold(db, released);
}

/**
 * One statement: the holds `released` returns (`time_span_id`, `set_product_id`, `quantity`; run
 * after the CTEs in `before`) move from `held` to `sold` on their slots' and set products'
 * counters. Answers how many holds were released.
 */
async function releaseAsSold(db: Database, released: SQL, before: SQL = sql``): Promise<number> {
  const [result] = await rows<{ released: number }>(
    db,
    sql`with ${before} released as (${released}), slots as (
          update product_time_spans t set held = t.held - s.quantity, sold = t.sold + s.quantity
          from (select time_span_id, sum(quantity)::int as quantity from released where set_product_id is null group by time_span_id) s
          where t.id = s.time_span_id
          returning t.id
        ), sets as (
          update set_product_stocks k set held = k.held - s.quantity, sold = k.sold + s.quantity
          from (select set_product_id, time_span_id, sum(quantity)::int as quantity from released
                where set_product_id is not null group by set_product_id, time_span_id) s
          where k.set_product_id = s.set_product_id and k.time_span_id = s.time_span_id
          returning k.set_product_id
        )
        select (select count(*) from released)::int as released`,
  );
  return result?.released ?? 0;
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
        where id = ${order.timeSpanId} and ends_at > app_now() and capacity - sold - held >= ${order.quantity}
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
  // Places sold moments ago may still be counted as held: they are in `sold` before any leaves it.
  await foldSoldHolds(db, { timeSpanId: sale.timeSpanId });
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
