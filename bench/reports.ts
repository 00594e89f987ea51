/**
 * `npm run bench:reports`: the dashboard's figures on a million completed orders (issue 18,
 * decision 023). PostgreSQL only (BENCH_DATABASE_URL, TEST_DATABASE_URL, or a local server), on a
 * throwaway database made and dropped by the run. Seeding is plain SQL (generate_series): one
 * venue, a year of hourly slots, a million orders completed over the year before today (two
 * options with their unit prices, a set product on some, four payment methods, two channels, a
 * coupon on one in ten, a refund on one in fifty, a date change on one in two hundred), each with
 * its captured payment.
 *
 * Then, one call after another as a manager's page asks: the dashboard (`readDashboard`, what the
 * route calls) for the last month and for the last year, p50 / p99, beside a bare `count(*)` of the
 * same orders in the same run (the baseline), first from the orders alone (the plain grouped
 * statements), then after the summariser has kept the closed days (timed too). Goal, with the
 * summaries: month p99 ≤ 300 ms, year p99 ≤ 2 s; the run exits non-zero when one is missed. It stops
 * itself after 10 minutes. `BENCH_ORDERS` sets a smaller venue (for example 200000).
 */
import { performance } from 'node:perf_hooks';
import { addDays, todayIn } from '@storefront/domain/dates';
import { type DatabaseHandle, openDatabase } from '@storefront/server/db/client';
import { rows } from '@storefront/server/db/rows';
import { readDashboard } from '@storefront/server/modules/reports/dashboard';
import { summariseClosedDays } from '@storefront/server/modules/reports/dashboard-days';
import type { Site } from '@storefront/server/modules/sites/site';
import { createVenue } from '@storefront/server/modules/venue-setup/create-venue';
import { sql } from 'drizzle-orm';
import { inThrowawayDatabase } from './throwaway-database.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = 365;
const HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const GOALS_MS = { month: 300, year: 2000 };
const CALLS = { month: 40, year: 10 };
const PLAIN_CALLS = { month: 10, year: 3 };
const RUN_LIMIT_MS = 10 * 60_000;
const TIME_ZONE = 'Asia/Tokyo';

type Db = DatabaseHandle['db'];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timed(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  await call(); // warm-up
  const ms: number[] = [];
  for (let n = 0; n < calls; n++) {
    const started = performance.now();
    await call();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
}

async function seed(db: Db, siteId: number, today: string) {
  const [product] = await rows<{ id: number }>(
    db,
    sql`insert into products (site_id, key, position, type, sale_type, sales_channels, name, description, caution,
                              presented_by, max_per_order, opens_at, closes_at, slot_minutes, slot_capacity)
        values (${siteId}, 'timed', 1, 'time', 'ticket', '{web,spot}', '{"en":"Timed entry","ja":"日時指定"}', '{}', '{}', '{}', 10,
                '09:00', '21:00', 60, 400)
        returning id`,
  );
  if (!product) throw new Error('no product');
  const options = await rows<{ id: number }>(
    db,
    sql`insert into product_options (product_id, key, position, type, name, price)
        values (${product.id}, 'adult', 1, 'admission', '{"en":"Adult"}', 1500),
               (${product.id}, 'child', 2, 'admission', '{"en":"Child"}', 800)
        returning id`,
  );
  const [adult, child] = options;
  if (!adult || !child) throw new Error('no options');
  const [set] = await rows<{ id: number }>(
    db,
    sql`insert into set_products (main_product_id, key, position, name, description, price, capacity_per_slot)
        values (${product.id}, 'guide', 1, '{"en":"Audio guide"}', '{}', 500, 1000) returning id`,
  );
  if (!set) throw new Error('no set product');
  await db.execute(
    sql`insert into coupons (site_id, code, name, discount_type, discount_amount, coverage_from, coverage_to, expires_at, channels)
        select ${siteId}::int, 'BENCH' || k, jsonb_build_object('en', 'Bench coupon ' || k), 'fixed', 200,
               ${addDays(today, -DAYS - 30)}::date, ${addDays(today, 30)}::date, app_now() + interval '30 days', '{web}'
        from generate_series(1, 5) as k`,
  );
  // Slots of the year, hourly, venue-local; sold counters as the orders below leave them.
  await db.execute(
    sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
        select ${product.id}::int, d::date, (d::date + make_interval(hours => h)) at time zone ${TIME_ZONE},
               (d::date + make_interval(hours => h + 1)) at time zone ${TIME_ZONE}, 400, (h * 37 + extract(doy from d)::int * 11) % 400
        from generate_series(${addDays(today, -DAYS)}::date, ${addDays(today, 30)}::date, interval '1 day') as d,
             unnest(${`{${HOURS.join(',')}}`}::int[]) as h`,
  );
  // A million orders completed over the year before now, evenly, with their payments.
  await db.execute(
    sql`with slots as (select array_agg(id order by id) as ids, count(*)::int as n from product_time_spans where product_id = ${product.id}),
        numbered as (
          select i, slots.ids[1 + ((i * 7919) % slots.n)] as slot, 1 + (i % 3)::int as adults, (i % 2)::int as children,
                 (i % 4 = 0) as with_set, (i % 10 = 0) as with_coupon,
                 app_now() - interval '1 second' * ((i * 31557600 / ${ORDERS}::bigint) % 31557600) as at
          from generate_series(1, ${ORDERS}::bigint) as i, slots),
        made as (
          insert into orders (id, site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity,
                              option_values, set_products, payment_method, subtotal, discount, total, expires_at, created_at,
                              updated_at, completed_at, reservation_number, reservation_token_hash)
          select md5('order' || i)::uuid, ${siteId}::int, md5('token' || i), 'completed',
                 (array['web','web','web','spot'])[1 + (i % 4)], 'ja', ${product.id}::int, slot, adults + children,
                 jsonb_build_array(jsonb_build_object('option_value_id', ${adult.id}::int, 'quantity', adults, 'unit_price', 1500))
                   || case when children > 0 then jsonb_build_array(jsonb_build_object('option_value_id', ${child.id}::int,
                        'quantity', children, 'unit_price', 800)) else '[]'::jsonb end,
                 case when with_set then jsonb_build_array(jsonb_build_object('set_product_id', ${set.id}::int, 'quantity', 1, 'unit_price', 500))
                   else '[]'::jsonb end,
                 (array['gmo','gmo_paypay','d_pay','alipay'])[1 + (i % 4)],
                 1500 * adults + 800 * children + case when with_set then 500 else 0 end,
                 case when with_coupon then 200 else 0 end,
                 1500 * adults + 800 * children + case when with_set then 500 else 0 end - case when with_coupon then 200 else 0 end,
                 at, at - interval '9 minutes', at, at, lpad(upper(to_hex((i * 2654435761) % 1099511627776)), 10, '0'),
                 md5('reservation' || i)
          from numbered
          returning id, total, completed_at, payment_method)
        insert into payments (order_id, site_id, payment_number, attempt, idempotency_key, method, provider, amount, currency,
                              status, provider_reference, completed_at, settled_at, created_at, updated_at)
        select made.id, ${siteId}::int, 'pay_' || md5('payment' || made.id::text), 1, md5('key' || made.id::text), made.payment_method,
               'sandbox', made.total, 'JPY', 'captured', 'sbx_' || made.id::text, made.completed_at, made.completed_at,
               made.completed_at, made.completed_at
        from made`,
  );
  await db.execute(
    sql`insert into order_coupons (order_id, coupon_id, applied_at)
        select md5('order' || i)::uuid, c.ids[1 + (i / 10) % 5], app_now()
        from generate_series(10, ${ORDERS}::bigint, 10) as i, (select array_agg(id order by id) as ids from coupons where site_id = ${siteId}) c`,
  );
  await db.execute(
    sql`insert into refunds (order_id, site_id, payment_id, kind, amount, currency, status, idempotency_key, reason, requested_by,
                             created_at, settled_at)
        select p.order_id, ${siteId}::int, p.id, 'provider', p.amount, 'JPY', 'succeeded', 'refund_' || p.id::text, 'bench', 'staff',
               least(app_now(), p.completed_at + interval '2 days'), least(app_now(), p.completed_at + interval '2 days')
        from payments p where p.site_id = ${siteId} and get_byte(decode(md5(p.order_id::text), 'hex'), 0) < 5`,
  );
  await db.execute(
    sql`insert into time_changes (order_id, token_hash, status, from_time_span_id, to_time_span_id, quantity, lang, paid,
                                  new_subtotal, new_discount, new_total, fee, to_pay, to_refund, resulting_total, expires_at,
                                  created_at, completed_at)
        select o.id, md5('change' || o.id::text), 'completed', o.time_span_id, o.time_span_id, o.quantity, 'ja', o.total,
               o.subtotal, o.discount, o.total, 300, 300, 0, o.total + 300, least(app_now(), o.completed_at + interval '3 days'),
               least(app_now(), o.completed_at + interval '3 days'), least(app_now(), o.completed_at + interval '3 days')
        from orders o where o.site_id = ${siteId} and get_byte(decode(md5(o.id::text), 'hex'), 1) < 2`,
  );
}

type Line = { name: string; ms: number[]; goal?: number; baseline?: number[] };

async function run(handle: DatabaseHandle): Promise<boolean> {
  await handle.migrate();
  const db = handle.db;
  const venue: Site = await createVenue(db, {
    code: 'bench-reports',
    variant: 'bench-reports',
    kind: 'exhibition',
    name: { en: 'Bench venue' },
    languages: ['en'],
    currency: 'JPY',
    timeZone: TIME_ZONE,
  });
  const now = new Date();
  const today = todayIn(TIME_ZONE, now);

  // The load without the secondary indexes and foreign-key triggers, then the indexes made again.
  const seeding = performance.now();
  const tables = ['orders', 'payments', 'refunds', 'order_coupons', 'time_changes'];
  const tableList = sql.raw(tables.map((t) => `'${t}'`).join(', '));
  const indexes = await rows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename in (${tableList})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  await db.transaction(async (tx) => {
    const load = tx as unknown as Db;
    for (const index of indexes) await load.execute(sql.raw(`drop index "${index.name}"`));
    await load.execute(sql`set local session_replication_role = replica`);
    await seed(load, venue.id, today);
  });
  await db.transaction(async (tx) => {
    const build = tx as unknown as Db;
    await build.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await build.execute(sql.raw(index.definition));
  });
  await db.execute(sql.raw(`vacuum analyze ${tables.join(', ')}, product_time_spans, coupons`));
  const [counts] = await rows<{ orders: number; refunds: number; changes: number; coupons: number }>(
    db,
    sql`select (select count(*) from orders)::int as orders, (select count(*) from refunds)::int as refunds,
               (select count(*) from time_changes)::int as changes, (select count(*) from order_coupons)::int as coupons`,
  );
  console.log(
    `  ${counts?.orders} orders (with their payments), ${counts?.coupons} coupon uses, ${counts?.refunds} refunds, ${counts?.changes} date changes, loaded and indexed in ${seconds(seeding)} s`,
  );

  const month = { from: addDays(today, -29), to: today };
  const year = { from: addDays(today, -(DAYS - 1)), to: today };
  const dashboard = (range: { from: string; to: string }) => readDashboard(db, [venue], range, 'en', now);
  const bare = (range: { from: string; to: string }) =>
    rows(
      db,
      sql`select count(*) from orders where site_id = ${venue.id} and reservation_number is not null
            and completed_at >= (${range.from}::timestamp at time zone ${TIME_ZONE})
            and completed_at < ((${range.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
    );

  // The figures must be the orders', or their speed says nothing.
  const [year_count] = await rows<{ n: number; amount: number }>(
    db,
    sql`select count(*)::int as n, sum(total)::bigint as amount from orders where site_id = ${venue.id}
          and completed_at >= (${year.from}::timestamp at time zone ${TIME_ZONE})`,
  );
  const check = async (label: string) => {
    const answer = await dashboard(year);
    if (answer.totals.orders !== year_count?.n || answer.totals.amount !== Number(year_count?.amount))
      throw new Error(
        `${label}: the year counts ${answer.totals.orders} orders (${answer.totals.amount}), the orders ${year_count?.n}`,
      );
  };

  const lines: Line[] = [];
  const baselines = { month: await timed(CALLS.month, () => bare(month)), year: await timed(CALLS.year, () => bare(year)) };
  lines.push({ name: "bare count(*): the month's orders", ms: baselines.month });
  lines.push({ name: "bare count(*): the year's orders", ms: baselines.year });

  await check('plain statements');
  lines.push({
    name: 'plain statements: month',
    ms: await timed(PLAIN_CALLS.month, () => dashboard(month)),
    baseline: baselines.month,
  });
  lines.push({
    name: 'plain statements: year',
    ms: await timed(PLAIN_CALLS.year, () => dashboard(year)),
    baseline: baselines.year,
  });

  const summarising = performance.now();
  let days = 0;
  for (let kept = -1; kept !== 0; days += kept) kept = await summariseClosedDays(db, [venue], now);
  const summariserSeconds = seconds(summarising);
  console.log(`  the summariser kept ${days} closed days in ${summariserSeconds} s`);
  await check('with summaries');
  lines.push({
    name: 'with summaries: month',
    ms: await timed(CALLS.month, () => dashboard(month)),
    goal: GOALS_MS.month,
    baseline: baselines.month,
  });
  lines.push({
    name: 'with summaries: year',
    ms: await timed(CALLS.year, () => dashboard(year)),
    goal: GOALS_MS.year,
    baseline: baselines.year,
  });

  console.log(`\n  ${'what'.padEnd(40)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}   × baseline p99`);
  let met = true;
  for (const line of lines) {
    const p99 = percentile(line.ms, 99);
    const ratio = line.baseline ? `${(p99 / percentile(line.baseline, 99)).toFixed(1)}` : '(baseline)';
    const verdict =
      line.goal === undefined ? '' : p99 <= line.goal ? `   goal ≤ ${line.goal} ms: met` : `   goal ≤ ${line.goal} ms: NOT met`;
    if (line.goal !== undefined && p99 > line.goal) met = false;
    console.log(
      `  ${line.name.padEnd(40)}${percentile(line.ms, 50).toFixed(1).padStart(10)}${p99.toFixed(1).padStart(10)}   ${ratio}${verdict}`,
    );
  }
  console.log(`  summariser: ${days} days in ${summariserSeconds} s`);
  console.log(`\n  goals: month p99 ≤ ${GOALS_MS.month} ms, year p99 ≤ ${GOALS_MS.year} ms → ${met ? 'met' : 'NOT met'}`);
  return met;
}

await inThrowawayDatabase({ prefix: 'bench_reports', title: 'Reports', limitMs: RUN_LIMIT_MS }, async (url) => {
  const database = openDatabase({ engine: 'postgres', url, poolSize: 4 });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
});
