/**
 * Taking places. Every change is a single conditional statement on the counter row, so any number
 * of concurrent buyers in any number of processes can never take more than the capacity:
 * `held = held + n where capacity - sold - held >= n`. Holds that have expired are reclaimed by
 * the next writer of the same slot; readers never wait for that (they count live holds only).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { waitingDemand } from './waiting-demand.ts';

/** Why a slot gave no places: it is not this product's, it is not on sale (or over), or it is full. */
export type NoPlaces = 'missing' | 'closed' | 'full';

/** A slot as the next writer finds it, after giving back its expired holds. */
export type SlotState = { state: 'missing' | 'closed' } | { state: 'open'; available: number; reclaimed: boolean };

/**
 * Gives back the slot's expired, unreleased holds (its own or anyone's) and says, in the same
 * statement, whether the slot is there and on sale and how many places it has left for the public
 * (after what its waiting list is owed).
 */
export async function reclaimSlot(db: Database, productId: number, timeSpanId: number): Promise<SlotState> {
  const [row] = await rows<{ reclaimed: number | null; open: boolean | null; available: number | null }>(
    db,
    sql`with reclaimed as (
          update stock_holds set released_at = app_now()
          where time_span_id = ${timeSpanId} and set_product_id is null and released_at is null and sold_at is null and expires_at <= app_now()
          returning quantity
        ), adjusted as (
          update product_time_spans set held = held - (select sum(quantity) from reclaimed)
          where id = ${timeSpanId} and exists (select 1 from reclaimed)
          returning id
        )
        select (select sum(quantity) from reclaimed)::int as reclaimed, t.is_on_sale and t.ends_at > app_now() as open,
               t.capacity - t.sold - t.held - ${waitingDemand(sql`t.id`)} as available
        from product_time_spans t where t.id = ${timeSpanId} and t.product_id = ${productId}`,
  );
  if (!row) return { state: 'missing' };
  if (!row.open) return { state: 'closed' };
  // The statement's own reading predates its reclaim: add back what it gave back.
  return { state: 'open', available: (row.available ?? 0) + (row.reclaimed ?? 0), reclaimed: (row.reclaimed ?? 0) > 0 };
}

/**
 * Gives back the expired, unreleased slot holds of many slots at once (`timeSpanIds`, a select of
 * slot ids), in one statement, so a writer that judges a slot by its counters (a capacity cut)
 * sees only live holds in `held`. Returns how many slots gave some back.
 */
export async function reclaimExpiredSlotHolds(db: Database, timeSpanIds: SQL): Promise<number> {
  const [row] = await rows<{ slots: number }>(
    db,
    sql`with reclaimed as (
          update stock_holds set released_at = app_now()
          where time_span_id in (${timeSpanIds}) and set_product_id is null and released_at is null and sold_at is null and expires_at <= app_now()
          returning time_span_id, quantity
        ), given as (
          select time_span_id, sum(quantity)::int as quantity from reclaimed group by time_span_id
        ), adjusted as (
          update product_time_spans t set held = t.held - given.quantity
          from given where t.id = given.time_span_id
          returning t.id
        )
        select count(*)::int as slots from adjusted`,
  );
  return row?.slots ?? 0;
}

async function reclaimExpiredSetProductHolds(db: Database, timeSpanId: number, setProductId: number): Promise<boolean> {
  const reclaimed = await rows<{ set_product_id: number }>(
    db,
    sql`with reclaimed as (
          update stock_holds set released_at = app_now()
          where time_span_id = ${timeSpanId} and set_product_id = ${setProductId} and released_at is null and sold_at is null and expires_at <= app_now()
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
export async function withReclaim<T>(
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

export const spanOf = (row: { starts_ms: number; ends_ms: number }): HeldSlot => ({
  startsAt: new Date(row.starts_ms),
  endsAt: new Date(row.ends_ms),
});

/**
 * The conditional update that takes `quantity` places of a product's slot that is on sale and not
 * over, to embed as a step of a larger statement (`returning id, starts_at, ends_at`; no row: none
 * taken). The order that takes them is written in the same statement, so it exists only if they were.
 * Places its waiting list is owed are not taken, unless for the list's own offer.
 */
export function takeSlotPlaces(
  slot: { productId: number; timeSpanId: number },
  quantity: number | SQL,
  options: { forWaitingList?: boolean } = {},
): SQL {
  // The public leaves the waiting list what it is owed; an offer to the list takes it.
  const owed = options.forWaitingList ? sql`` : sql` - ${waitingDemand(sql`${slot.timeSpanId}`)}`;
  return sql`
            update product_time_spans set held = held + ${quantity}
            where id = ${slot.timeSpanId} and product_id = ${slot.productId} and is_on_sale and ends_at > app_now()
              and capacity - sold - held${owed} >= ${quantity}
            returning id, starts_at, ends_at
          `;
}

/** Records slot holds from `rows`, a select of (order id, slot id, quantity, expiry), as a step of a larger statement. */
export function recordSlotHolds(rows: SQL): SQL {
  return sql`insert into stock_holds (order_id, time_span_id, quantity, expires_at)
            ${rows}`;
}

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
      sql`with taken as (${takeSlotPlaces(hold, hold.quantity)}), recorded as (
            ${recordSlotHolds(sql`select ${hold.orderId}, taken.id, ${hold.quantity}, ${hold.expiresAt.toISOString()} from taken`)}
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

/**
 * The places live holds keep of a slot (`setProduct` null) or of a set product sold with it, as a
 * subquery (`held`) for a reader to embed: expired holds count as free without any sweeper; holds
 * sold but not yet folded into `sold` count, however old.
 */
export function liveHeldQuantity(timeSpan: SQL, setProduct: SQL | null): SQL {
  const ofSetProduct = setProduct === null ? sql`sh.set_product_id is null` : sql`sh.set_product_id = ${setProduct}`;
  return sql`select sum(sh.quantity) as held from stock_holds sh
        where sh.time_span_id = ${timeSpan} and ${ofSetProduct} and sh.released_at is null
          and (sh.expires_at > app_now() or sh.sold_at is not null)`;
}

/** The places of a set product sold at a slot (no row: none sold), for a catalogue availability read. */
export function setProductSold(timeSpan: SQL, setProduct: SQL): SQL {
  return sql`select sps.sold from set_product_stocks sps where sps.time_span_id = ${timeSpan} and sps.set_product_id = ${setProduct}`;
}
