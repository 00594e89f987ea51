/**
 * Launch day: 500 buyers at once for a slot with 100 places, through two server instances on one
 * database. A control run first shows that the test catches an oversell when the conditional
 * update is replaced by read-then-write; then the real path must sell exactly 100.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, slotCounters } from '../../../test/orders.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

const BUYERS = 500;
const PLACES = 100;

/** The unsafe way: read what is left, think, then add the hold without a condition. */
async function holdByReadThenWrite(db: Database, timeSpanId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [slot] = await rows<{ remaining: number }>(
      tx as unknown as Database,
      sql`select capacity - sold - held as remaining from product_time_spans where id = ${timeSpanId}`,
    );
    await tx.execute(sql`select pg_sleep(0.002)`);
    if (!slot || slot.remaining < 1) return false;
    await tx.execute(sql`update product_time_spans set held = held + 1 where id = ${timeSpanId}`);
    return true;
  });
}

describeEachEngine(
  'flash sale',
  (ctx) => {
    let second: DatabaseHandle | null = null;
    let apps: FastifyInstance[] = [];
    beforeAll(async () => {
      // A second server instance: on PostgreSQL with its own connection pool; PGlite has one owner.
      second =
        ctx.engine === 'postgres' && ctx.handle.url
          ? openDatabase({ engine: 'postgres', url: ctx.handle.url, poolSize: 20 })
          : null;
      apps = [await buildTestApp(ctx.db), await buildTestApp(second?.db ?? ctx.db)];
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await second?.close();
    });

    it.skipIf(ctx.engine === 'pglite')(
      'control: read-then-write oversells under the same load (PGlite runs one transaction at a time, so only PostgreSQL can race)',
      async () => {
        const slot = await freshSlot(ctx.db, 'demo', PLACES);
        const dbs = [ctx.db, second?.db ?? ctx.db];
        const results = await Promise.all(
          Array.from({ length: BUYERS }, (_, i) => holdByReadThenWrite(dbs[i % 2] as Database, slot.timeSpanId)),
        );
        const granted = results.filter(Boolean).length;
        expect(granted).toBeGreaterThan(PLACES);
        expect((await slotCounters(ctx.db, slot.timeSpanId)).held).toBeGreaterThan(PLACES);
      },
      120_000,
    );

    it(`${BUYERS} buyers, ${PLACES} places: exactly ${PLACES} sold, none oversold, every loser told out of stock`, async () => {
      const slot = await freshSlot(ctx.db, 'demo', PLACES);
      const clients = apps.map((app) => apiFor(app, 'demo'));
      const created = await Promise.all(
        Array.from({ length: BUYERS }, (_, i) =>
          (clients[i % 2] ?? clients[0])?.post<{ order_token?: string; error?: string }>('orders', orderBody(slot, 1)),
        ),
      );
      const winners = created.filter((r) => r?.status === 201).map((r) => r?.body.order_token as string);
      const losers = created.filter((r) => r?.status !== 201);
      expect(winners).toHaveLength(PLACES);
      expect(losers).toHaveLength(BUYERS - PLACES);
      for (const loser of losers) expect(loser?.body.error).toBe('out of stock');

      const checkedOut = await Promise.all(
        winners.map(async (token, i) => {
          const client = clients[i % 2] ?? clients[0];
          await client?.put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' });
          return client?.post(`orders/checkout/${token}`, {
            payment_method: 'gmo',
            card: {
              number: SANDBOX_CARDS.success,
              exp_month: 12,
              exp_year: new Date().getFullYear() + 1,
              cvc: '123',
              name: 'BUYER',
            },
          });
        }),
      );
      expect(checkedOut.filter((r) => r?.status === 200)).toHaveLength(PLACES);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: PLACES, sold: PLACES, held: 0 });
      const [tickets] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from tickets t join orders o on o.id = t.order_id where o.time_span_id = ${slot.timeSpanId}`,
      );
      expect(tickets?.n).toBe(PLACES);
      // Every paid order has exactly one confirmation mail.
      const mails = await rows<{ n: number }>(
        ctx.db,
        sql`select (select count(*)::int from outbox m where m.order_id = o.id and m.kind = 'order_confirmation') as n
            from orders o where o.time_span_id = ${slot.timeSpanId} and o.status = 'completed'`,
      );
      expect(mails).toHaveLength(PLACES);
      expect(mails.every((m) => m.n === 1)).toBe(true);
    }, 180_000);
  },
  { seed: { variants: ['demo'], days: 5 } },
);
