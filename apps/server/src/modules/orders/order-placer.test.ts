import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { createOrderPlacer } from './order-placer.ts';
import type { NewOrder } from './place-orders.ts';

async function newOrder(db: Database, slot: SlotFixture, quantity: number): Promise<NewOrder> {
  const [product] = await rows<{ site_id: number }>(db, sql`select site_id from products where id = ${slot.productId}`);
  return {
    siteId: product?.site_id ?? 0,
    tokenHash: randomBytes(32).toString('hex'),
    channel: 'web',
    lang: 'en',
    productId: slot.productId,
    timeSpanId: slot.timeSpanId,
    quantity,
    optionValues: [{ option_value_id: slot.adultOptionId, quantity }],
    setProducts: [],
    subtotal: slot.adultPrice * quantity,
    total: slot.adultPrice * quantity,
    holdMinutes: 15,
  };
}

async function heldBy(db: Database, timeSpanId: number) {
  const [row] = await rows<{ orders: number; admissions: number; holds: number }>(
    db,
    sql`select (select count(*)::int from orders where time_span_id = ${timeSpanId}) as orders,
               (select coalesce(sum(quantity), 0)::int from orders where time_span_id = ${timeSpanId}) as admissions,
               (select coalesce(sum(quantity), 0)::int from stock_holds where time_span_id = ${timeSpanId} and released_at is null) as holds`,
  );
  return row;
}

describeEachEngine(
  'order placer',
  (ctx) => {
    it('fills a slot exactly from a batch of parties of different sizes, first come first served', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 10);
      const place = createOrderPlacer(ctx.db);
      // Arrive together: 4 + 4 fit, the next 4 does not, the 1s after it do, until the slot is full.
      const sizes = [4, 4, 4, 1, 3, 1, 1, 2, 1];
      const orders = await Promise.all(sizes.map((size) => newOrder(ctx.db, slot, size)));
      const results = await Promise.all(orders.map((order) => place(order)));
      const granted = results.map((r, i) => (typeof r === 'string' ? 0 : (sizes[i] ?? 0)));
      expect(granted).toEqual([4, 4, 0, 1, 0, 1, 0, 0, 0]);
      expect(results.filter((r) => typeof r === 'string')).toEqual(['full', 'full', 'full', 'full', 'full']);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 0, held: 10 });
      expect(await heldBy(ctx.db, slot.timeSpanId)).toEqual({ orders: 4, admissions: 10, holds: 10 });
    });

    it('gives every buyer of a rush their own order and hold, never more than the slot has', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 50);
      const place = createOrderPlacer(ctx.db);
      const orders = await Promise.all(Array.from({ length: 120 }, () => newOrder(ctx.db, slot, 1)));
      const results = await Promise.all(orders.map((order) => place(order)));
      const placed = results.filter((r) => typeof r !== 'string');
      expect(placed).toHaveLength(50);
      expect(new Set(placed.map((p) => p.id)).size).toBe(50);
      expect(await heldBy(ctx.db, slot.timeSpanId)).toEqual({ orders: 50, admissions: 50, holds: 50 });
    });

    it('reclaims expired holds for a batch that finds the slot full', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 3);
      const place = createOrderPlacer(ctx.db);
      expect(typeof (await place(await newOrder(ctx.db, slot, 3)))).toBe('object');
      await ctx.db.execute(
        sql`update stock_holds set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
      );
      const results = await Promise.all([place(await newOrder(ctx.db, slot, 2)), place(await newOrder(ctx.db, slot, 2))]);
      expect(results.map((r) => typeof r)).toEqual(['object', 'string']);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 3, sold: 0, held: 2 });
    });

    it('says why a slot gives no places: not this product, or not on sale', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const place = createOrderPlacer(ctx.db);
      expect(await place({ ...(await newOrder(ctx.db, slot, 1)), productId: -1 })).toBe('missing');
      await ctx.db.execute(sql`update product_time_spans set is_on_sale = false where id = ${slot.timeSpanId}`);
      expect(await place(await newOrder(ctx.db, slot, 1))).toBe('closed');
      expect(await heldBy(ctx.db, slot.timeSpanId)).toEqual({ orders: 0, admissions: 0, holds: 0 });
    });
  },
  { seed: { variants: ['demo'], days: 5 } },
);
