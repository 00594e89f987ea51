/**
 * Places new orders on a slot in batches. While one statement for a slot is in flight, the
 * buyers who arrive for the same slot wait and go together in the next one: a rush on one slot
 * becomes a few large statements instead of one per buyer, and the slot's row lock is taken once
 * per batch. A buyer who arrives at a quiet slot goes alone at once (after the requests already
 * read in the same turn of the event loop), so nobody waits for a timer.
 *
 * Batching changes only how many orders one conditional statement writes; it never takes more
 * places than the slot has (docs/decisions/005), whatever other processes do at the same time.
 */
import type { Database } from '../../db/client.ts';
import { type NoPlaces, reclaimSlot } from '../stock/hold-places.ts';
import { type NewOrder, type PlacedOrder, placeOrder, placeOrders } from './place-orders.ts';

/** The most orders written by one statement. */
const MAX_BATCH = 200;

type Waiting = { order: NewOrder; settle: (result: PlacedOrder | NoPlaces) => void; fail: (error: unknown) => void };

export type OrderPlacer = (order: NewOrder) => Promise<PlacedOrder | NoPlaces>;

export function createOrderPlacer(db: Database): OrderPlacer {
  const queues = new Map<string, Waiting[]>();

  /** Places a batch: all together if the slot has room, else as many as fit, first come first served. */
  async function settle(batch: Waiting[]): Promise<void> {
    const placed = await placeOrders(
      db,
      batch.map((w) => w.order),
    );
    if (placed) return settleFrom(batch, placed);
    const [first] = batch;
    if (!first) return;
    const slot = await reclaimSlot(db, first.order.productId, first.order.timeSpanId);
    if (slot.state !== 'open') {
      for (const w of batch) w.settle(slot.state);
      return;
    }
    let room = slot.available;
    const fitting: Waiting[] = [];
    for (const w of batch) {
      if (w.order.quantity <= room) {
        fitting.push(w);
        room -= w.order.quantity;
      } else w.settle('full');
    }
    if (fitting.length === 0) return;
    const placedFitting = await placeOrders(
      db,
      fitting.map((w) => w.order),
    );
    if (placedFitting) return settleFrom(fitting, placedFitting);
    // Another process took places in between: each buyer tries alone, as without batching.
    for (const w of fitting) w.settle(await placeOrder(db, w.order));
  }

  function settleFrom(batch: Waiting[], placed: Map<string, PlacedOrder>) {
    for (const w of batch) {
      const order = placed.get(w.order.tokenHash);
      if (order) w.settle(order);
      else w.fail(new Error('a placed batch is missing an order'));
    }
  }

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await settle(batch);
      } catch (error) {
        for (const w of batch) w.fail(error);
      }
    }
    queues.delete(key);
  }

  return (order) =>
    new Promise((settle, fail) => {
      const key = `${order.siteId}:${order.productId}:${order.timeSpanId}:${order.holdMinutes}`;
      const queue = queues.get(key);
      if (queue) {
        queue.push({ order, settle, fail });
        return;
      }
      const fresh: Waiting[] = [{ order, settle, fail }];
      queues.set(key, fresh);
      // Requests already read in this turn of the event loop join the batch before it goes.
      setImmediate(() => void drain(key, fresh));
    });
}
