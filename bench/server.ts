/**
 * A server for the benchmarks, in its own process so the load generator does not share its
 * event loop. Prints `{"address": …}` on stdout when listening.
 *   bare                      Fastify with one route answering a fixed JSON body (the baseline)
 *   catalogue                   the real app on a seeded embedded database, with the demo staff
 *   shop pglite|<postgres-url> the real app for buying; answers IPC messages that prepare a hot
 *                             slot (or one later today), read its counters and measure the
 *                             hot-row ceiling on PGlite
 *   pages <storefront-dir>    the real app serving the storefront's build for three venues, a bare
 *                             static page at /bare.html (Lighthouse's baseline), and a slot to buy
 *                             on IPC `prepare-slot` with the venue's `variant`
 */

import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '@storefront/server/app';
import { openDatabase } from '@storefront/server/db/client';
import type { PreparingClient } from '@storefront/server/db/pglite-statements';
import { prepareDatabase } from '@storefront/server/db/prepare';
import { rows } from '@storefront/server/db/rows';
import { seedCatalogue } from '@storefront/server/db/seed';
import { placeOrder } from '@storefront/server/modules/orders/place-orders';
import { seedDemoStaff } from '@storefront/server/modules/staff/seed-demo-staff';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, target] = process.argv.slice(2);

/**
 * `BENCH_STATEMENTS=1`: every statement a PostgreSQL client sends is tallied by its text; the
 * tally is printed to stderr (most frequent first) when a `tally` message (the flash sale sends
 * one after its holds) or the `counters` message is answered, and then cleared.
 */
const tally = new Map<string, number>();
if (process.env.BENCH_STATEMENTS) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 140);
    tally.set(text, (tally.get(text) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
/** On PGlite the time inside the database is tallied too, by statement (its protocol runs synchronously in this process). */
const spent = new Map<string, number>();
if (process.env.BENCH_STATEMENTS) {
  const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): unknown };
  const run = proto.execProtocolRawSync;
  const decoder = new TextDecoder();
  let current = '';
  /** Prepared statements by name (the app's PGlite client prepares what it runs again). */
  const named = new Map<string, string>();
  const cString = (message: Uint8Array, from: number) => {
    let end = from;
    while (message[end] !== 0 && end < message.length) end += 1;
    return { text: decoder.decode(message.subarray(from, end)), next: end + 1 };
  };
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    // The first Parse ('P': name, text), Bind ('B': portal, statement) or simple Query ('Q': text)
    // in the buffer names what follows.
    for (let at = 0; at < message.length; ) {
      const type = message[at] as number;
      const length = new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
      if (type === 80 || type === 81 || type === 66) {
        // A statement is counted once per run: at its simple Query, at the Parse of an unnamed
        // statement (whose Bind follows), or at the Bind of a named one (whose Parse came before).
        let text = '';
        let counts = true;
        if (type === 81) text = cString(message, at + 5).text;
        else if (type === 80) {
          const name = cString(message, at + 5);
          text = cString(message, name.next).text;
          if (name.text) named.set(name.text, text);
          counts = !name.text;
        } else {
          const statement = cString(message, cString(message, at + 5).next).text;
          text = named.get(statement) ?? '';
          counts = statement !== '';
        }
        // The Bind of an unnamed statement runs what its Parse named.
        if (text) current = text.replace(/\s+/g, ' ').slice(0, 140);
        if (counts) tally.set(current, (tally.get(current) ?? 0) + 1);
        break;
      }
      at += 1 + length;
    }
    const started = performance.now();
    try {
      return run.call(this, message);
    } finally {
      spent.set(current, (spent.get(current) ?? 0) + performance.now() - started);
    }
  };
}
function printTally(phase: string) {
  if (!process.env.BENCH_STATEMENTS) return;
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  const totalMs = [...spent.values()].reduce((a, b) => a + b, 0);
  console.error(
    `statements sent by this server (${phase}): ${total}${totalMs ? `, ${Math.round(totalMs)} ms inside PGlite` : ''}`,
  );
  for (const [text, count] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 60))
    console.error(
      `${String(count).padStart(7)} ${spent.has(text) ? `${String(Math.round(spent.get(text) ?? 0)).padStart(7)} ms` : ''}  ${text}`,
    );
  tally.clear();
  spent.clear();
}

async function listen(app: { listen(o: { host: string; port: number }): Promise<string> }) {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(JSON.stringify({ address }));
}

if (mode === 'bare') {
  const app = Fastify();
  const body = { productId: 1, date: '2026-01-01', timeSpans: [] };
  app.get('/bare', async () => body);
  await listen(app);
} else if (mode === 'catalogue') {
  const database = openDatabase({ engine: 'pglite', dataDir: null });
  await database.migrate();
  await seedCatalogue(database.db, { days: 14, variants: ['borderless', 'demo'] });
  // The console's demo staff, for the console benchmark to sign in with.
  await seedDemoStaff(database.db);
  await listen(
    await buildApp({
      config: { appMode: 'demo', appEnv: 'production', reconnectSite: null },
      db: database.db,
      storefrontDir: '/nonexistent',
    }),
  );
} else if (mode === 'shop' && target) {
  const database =
    target === 'pglite'
      ? openDatabase({ engine: 'pglite', dataDir: null })
      : openDatabase({ engine: 'postgres', url: target, poolSize: 20 });
  await prepareDatabase(database, { seedsDemo: true, topUp: false, seed: { variants: ['demo'], days: 3 } });
  const db = database.db;
  process.on(
    'message',
    async (message: {
      type: string;
      capacity?: number;
      timeSpanId?: number;
      seconds?: number;
      concurrency?: number;
      phase?: string;
    }) => {
      if (message.type === 'prepare-slot') {
        const [slot] = await rows<{ product_uuid: string; time_span_id: number; option_id: number }>(
          db,
          sql`select p.uuid::text as product_uuid, t.id as time_span_id,
                   (select o.id from product_options o where o.product_id = p.id and o.type = 'admission' and o.price > 0 order by o.position limit 1) as option_id
            from products p join product_time_spans t on t.product_id = p.id
            where p.type = 'time' and t.date > current_date and not exists (select 1 from stock_holds h where h.time_span_id = t.id)
            order by t.date, t.starts_at desc limit 1`,
        );
        if (!slot) throw new Error('no slot to prepare');
        await db.execute(
          sql`update product_time_spans set capacity = ${message.capacity ?? 0}, sold = 0, held = 0 where id = ${slot.time_span_id}`,
        );
        process.send?.({ type: 'slot', ...slot });
      } else if (message.type === 'prepare-today-slot') {
        // A slot later today (whatever the hour) with room for the whole run: what lobby screens show.
        const [slot] = await rows<{ product_uuid: string; time_span_id: number; option_id: number }>(
          db,
          sql`with product as (
                select p.id, p.uuid from products p where p.type = 'time' and 'spot' = any(p.sales_channels)
                order by p.site_id, p.position limit 1
              ), slot as (
                insert into product_time_spans (product_id, date, starts_at, ends_at, capacity)
                select id, (app_now() at time zone 'Asia/Tokyo')::date, app_clock_timestamp() + interval '30 minutes',
                       app_clock_timestamp() + interval '60 minutes', ${message.capacity ?? 100_000}
                from product returning id, product_id
              )
              select product.uuid::text as product_uuid, slot.id as time_span_id,
                     (select o.id from product_options o where o.product_id = product.id and o.type = 'admission'
                      order by o.position limit 1) as option_id
              from product, slot`,
        );
        if (!slot) throw new Error('no slot to prepare');
        process.send?.({ type: 'today-slot', ...slot });
      } else if (message.type === 'counters') {
        // Paid orders without exactly one confirmation mail or without their tickets count as wrong.
        const [row] = await rows<{
          capacity: number;
          sold: number;
          held: number;
          tickets: number;
          completed: number;
          wrong: number;
        }>(
          db,
          sql`select capacity, sold, held,
                   (select count(*)::int from tickets k join orders o on o.id = k.order_id where o.time_span_id = t.id) as tickets,
                   (select count(*)::int from orders o where o.time_span_id = t.id and o.status = 'completed') as completed,
                   (select count(*)::int from orders o where o.time_span_id = t.id and o.status = 'completed'
                      and ((select count(*) from outbox m where m.order_id = o.id and m.kind = 'order_confirmation') <> 1
                        or (select count(*) from tickets k where k.order_id = o.id) <> o.quantity)) as wrong
            from product_time_spans t where id = ${message.timeSpanId ?? 0}`,
        );
        printTally('checkouts, with the mails sent after them');
        process.send?.({ type: 'counters', ...row });
      } else if (message.type === 'cpu') {
        const used = process.cpuUsage();
        process.send?.({ type: 'cpu', ms: (used.user + used.system) / 1000 });
      } else if (message.type === 'tally') {
        printTally(message.phase ?? 'so far');
        process.send?.({ type: 'tally' });
      } else if (message.type === 'ceiling' || message.type === 'ceiling-unprepared' || message.type === 'hold-rate') {
        // On this database, `concurrency` loops for `seconds` on one hot slot: either the bare
        // conditional UPDATE (the ceiling) or the shop's hold (placeOrder: the order and its places).
        // On PGlite the app's client prepares statements (decision 032); `ceiling-unprepared` runs
        // the UPDATE through PGlite's own query instead, the yardstick of the figures before it.
        const id = message.timeSpanId ?? 0;
        const seconds = message.seconds ?? 5;
        await db.execute(sql`update product_time_spans set capacity = 100000000, sold = 0, held = 0 where id = ${id}`);
        const [slot] = await rows<{ product_id: number; site_id: number }>(
          db,
          sql`select t.product_id, p.site_id from product_time_spans t join products p on p.id = t.product_id where t.id = ${id}`,
        );
        const until = Date.now() + seconds * 1000;
        let count = 0;
        // The same drizzle call through PGlite's own path for the unprepared ceiling.
        const client = database.engine === 'pglite' ? (db as unknown as { $client: PreparingClient }).$client : null;
        if (client) client.prepares = message.type !== 'ceiling-unprepared';
        const step =
          message.type !== 'hold-rate'
            ? () =>
                db.execute(sql`update product_time_spans set held = held + 1 where id = ${id} and capacity - sold - held >= 1`)
            : () =>
                placeOrder(db, {
                  siteId: slot?.site_id ?? 0,
                  tokenHash: randomBytes(32).toString('hex'),
                  channel: 'web',
                  lang: 'en',
                  productId: slot?.product_id ?? 0,
                  timeSpanId: id,
                  quantity: 1,
                  optionValues: [],
                  setProducts: [],
                  subtotal: 0,
                  total: 0,
                  holdMinutes: 15,
                });
        await Promise.all(
          Array.from({ length: message.concurrency ?? 1 }, async () => {
            while (Date.now() < until) {
              await step();
              count += 1;
            }
          }),
        );
        if (client) client.prepares = true;
        process.send?.({ type: message.type, perSecond: count / seconds });
      }
    },
  );
  await listen(
    await buildApp({
      config: { appMode: 'demo', appEnv: 'production', reconnectSite: null },
      db,
      storefrontDir: '/nonexistent',
      // `BENCH_GATHER_MS`: how long an idle completer waits for others (the app's own default otherwise).
      ...(process.env.BENCH_GATHER_MS ? { batchGatherMs: Number(process.env.BENCH_GATHER_MS) } : {}),
    }),
  );
} else if (mode === 'pages' && target) {
  // Tickets are bought at demo, the venue that takes the sandbox card without a redirect.
  const variants = ['borderless', 'okinawa', 'cafe-lumen', 'demo'];
  const database = openDatabase({ engine: 'pglite', dataDir: null });
  await prepareDatabase(database, { seedsDemo: true, topUp: false, seed: { variants, days: 3 } });
  const db = database.db;
  process.on('message', async (message: { type: string; variant?: string }) => {
    if (message.type !== 'prepare-slot') return;
    const [slot] = await rows<{ product_uuid: string; time_span_id: number; option_id: number }>(
      db,
      sql`select p.uuid::text as product_uuid, t.id as time_span_id,
               (select o.id from product_options o where o.product_id = p.id and o.type = 'admission' and o.price > 0 order by o.position limit 1) as option_id
        from products p join sites s on s.id = p.site_id join product_time_spans t on t.product_id = p.id
        where s.variant = ${message.variant ?? ''} and p.type = 'time' and t.date > current_date
          and exists (select 1 from product_options o where o.product_id = p.id and o.type = 'admission' and o.price > 0)
        order by t.date, p.position, t.starts_at limit 1`,
    );
    if (!slot) throw new Error(`no slot to buy at ${message.variant}`);
    await db.execute(sql`update product_time_spans set capacity = 100, sold = 0, held = 0 where id = ${slot.time_span_id}`);
    process.send?.({ type: 'slot', ...slot });
  });
  // Development: the pages are served over plain http on loopback (no Secure cookie, no https upgrade).
  const app = await buildApp({
    config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
    db,
    storefrontDir: target,
  });
  // The baseline: a small static page with one line of text, served through the same app and its hooks.
  app.get('/bare.html', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>A static page.</p></main></body></html>',
      ),
  );
  await listen(app);
} else {
  console.error('usage: server.ts bare | catalogue | shop pglite|<postgres-url> | pages <storefront-dir>');
  process.exit(2);
}

process.on('message', (message) => {
  if (message === 'memory') process.send?.({ rss: process.memoryUsage().rss });
});
process.on('SIGTERM', () => process.exit(0));
