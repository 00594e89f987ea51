/**
 * Fair under concurrency (issue 22), on PostgreSQL: two servers, each with its own connection pool
 * to one database, run their waiting-list rounds at the same time while places come back one by
 * one and in bursts. 50 visitors are on a slot's list: the places go to the first entries in list
 * order, each entry is offered once, the slot is never oversold, and offers that lapse pass on to
 * the next entries, again once each. Then the same with two real server processes running their
 * own rounds on their own timers: a burst of places freed through both goes to the first entries
 * in order, is never sold to the public meanwhile, and lapsed offers pass on.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { freshSlot, orderBody, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import { clientOf, type ProcessClient, startServers } from '../../../test/server-process.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { seedCatalogue } from '../../db/seed.ts';

const CAPACITY = 20;
const ON_THE_LIST = 50;

describe.skipIf(!process.env.TEST_DATABASE_URL)('waiting list offers across two servers [postgres]', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let servers: FastifyInstance[] = [];
  let slot: SlotFixture;
  const holders: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db, { days: 5, variants: ['demo'] });
    second = openDatabase({ engine: 'postgres', url: database.url ?? '', poolSize: 10 });
    servers = [await buildTestApp(database.db), await buildTestApp(second.db)];
    slot = await freshSlot(database.db, 'demo', CAPACITY);
    await database.db.execute(sql`insert into waiting_list_products (product_id, site_id, offer_minutes)
      select id, site_id, 30 from products where id = ${slot.productId}`);
    const api = apiFor(servers[0] as FastifyInstance, 'demo');
    for (let i = 0; i < CAPACITY; i++) {
      const held = await api.post<{ order_token: string }>('orders', orderBody(slot, 1));
      expect(held.status).toBe(201);
      holders.push(held.body.order_token);
    }
    // Fifty visitors joined in this order (written directly: joining is rate-limited per client address).
    for (let i = 0; i < ON_THE_LIST; i++) {
      await database.db.execute(sql`insert into waiting_list_entries
        (site_id, product_id, time_span_id, quantity, option_values, email, lang, leave_token_hash)
        values (${(await siteId()) ?? 0}, ${slot.productId}, ${slot.timeSpanId}, 1,
                ${JSON.stringify([{ option_value_id: slot.adultOptionId, quantity: 1 }])}::jsonb,
                ${`visitor${String(i).padStart(2, '0')}@waiting.test`}, 'en', ${randomBytes(16).toString('hex')})`);
    }
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await second?.close();
    await database?.dispose();
  });

  const siteId = async () => (await rows<{ id: number }>(database.db, sql`select id from sites where variant = 'demo'`))[0]?.id;

  /** Both servers run rounds at once, a few times over. */
  async function raceRounds() {
    for (let i = 0; i < 3; i++)
      await Promise.all(servers.flatMap((server) => [server.offerWaitingListPlaces(), server.offerWaitingListPlaces()]));
  }

  /** A holder gives their place back, through either server. */
  const giveBack = (index: number) => apiFor(servers[index % 2] as FastifyInstance, 'demo').delete(`orders/${holders[index]}`);

  const entries = () =>
    rows<{ n: number; status: string; order_id: string | null }>(
      database.db,
      sql`select row_number() over (order by id)::int as n, status, order_id::text from waiting_list_entries
          where time_span_id = ${slot.timeSpanId} order by id`,
    );

  async function expectFair(offeredNumbers: number[], lapsedNumbers: number[]) {
    const all = await entries();
    expect(all.filter((e) => e.status === 'offered').map((e) => e.n)).toEqual(offeredNumbers);
    expect(all.filter((e) => e.status === 'lapsed').map((e) => e.n)).toEqual(lapsedNumbers);
    expect(all.filter((e) => e.status === 'waiting')).toHaveLength(ON_THE_LIST - offeredNumbers.length - lapsedNumbers.length);
    // One order per offer, each holding its one place; every offer mailed once.
    const orders = await rows<{ n: number }>(
      database.db,
      sql`select count(distinct order_id)::int as n from waiting_list_entries
          where time_span_id = ${slot.timeSpanId} and order_id is not null`,
    );
    expect(orders[0]?.n).toBe(offeredNumbers.length + lapsedNumbers.length);
    const mails = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from outbox where kind = 'waiting_list_offer' and to_address like '%@waiting.test'`,
    );
    expect(mails[0]?.n).toBe(offeredNumbers.length + lapsedNumbers.length);
    const counters = await slotCounters(database.db, slot.timeSpanId);
    expect(counters.sold + counters.held).toBeLessThanOrEqual(CAPACITY);
  }

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('places freed one by one go to the first entries in order, once each', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await giveBack(i)).status).toBe(204);
      await raceRounds();
      await expectFair(range(1, i + 1), []);
    }
  });

  it('a burst of places freed at once through both servers goes to the next entries in order', async () => {
    const burst = range(5, 14);
    const answers = await Promise.all(burst.map((i) => giveBack(i)));
    expect(answers.every((a) => a.status === 204)).toBe(true);
    await raceRounds();
    await expectFair(range(1, 15), []);
    expect(await slotCounters(database.db, slot.timeSpanId)).toMatchObject({ held: CAPACITY, sold: 0 });
  });

  it('offers that lapse pass on to the next entries, and their places with them', async () => {
    const lapsing = await rows<{ order_id: string }>(
      database.db,
      sql`select order_id::text from waiting_list_entries where time_span_id = ${slot.timeSpanId} and status = 'offered'
          order by id limit 5`,
    );
    const ids = lapsing.map((e) => e.order_id);
    await database.db.execute(sql`update waiting_list_entries set offer_expires_at = app_now() - interval '1 second'
      where order_id::text = any(${`{${ids.join(',')}}`}::text[])`);
    await database.db.execute(sql`update stock_holds set expires_at = app_now() - interval '1 second'
      where order_id::text = any(${`{${ids.join(',')}}`}::text[])`);
    await raceRounds();
    await expectFair(range(6, 20), range(1, 5));
    expect(await slotCounters(database.db, slot.timeSpanId)).toMatchObject({ held: CAPACITY, sold: 0 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('waiting list offers across two server processes [postgres]', () => {
  const capacity = 10;
  const onTheList = 20;
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  let clients: ProcessClient[] = [];
  let slot: SlotFixture;
  const holders: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db, { days: 5, variants: ['demo'] });
    slot = await freshSlot(database.db, 'demo', capacity);
    await database.db.execute(sql`insert into waiting_list_products (product_id, site_id, offer_minutes)
      select id, site_id, 30 from products where id = ${slot.productId}`);
    const started = await startServers(database.url ?? '', 2);
    const ports = started.ports;
    processes.push(...started.processes);
    clients = await Promise.all(ports.map((port) => clientOf(port)));
    for (let i = 0; i < capacity; i++) {
      const held = await (clients[0] as ProcessClient)('POST', 'orders', orderBody(slot, 1));
      expect(held.status).toBe(201);
      holders.push(held.body.order_token ?? '');
    }
    const [site] = await rows<{ id: number }>(database.db, sql`select id from sites where variant = 'demo'`);
    for (let i = 0; i < onTheList; i++) {
      await database.db.execute(sql`insert into waiting_list_entries
        (site_id, product_id, time_span_id, quantity, option_values, email, lang, leave_token_hash)
        values (${site?.id ?? 0}, ${slot.productId}, ${slot.timeSpanId}, 1,
                ${JSON.stringify([{ option_value_id: slot.adultOptionId, quantity: 1 }])}::jsonb,
                ${`process${String(i).padStart(2, '0')}@waiting.test`}, 'en', ${randomBytes(16).toString('hex')})`);
    }
  }, 180_000);
  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    await database?.dispose();
  });

  const statuses = async () =>
    (
      await rows<{ status: string }>(
        database.db,
        sql`select status from waiting_list_entries where time_span_id = ${slot.timeSpanId} order by id`,
      )
    ).map((e) => e.status);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const numbersOf = (all: string[], status: string) => all.flatMap((s, i) => (s === status ? [i + 1] : []));

  it('a burst freed through both processes goes to the first entries in order, once each, never to the public', async () => {
    const answers = await Promise.all(
      range(0, 5).map((i) => (clients[i % 2] as ProcessClient)('DELETE', `orders/${holders[i]}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204, 204, 204]);
    // Before and while the rounds run, the places are the list's: the public gets none.
    for (const client of clients) expect((await client('POST', 'orders', orderBody(slot, 1))).status).toBe(409);
    await expect
      .poll(async () => numbersOf(await statuses(), 'offered'), { timeout: 20_000, interval: 200 })
      .toEqual(range(1, 6));
    const orders = await rows<{ n: number }>(
      database.db,
      sql`select count(distinct order_id)::int as n from waiting_list_entries where time_span_id = ${slot.timeSpanId} and order_id is not null`,
    );
    expect(orders[0]?.n).toBe(6);
    const mails = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from outbox where kind = 'waiting_list_offer' and to_address like 'process%'`,
    );
    expect(mails[0]?.n).toBe(6);
    expect(await slotCounters(database.db, slot.timeSpanId)).toMatchObject({ held: capacity, sold: 0 });
  }, 60_000);

  it('offers that lapse pass on to the next entries in order, on the processes’ own rounds', async () => {
    const lapsing = await rows<{ order_id: string }>(
      database.db,
      sql`select order_id::text from waiting_list_entries where time_span_id = ${slot.timeSpanId} and status = 'offered'
          order by id limit 2`,
    );
    const ids = `{${lapsing.map((e) => e.order_id).join(',')}}`;
    await database.db.execute(sql`update waiting_list_entries set offer_expires_at = app_now() - interval '1 second'
      where order_id::text = any(${ids}::text[])`);
    await database.db.execute(
      sql`update stock_holds set expires_at = app_now() - interval '1 second' where order_id::text = any(${ids}::text[])`,
    );
    await expect
      .poll(
        async () => {
          const all = await statuses();
          return { lapsed: numbersOf(all, 'lapsed'), offered: numbersOf(all, 'offered') };
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual({ lapsed: [1, 2], offered: range(3, 8) });
    expect(await slotCounters(database.db, slot.timeSpanId)).toMatchObject({ held: capacity, sold: 0 });
  }, 60_000);
});
