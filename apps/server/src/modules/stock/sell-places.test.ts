/**
 * Holds a completion marks sold, before and after they are folded into the slot's `sold`: what a
 * process that stopped between the two leaves behind must never be given away or counted twice.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { liveHeldQuantity, reclaimSlot } from './hold-places.ts';
import { foldSoldHolds, markHoldsSold, releaseOrderHolds, unsellPlaces } from './sell-places.ts';

describeEachEngine('sold holds', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  /** An order holding `quantity` places of `slot`, by its id. */
  async function heldOrder(slot: SlotFixture, quantity: number): Promise<string> {
    const created = await apiFor(app, 'demo').post<{ order_token: string }>('orders', orderBody(slot, quantity));
    expect(created.status).toBe(201);
    const [order] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from orders where time_span_id = ${slot.timeSpanId} order by created_at desc limit 1`,
    );
    if (!order) throw new Error('no order');
    return order.id;
  }

  const markSold = (orderId: string) => ctx.db.transaction((tx) => markHoldsSold(tx as unknown as Database, orderId));

  it('a hold marked sold keeps its place held until folded, then moves to sold exactly once', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 3);
    const orderId = await heldOrder(slot, 2);
    expect(await markSold(orderId)).toBe(true);
    // Marked, not yet folded: the counters are as before.
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 3, sold: 0, held: 2 });
    // Selling or releasing it again changes nothing.
    expect(await markSold(orderId)).toBe(false);
    await releaseOrderHolds(ctx.db, orderId);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 3, sold: 0, held: 2 });

    expect(await foldSoldHolds(ctx.db, { orderId })).toBe(1);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 3, sold: 2, held: 0 });
    expect(await foldSoldHolds(ctx.db, 'all')).toBe(0);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 3, sold: 2, held: 0 });
  });

  it('an expired hold is not sold, and a reclaim never gives back a sold one', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 2);
    const lapsed = await heldOrder(slot, 1);
    const sold = await heldOrder(slot, 1);
    expect(await markSold(sold)).toBe(true);
    // Both holds' time runs out; only the one not sold lapses.
    await ctx.db.execute(
      sql`update stock_holds set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
    );
    expect(await markSold(lapsed)).toBe(false);
    const [live] = await rows<{ held: number }>(ctx.db, liveHeldQuantity(sql`${slot.timeSpanId}`, null));
    expect(Number(live?.held)).toBe(1);
    // A writer finding the slot full reclaims the lapsed hold only.
    const state = await reclaimSlot(ctx.db, slot.productId, slot.timeSpanId);
    expect(state).toEqual({ state: 'open', available: 1, reclaimed: true });
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 2, sold: 0, held: 1 });
    // A process that stopped before folding leaves it to the next fold of every slot.
    expect(await foldSoldHolds(ctx.db, 'all')).toBeGreaterThanOrEqual(1);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 2, sold: 1, held: 0 });
  });

  it('places given back fold the slot first, so sold never goes below what was sold', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 2);
    const orderId = await heldOrder(slot, 2);
    expect(await markSold(orderId)).toBe(true);
    const givenBack = await ctx.db.transaction((tx) =>
      unsellPlaces(tx as unknown as Database, { timeSpanId: slot.timeSpanId, quantity: 1, setProducts: [] }),
    );
    expect(givenBack).toBe(true);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 2, sold: 1, held: 0 });
  });
});
