/**
 * `npm run bench:reconcile`: a backlog of paid-but-unfinished orders (3-D Secure passed at the
 * gateway, the visitor never came back — a server stopped, a phone lost its signal) behind 120
 * abandoned attempts, settled by one reconciler run. Beside it, in the same run and on the same
 * database, the baseline: as many orders finished by their visitors' own returns (exe-payment),
 * eight at a time. Prints orders/s of both and their ratio; goal: the backlog of 1,000 finished
 * within a minute, every order completed once. PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL or BENCH_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@storefront/server/app';
import { type DatabaseHandle, openDatabase } from '@storefront/server/db/client';
import { prepareDatabase } from '@storefront/server/db/prepare';
import { rows } from '@storefront/server/db/rows';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1000);
const ABANDONED = 120;
const CONCURRENCY = 8;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;

type App = Awaited<ReturnType<typeof buildApp>>;

async function pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

function storefrontStandIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  return dir;
}

/** Orders on fresh slots whose 3-D Secure challenge the visitor passed (and, with `pass` false, did not). */
async function attempts(app: App, db: DatabaseHandle['db'], count: number, pass: boolean): Promise<string[]> {
  const [slot] = await rows<{ product_uuid: string; time_span_id: number; option_id: number }>(
    db,
    sql`select p.uuid::text as product_uuid, t.id as time_span_id,
             (select o.id from product_options o where o.product_id = p.id and o.type = 'admission' and o.price > 0 order by o.position limit 1) as option_id
        from products p join product_time_spans t on t.product_id = p.id join sites s on s.id = p.site_id
        where s.variant = 'demo' and p.type = 'time' and t.date > current_date
          and not exists (select 1 from stock_holds h where h.time_span_id = t.id)
        order by t.date, t.starts_at desc limit 1`,
  );
  if (!slot) throw new Error('no slot');
  await db.execute(sql`update product_time_spans set capacity = ${count}, sold = 0, held = 0 where id = ${slot.time_span_id}`);
  const first = await app.inject({ method: 'GET', url: '/demo/api/v1/configurations' });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))?.[1] ?? '';
  const call = async (method: 'POST' | 'PUT', path: string, payload: object) => {
    const response = await app.inject({
      method,
      url: `/demo/api/v1/${path}`,
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload,
    });
    return response.json() as Record<string, string>;
  };
  const numbers: string[] = [];
  await pool(
    Array.from({ length: count }, (_, i) => i),
    async () => {
      const { order_token: token } = await call('POST', 'orders', {
        lang: 'en',
        product_uuid: slot.product_uuid,
        time_span_id: slot.time_span_id,
        quantity: 1,
        option_values: [{ option_value_id: slot.option_id, quantity: 1 }],
        set_products: [],
      });
      await call('PUT', `orders/${token}`, {
        customer_info: {
          fullname: 'Bench Visitor',
          email: `bench-${randomBytes(4).toString('hex')}@example.com`,
          phone: '090-1234-5678',
          resident_area: 'Japan / 日本',
          mail_magazine: 'false',
        },
        payment_method: 'gmo_3ds',
      });
      const started = await call('POST', `orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 1, cvc: '123', name: 'BENCH' },
      });
      if (started.status !== 'requires_action') throw new Error(`checkout answered ${JSON.stringify(started)}`);
      if (pass) {
        await app.inject({
          method: 'POST',
          url: new URL(started.redirect_url ?? '').pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'action=pass',
        });
      }
      numbers.push(started.payment_number ?? '');
    },
  );
  // Nobody came back for ten minutes.
  await db.execute(sql`update payments set created_at = app_now() - interval '10 minutes', updated_at = app_now() - interval '10 minutes'
    where payment_number in ${numbers}`);
  return numbers;
}

async function completed(db: DatabaseHandle['db'], numbers: string[]) {
  const [row] = await rows<{ orders: number; completions: number }>(
    db,
    sql`select count(*) filter (where o.status = 'completed')::int as orders,
               (select count(*)::int from payment_events e join payments q on q.id = e.payment_id
                 where q.payment_number in ${numbers} and e.kind = 'completed') as completions
        from payments p join orders o on o.id = p.order_id where p.payment_number in ${numbers}`,
  );
  return row ?? { orders: 0, completions: 0 };
}

async function run(engine: string, database: DatabaseHandle) {
  await prepareDatabase(database, { seedsDemo: true, topUp: false, seed: { variants: ['demo'], days: 3 } });
  const app = await buildApp({
    config: { appMode: 'demo', appEnv: 'production', reconnectSite: null },
    db: database.db,
    storefrontDir: storefrontStandIn(),
  });
  await app.ready();
  await app.startupReconcile();
  const db = database.db;

  // Baseline: the same number of paid orders finished by their visitors' returns.
  const returned = await attempts(app, db, BACKLOG, true);
  const first = await app.inject({ method: 'GET', url: '/demo/api/v1/configurations' });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))?.[1] ?? '';
  const answers = new Map<number, number>();
  const baselineSeconds = await pool(returned, async (number) => {
    const response = await app.inject({
      method: 'POST',
      url: '/demo/api/v1/gmo-secure/exe-payment',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: { md: number },
    });
    answers.set(response.statusCode, (answers.get(response.statusCode) ?? 0) + 1);
  });
  if (answers.size !== 1 || !answers.has(200)) console.log('  returns answered', Object.fromEntries(answers));
  const baseline = await completed(db, returned);

  await attempts(app, db, ABANDONED, false);
  const backlog = await attempts(app, db, BACKLOG, true);
  const started = performance.now();
  const looked = await app.reconcilePayments(60);
  // The server's own 30-second run may have claimed part of the backlog first (processes and runs
  // share the work): the backlog is done when every order is.
  let settled = await completed(db, backlog);
  while (settled.orders < BACKLOG && performance.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    settled = await completed(db, backlog);
  }
  const seconds = (performance.now() - started) / 1000;
  await app.close();

  console.log(`\n${engine}`);
  console.log(
    `  visitors' returns (baseline): ${BACKLOG} orders in ${baselineSeconds.toFixed(1)} s = ${(BACKLOG / baselineSeconds).toFixed(0)} orders/s, ${baseline.orders} completed`,
  );
  console.log(
    `  reconciler, one run:          ${BACKLOG} paid behind ${ABANDONED} abandoned, all completed ${seconds.toFixed(1)} s after the run began (${looked} rows looked at by it) = ${(BACKLOG / seconds).toFixed(0)} orders/s, ${settled.orders} completed, ${settled.completions} completions recorded`,
  );
  console.log(
    `  ratio reconciler / returns:   ${(baselineSeconds / seconds).toFixed(2)}   goal: ${BACKLOG} within 60 s → ${seconds <= 60 ? 'met' : 'NOT met'}`,
  );
}

await run('PGlite', openDatabase({ engine: 'pglite', dataDir: null }));
if (postgresUrl) {
  const name = `bench_reconcile_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 20 });
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
