/**
 * `npm run bench:flash-sale`: a launch-day rush on one hot slot. Buyers hold places (POST orders),
 * then the winners check out. Prints holds/s and checkouts/s with p50/p99 on PGlite (one server)
 * and on PostgreSQL (two servers on one database) when TEST_DATABASE_URL or BENCH_DATABASE_URL is
 * set, the oversell count, and the hot-row ceiling measured in the same run: the bare conditional
 * UPDATE on the same database, beside one buyer's own placing statement (the order and its hold,
 * unbatched) on the same hot row (both without HTTP). On PGlite the ceiling is also measured
 * through PGlite's own query, without the app's prepared statements (decision 032): the yardstick
 * of every figure before them, printed beside the other. A winner's checkout is its details
 * (`PUT orders`) and its payment (`POST orders/checkout`); its purchase adds its hold. Goals: HTTP
 * holds at ≥ 50 % of that ceiling, checkouts at ≥ 10 % of it with checkout p99 ≤ 500 ms, 0 oversold,
 * and every paid order with its tickets and exactly one confirmation mail.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile } from './figures.ts';
import { ask, type BenchServer, startServer } from './start-server.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 3000);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 48);
const CEILING_SECONDS = 5;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
/** `BENCH_ENGINES=postgres` (or `pglite`) runs one engine only, e.g. while profiling it. */
const engines = new Set((process.env.BENCH_ENGINES ?? 'pglite,postgres').split(','));

type Slot = { product_uuid: string; time_span_id: number; option_id: number };
type Result = {
  engine: string;
  holdsPerSecond: number;
  holdP50: number;
  holdP99: number;
  granted: number;
  checkoutsPerSecond: number;
  checkoutP50: number;
  checkoutP99: number;
  /** Hold + details + checkout of one buyer, the three answers' times added. */
  purchaseP50: number;
  purchaseP99: number;
  oversold: number;
  /** Completed orders without exactly one confirmation mail or without their tickets. */
  wrong: number;
  completed: number;
  /** Bare conditional UPDATEs per second on one hot row. */
  ceiling: number;
  /** The same through PGlite's own query, without the app's prepared statements (on PostgreSQL the same as `ceiling`). */
  unpreparedCeiling: number;
  /** One buyer's placing statement (placeOrder, unbatched) per second on one hot row, without HTTP. */
  holdTransactions: number;
  /** The servers' CPU time (user and system) per granted buyer, from the first details to the last mail. */
  cpuPerCheckout: number;
};

/** Runs `tasks` with at most CONCURRENCY in flight; returns the wall time in seconds. */
async function pool<T>(items: T[], work: (item: T, index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function hotRow(server: BenchServer, type: 'ceiling' | 'ceiling-unprepared' | 'hold-rate'): Promise<number> {
  const fresh = await ask<Slot>(server.child, { type: 'prepare-slot', capacity: 1 }, 'slot');
  const answer = await ask<{ perSecond: number }>(
    server.child,
    { type, timeSpanId: fresh.time_span_id, seconds: CEILING_SECONDS, concurrency: CONCURRENCY },
    type,
  );
  return answer.perSecond;
}

async function rush(engine: string, servers: BenchServer[]): Promise<Result> {
  const first = servers[0] as BenchServer;
  const slot = await ask<Slot>(first.child, { type: 'prepare-slot', capacity: CAPACITY }, 'slot');
  const xsrf = randomBytes(16).toString('base64url');
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const call = async (index: number, method: string, path: string, body: unknown) => {
    const server = servers[index % servers.length] as BenchServer;
    const started = performance.now();
    const response = await fetch(`${server.address}/demo/api/v1/${path}`, { method, headers, body: JSON.stringify(body) });
    const json = (await response.json()) as { order_token?: string; error?: string };
    return { status: response.status, json, ms: performance.now() - started };
  };

  const holdLatencies: number[] = [];
  const tokens: string[] = [];
  const holdMsOf = new Map<string, number>();
  const unexpected: string[] = [];
  const holdSeconds = await pool(
    Array.from({ length: BUYERS }, (_, i) => i),
    async (i) => {
      const r = await call(i, 'POST', 'orders', {
        lang: 'en',
        product_uuid: slot.product_uuid,
        time_span_id: slot.time_span_id,
        quantity: 1,
        option_values: [{ option_value_id: slot.option_id, quantity: 1 }],
        set_products: [],
      });
      holdLatencies.push(r.ms);
      if (r.status === 201 && r.json.order_token) {
        tokens.push(r.json.order_token);
        holdMsOf.set(r.json.order_token, r.ms);
      } else if (r.json.error !== 'out of stock') unexpected.push(`${r.status} ${r.json.error}`);
    },
  );

  if (process.env.BENCH_STATEMENTS)
    for (const server of servers) await ask(server.child, { type: 'tally', phase: 'holds' }, 'tally');

  const cpuOf = async () => {
    let ms = 0;
    for (const server of servers) ms += (await ask<{ ms: number }>(server.child, { type: 'cpu' }, 'cpu')).ms;
    return ms;
  };
  const cpuBefore = await cpuOf();
  const checkoutLatencies: number[] = [];
  const purchaseLatencies: number[] = [];
  const customer = {
    fullname: 'Rush Buyer',
    email: 'rush@example.com',
    phone: '090-1234-5678',
    resident_area: 'Japan / 日本',
    mail_magazine: 'false',
  };
  const card = {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 1,
    cvc: '123',
    name: 'RUSH BUYER',
  };
  const checkoutSeconds = await pool(tokens, async (token, i) => {
    const details = await call(i, 'PUT', `orders/${token}`, { customer_info: customer, payment_method: 'gmo' });
    if (details.status !== 200) unexpected.push(`details ${details.status} ${details.json.error}`);
    const r = await call(i, 'POST', `orders/checkout/${token}`, { payment_method: 'gmo', card });
    checkoutLatencies.push(r.ms);
    purchaseLatencies.push((holdMsOf.get(token) ?? 0) + details.ms + r.ms);
    if (r.status !== 200) unexpected.push(`checkout ${r.status} ${r.json.error}`);
  });

  // The confirmation mails are written with the completion; let the outbox's last sends finish.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const checkoutCpu = (await cpuOf()) - cpuBefore;
  const counters = await ask<{ capacity: number; sold: number; held: number; tickets: number; completed: number; wrong: number }>(
    first.child,
    { type: 'counters', timeSpanId: slot.time_span_id },
    'counters',
  );
  if (unexpected.length > 0)
    console.error(`${engine}: ${unexpected.length} unexpected answers, e.g. ${unexpected.slice(0, 3).join('; ')}`);
  return {
    engine,
    holdsPerSecond: BUYERS / holdSeconds,
    holdP50: percentile(holdLatencies, 50),
    holdP99: percentile(holdLatencies, 99),
    granted: tokens.length,
    checkoutsPerSecond: tokens.length / checkoutSeconds,
    checkoutP50: percentile(checkoutLatencies, 50),
    checkoutP99: percentile(checkoutLatencies, 99),
    purchaseP50: percentile(purchaseLatencies, 50),
    purchaseP99: percentile(purchaseLatencies, 99),
    completed: counters.completed,
    cpuPerCheckout: checkoutCpu / Math.max(tokens.length, 1),
    wrong: counters.wrong,
    oversold: Math.max(0, counters.sold - counters.capacity, counters.tickets - counters.capacity),
    ceiling: await hotRow(first, 'ceiling'),
    unpreparedCeiling: await hotRow(first, 'ceiling-unprepared'),
    holdTransactions: await hotRow(first, 'hold-rate'),
  };
}

const results: Result[] = [];

if (engines.has('pglite')) {
  const embedded = await startServer('shop', 'pglite');
  try {
    results.push(await rush('PGlite, 1 server', [embedded]));
  } finally {
    embedded.child.kill();
  }
}

if (postgresUrl && engines.has('postgres')) {
  const name = `storefront_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const servers = await Promise.all([startServer('shop', url.toString()), startServer('shop', url.toString())]);
  try {
    results.push(await rush('PostgreSQL, 2 servers', servers));
  } finally {
    for (const server of servers) server.child.kill();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else if (engines.has('postgres')) {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}

console.log(`\n${BUYERS} buyers, ${CAPACITY} places, ${CONCURRENCY} requests in flight.`);
console.table(
  Object.fromEntries(
    results.map((r) => [
      r.engine,
      {
        'holds/s': Math.round(r.holdsPerSecond),
        'hold p50 ms': Number(r.holdP50.toFixed(1)),
        'hold p99 ms': Number(r.holdP99.toFixed(1)),
        granted: r.granted,
        'checkouts/s': Math.round(r.checkoutsPerSecond),
        'checkout p50 ms': Number(r.checkoutP50.toFixed(1)),
        'checkout p99 ms': Number(r.checkoutP99.toFixed(1)),
        'purchase p50 ms': Number(r.purchaseP50.toFixed(1)),
        'purchase p99 ms': Number(r.purchaseP99.toFixed(1)),
        'checkouts / ceiling': `${((r.checkoutsPerSecond / r.ceiling) * 100).toFixed(1)} %`,
        'app CPU ms / checkout': Number(r.cpuPerCheckout.toFixed(2)),
        'paid w/o 1 mail+tickets': r.wrong,
        oversold: r.oversold,
        'ceiling updates/s': Math.round(r.ceiling),
        'unprepared ceiling /s': Math.round(r.unpreparedCeiling),
        'checkouts / unprepared ceiling': `${((r.checkoutsPerSecond / r.unpreparedCeiling) * 100).toFixed(1)} %`,
        '1-buyer stmt/s': Math.round(r.holdTransactions),
        '1-buyer stmt / ceiling': `${((r.holdTransactions / r.ceiling) * 100).toFixed(0)} %`,
        'HTTP holds / ceiling': `${((r.holdsPerSecond / r.ceiling) * 100).toFixed(0)} %`,
      },
    ]),
  ),
);
const failed = results.some(
  (r) => r.oversold > 0 || r.granted !== Math.min(CAPACITY, BUYERS) || r.completed !== r.granted || r.wrong > 0,
);
if (failed) {
  console.error('OVERSOLD, a wrong number of holds granted or orders paid, or a paid order without its tickets and one mail.');
  process.exitCode = 1;
}
