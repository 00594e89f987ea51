/**
 * `npm run bench:console-orders`: the console's order search on a million completed orders.
 * PostgreSQL only (BENCH_DATABASE_URL, TEST_DATABASE_URL, or a local server), on a throwaway
 * database made and dropped by the run. Seeding is plain SQL (generate_series): a venue with a
 * year of hourly slots, a million completed orders spread over them (with their tickets, one in
 * about fifty with one cancelled, and a captured payment each) and a small second venue whose visitors share
 * addresses with the first's. The indexes of the migrations are dropped for the load and made
 * again from their own definitions, as a restore does.
 *
 * Then, with 20 callers at once, each calling `searchOrders` (the operation behind
 * `GET /console/api/v1/venues/:venue/orders`) one search after another: by reservation number
 * (written without its hyphen), by e-mail, by slot, and the first page of today's visits sorted by
 * visit time; beside them, in the same run, a bare primary-key read of an order. Then the count of
 * the status filters "partly cancelled" and "cancelled" (the `total` of such a search), beside the
 * statement that counted them before, read from every order of the venue (the same run's
 * baseline; it must find the same numbers). Goal: p99 ≤ 100 ms for every search. The run stops
 * itself after 10 minutes. `BENCH_ORDERS` sets a smaller venue (for example 200000).
 */
import { performance } from 'node:perf_hooks';
import { ORDER_COUNT_LIMIT, type OrderSearchQuery } from '@storefront/domain/console/order-search';
import { todayIn } from '@storefront/domain/dates';
import { type DatabaseHandle, openDatabase } from '@storefront/server/db/client';
import { rows } from '@storefront/server/db/rows';
import { orderReads } from '@storefront/server/modules/customer-service/order-reads';
import { countOrders, searchOrders } from '@storefront/server/modules/orders/search-orders';
import { createVenue } from '@storefront/server/modules/venue-setup/create-venue';
import { sql } from 'drizzle-orm';
import { inThrowawayDatabase } from './throwaway-database.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const OTHER_VENUE_ORDERS = 20_000;
const DAYS_BEFORE = 200;
const DAYS_AFTER = 165;
const HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const CALLERS = 20;
const CALLS_PER_CALLER = 100;
const WARM_UP_CALLS = 200;
const STATUS_CALLS_PER_CALLER = 10;
const GOAL_P99_MS = 100;
const RUN_LIMIT_MS = 10 * 60_000;
const TIME_ZONE = 'Asia/Tokyo';

type Db = DatabaseHandle['db'];
type Venue = { id: number; timeZone: string; currency: string };

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function makeProduct(db: Db, siteId: number): Promise<{ productId: number; optionId: number }> {
  const [product] = await rows<{ id: number }>(
    db,
    sql`insert into products (site_id, key, position, type, sale_type, sales_channels, name, description, caution,
                              presented_by, max_per_order, opens_at, closes_at, slot_minutes, slot_capacity)
        values (${siteId}, 'timed', 1, 'time', 'ticket', '{web}', '{"en":"Timed entry"}', '{}', '{}', '{}', 10,
                '09:00', '21:00', 60, 400)
        returning id`,
  );
  if (!product) throw new Error('no product');
  const [option] = await rows<{ id: number }>(
    db,
    sql`insert into product_options (product_id, key, position, type, name, price)
        values (${product.id}, 'adult', 1, 'admission', '{"en":"Adult"}', 1500) returning id`,
  );
  if (!option) throw new Error('no option');
  return { productId: product.id, optionId: option.id };
}

/** Hourly slots from DAYS_BEFORE days ago to DAYS_AFTER days ahead, venue-local. */
async function makeSlots(db: Db, productId: number) {
  const today = todayIn(TIME_ZONE);
  await db.execute(
    sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity)
        select ${productId}::int, d::date, (d::date + make_interval(hours => h)) at time zone ${TIME_ZONE},
               (d::date + make_interval(hours => h + 1)) at time zone ${TIME_ZONE}, 100000
        from generate_series(${today}::date - ${DAYS_BEFORE}::int, ${today}::date + ${DAYS_AFTER}::int, interval '1 day') as d,
             unnest(${`{${HOURS.join(',')}}`}::int[]) as h`,
  );
}

/**
 * `count` completed orders of a venue numbered from `first`: a reservation number made unique by
 * an odd multiplier (a bijection on 40 bits), one of 600,000 visitors' names and addresses, a
 * slot picked from the product's, paid some days before the visit.
 */
async function seedOrders(
  db: Db,
  siteId: number,
  product: { productId: number; optionId: number },
  first: number,
  count: number,
) {
  await db.execute(
    sql`with slots as (select array_agg(id order by id) as ids, count(*)::int as n from product_time_spans where product_id = ${product.productId}),
        numbered as (
          select i, slots.ids[1 + ((i * 7919) % slots.n)] as slot, 1 + (i % 3)::int as quantity,
                 lpad(upper(to_hex((i * 2654435761) % 1099511627776)), 10, '0') as number
          from generate_series(${first}::bigint, ${first + count - 1}::bigint) as i, slots),
        made as (
          insert into orders (id, site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity,
                              option_values, set_products, customer_fields, subtotal, total, expires_at, created_at,
                              updated_at, completed_at, reservation_number, reservation_token_hash)
          select md5('order' || i)::uuid, ${siteId}::int, md5('token' || i), 'completed',
                 (array['web','web','web','pos','kiosk','OTA'])[1 + (i % 6)], 'ja', ${product.productId}::int, slot, quantity,
                 jsonb_build_array(jsonb_build_object('option_value_id', ${product.optionId}::int, 'quantity', quantity)), '[]',
                 jsonb_build_object(
                   'fullname', (array['Hanako','Taro','Yuki','Kenji','Aiko','Sora','Mei','Ren'])[1 + (i % 8)] || ' ' ||
                               (array['Yamada','Suzuki','Tanaka','Sato','Ito','Kato','Mori','Abe','Ono','Kondo'])[1 + ((i / 8) % 10)] ||
                               (i % 600000)::text,
                   'email', 'visitor' || (i % 600000) || '@example.com',
                   'phone', '090-' || lpad(((i % 600000) / 10000)::text, 4, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
                   'resident_area', 'Japan'),
                 1500 * quantity, 1500 * quantity, t.starts_at, paid.at - interval '9 minutes', paid.at - interval '9 minutes', paid.at,
                 substr(number, 1, 5) || '-' || substr(number, 6, 5), md5('reservation' || i)
          from numbered join product_time_spans t on t.id = numbered.slot,
               lateral (select least(app_now(), t.starts_at - interval '10 days' * (i % 7)) - interval '1 second' * (i % 86400) as at) as paid
          returning id, quantity, total, completed_at),
        admissions as (
          insert into tickets (order_id, option_id, position, status, cancelled_at)
          select made.id, ${product.optionId}::int, p,
                 case when get_byte(decode(md5(made.id::text), 'hex'), 0) < 5 and p = 1 then 'cancelled' else 'valid' end,
                 case when get_byte(decode(md5(made.id::text), 'hex'), 0) < 5 and p = 1 then app_now() end
          from made, generate_series(1, made.quantity) as p
          returning 1)
        insert into payments (order_id, site_id, payment_number, attempt, idempotency_key, method, provider, amount, currency,
                              status, provider_reference, completed_at, settled_at, created_at, updated_at)
        select made.id, ${siteId}::int, 'pay_' || md5('payment' || made.id::text), 1, md5('key' || made.id::text), 'gmo', 'sandbox',
               made.total, 'JPY', 'captured', 'sbx_' || made.id::text, made.completed_at, made.completed_at,
               made.completed_at, made.completed_at
        from made`,
  );
}

/**
 * The status filter's count as it was made before: every completed order of the venue tested
 * against the cancelled admissions (kept here as the same run's baseline).
 */
function formerStandingCount(db: Db, siteId: number, standing: 'partly_cancelled' | 'cancelled') {
  const standingOne = sql`exists (select 1 from tickets t where t.order_id = o.id and t.status <> 'cancelled')`;
  return rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from orders o
          where o.site_id = ${siteId} and o.reservation_number is not null
            and o.id in (select t.order_id from tickets t where t.status = 'cancelled')
            and ${standing === 'partly_cancelled' ? standingOne : sql`not ${standingOne}`}
          limit ${ORDER_COUNT_LIMIT + 1}) c`,
  ).then(([row]) => row?.n ?? 0);
}

type Sample = { name: string; ms: number[]; isBaseline?: boolean };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** CALLERS callers at once, each making its calls one after another; every call's time kept. */
async function measure(
  name: string,
  call: (n: number) => Promise<unknown>,
  calls = { perCaller: CALLS_PER_CALLER, warmUp: WARM_UP_CALLS },
): Promise<Sample> {
  for (let n = 0; n < calls.warmUp; n++) await call(n);
  const ms: number[] = [];
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let k = 0; k < calls.perCaller; k++) {
        const started = performance.now();
        await call(caller * calls.perCaller + k + calls.warmUp);
        ms.push(performance.now() - started);
      }
    }),
  );
  return { name, ms: ms.sort((a, b) => a - b) };
}

async function run(handle: DatabaseHandle): Promise<boolean> {
  await handle.migrate();
  const db = handle.db;
  const venue = await createVenue(db, {
    code: 'bench-orders',
    variant: 'bench-orders',
    kind: 'exhibition',
    name: { en: 'Bench venue' },
    languages: ['en'],
    currency: 'JPY',
    timeZone: TIME_ZONE,
  });
  const other = await createVenue(db, {
    code: 'bench-other',
    variant: 'bench-other',
    kind: 'exhibition',
    name: { en: 'Other venue' },
    languages: ['en'],
    currency: 'JPY',
    timeZone: TIME_ZONE,
  });
  const product = await makeProduct(db, venue.id);
  const otherProduct = await makeProduct(db, other.id);
  await makeSlots(db, product.productId);
  await makeSlots(db, otherProduct.productId);

  // The load: without the tables' secondary indexes and foreign-key triggers, then the indexes
  // made again from their own definitions (unique constraints stay throughout).
  const seeding = performance.now();
  const indexes = await rows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename in ('orders', 'tickets', 'payments')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  const uniques = await rows<{ name: string; table: string; definition: string }>(
    db,
    sql`select conname as name, conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
        from pg_constraint where contype = 'u' and conrelid in ('orders'::regclass, 'tickets'::regclass, 'payments'::regclass)`,
  );
  // One transaction, so its settings hold on its one connection.
  await db.transaction(async (tx) => {
    const load = tx as unknown as Db;
    for (const index of indexes) await load.execute(sql.raw(`drop index "${index.name}"`));
    for (const unique of uniques) await load.execute(sql.raw(`alter table ${unique.table} drop constraint "${unique.name}"`));
    await load.execute(sql`set local session_replication_role = replica`);
    await seedOrders(load, venue.id, product, 1, ORDERS);
    await seedOrders(load, other.id, otherProduct, ORDERS + 1, OTHER_VENUE_ORDERS);
  });
  console.log(`  loaded ${ORDERS} + ${OTHER_VENUE_ORDERS} orders with tickets and payments in ${seconds(seeding)} s`);
  const indexing = performance.now();
  await db.transaction(async (tx) => {
    const build = tx as unknown as Db;
    await build.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await build.execute(sql.raw(index.definition));
    for (const unique of uniques) {
      await build.execute(sql.raw(`alter table ${unique.table} add constraint "${unique.name}" ${unique.definition}`));
    }
  });
  // A database in service has been vacuumed by now: its visibility map lets counts read indexes alone.
  await db.execute(sql`vacuum analyze orders, tickets, payments, product_time_spans, order_coupons, coupons`);
  console.log(
    `  ${indexes.length} indexes and ${uniques.length} unique constraints made again, vacuumed and analysed in ${seconds(indexing)} s (seeding ${seconds(seeding)} s in all)`,
  );

  const [counts] = await rows<{ orders: number; tickets: number; payments: number }>(
    db,
    sql`select (select count(*) from orders)::int as orders, (select count(*) from tickets)::int as tickets,
               (select count(*) from payments)::int as payments`,
  );
  console.log(`  ${counts?.orders} orders, ${counts?.tickets} tickets, ${counts?.payments} payments`);

  // What staff would type: existing numbers, addresses and slots, picked at random.
  const picks = await rows<{ id: string; number: string; email: string; slot: number }>(
    db,
    sql`select id, reservation_number as number, customer_fields->>'email' as email, time_span_id as slot
        from orders where site_id = ${venue.id} order by md5(id::text) limit 2000`,
  );
  const pick = (n: number) => picks[n % picks.length] ?? picks[0];
  const bench: Venue = { id: venue.id, timeZone: venue.timeZone, currency: venue.currency };
  const today = todayIn(TIME_ZONE);
  const query = (extra: Partial<OrderSearchQuery>): OrderSearchQuery => ({
    q: undefined,
    sort: 'completed_at',
    direction: 'desc',
    page: 1,
    size: 50,
    ...extra,
  });

  // Every search must find what it looks for, or its speed says nothing.
  const check = async (label: string, q: OrderSearchQuery, expect: (total: number) => boolean) => {
    const page = await searchOrders(db, orderReads, bench, q);
    if (!expect(page.total)) throw new Error(`${label}: found ${page.total}`);
  };
  const first = pick(0);
  if (!first) throw new Error('no orders to pick from');
  await check('reservation number', query({ q: first.number.replace('-', '') }), (n) => n === 1);
  await check('e-mail', query({ q: first.email.toUpperCase() }), (n) => n >= 1 && n <= 5);
  await check('slot', query({ time_span_id: first.slot }), (n) => n >= 1);
  await check('today', query({ from: today, to: today, sort: 'visit', direction: 'asc' }), (n) => n >= 1);
  for (const standing of ['partly_cancelled', 'cancelled'] as const) {
    const [now, before] = [
      await countOrders(db, orderReads, bench, { q: undefined, status: standing }),
      await formerStandingCount(db, venue.id, standing),
    ];
    if (now !== before || now === 0) throw new Error(`${standing}: counted ${now}, the former count ${before}`);
    console.log(`  ${standing}: ${now} orders${now > ORDER_COUNT_LIMIT ? ' (the count stops there)' : ''}`);
  }

  const samples: Sample[] = [];
  samples.push(
    await measure('primary-key read (floor)', (n) =>
      rows(db, sql`select * from orders where id = ${pick(n)?.id ?? first.id}::uuid`),
    ),
  );
  samples.push(
    await measure('by reservation number', (n) =>
      searchOrders(db, orderReads, bench, query({ q: (pick(n)?.number ?? first.number).replace('-', '') })),
    ),
  );
  samples.push(
    await measure('by e-mail', (n) => searchOrders(db, orderReads, bench, query({ q: pick(n)?.email ?? first.email }))),
  );
  samples.push(
    await measure('by slot', (n) => searchOrders(db, orderReads, bench, query({ time_span_id: pick(n)?.slot ?? first.slot }))),
  );
  samples.push(
    await measure("today's first page by visit time", () =>
      searchOrders(db, orderReads, bench, query({ from: today, to: today, sort: 'visit', direction: 'asc' })),
    ),
  );

  // The former count reads every order of the venue: fewer calls, so the run stays within its limit.
  const fewer = { perCaller: STATUS_CALLS_PER_CALLER, warmUp: CALLERS };
  for (const standing of ['partly_cancelled', 'cancelled'] as const) {
    const sample = await measure(`former count: ${standing}`, () => formerStandingCount(db, venue.id, standing), fewer);
    samples.push({ ...sample, isBaseline: true });
    samples.push(
      await measure(`count: ${standing}`, () => countOrders(db, orderReads, bench, { q: undefined, status: standing }), fewer),
    );
    samples.push(
      await measure(`first page: ${standing}`, () => searchOrders(db, orderReads, bench, query({ status: standing })), fewer),
    );
  }

  const floor = samples[0];
  const floorP50 = floor ? percentile(floor.ms, 50) : Number.NaN;
  const floorP99 = floor ? percentile(floor.ms, 99) : Number.NaN;
  console.log(
    `\n  ${CALLERS} callers at once, ${CALLERS * CALLS_PER_CALLER} calls of each search (after ${WARM_UP_CALLS} to warm up), ${CALLERS * STATUS_CALLS_PER_CALLER} of each status count (after ${CALLERS}):`,
  );
  console.log(`  ${'what'.padEnd(36)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}   × floor p50 / p99`);
  let met = true;
  for (const sample of samples) {
    const p50 = percentile(sample.ms, 50);
    const p99 = percentile(sample.ms, 99);
    const isSearch = sample !== floor && !sample.isBaseline;
    if (isSearch && p99 > GOAL_P99_MS) met = false;
    console.log(
      `  ${sample.name.padEnd(36)}${p50.toFixed(2).padStart(9)}${p99.toFixed(2).padStart(9)}${(sample.ms.at(-1) ?? 0).toFixed(2).padStart(9)}   ${(p50 / floorP50).toFixed(1)} / ${(p99 / floorP99).toFixed(1)}${isSearch ? (p99 <= GOAL_P99_MS ? '   met' : '   NOT met') : sample.isBaseline ? '   (baseline)' : ''}`,
    );
  }
  console.log(`\n  goal: p99 ≤ ${GOAL_P99_MS} ms for every search → ${met ? 'met' : 'NOT met'}`);
  return met;
}

await inThrowawayDatabase({ prefix: 'bench_orders', title: 'Console order search', limitMs: RUN_LIMIT_MS }, async (url) => {
  // One connection per caller, as a server of 20 workers would have.
  const database = openDatabase({ engine: 'postgres', url, poolSize: CALLERS });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
});
