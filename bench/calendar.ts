/**
 * `npm run bench:calendar`: one bulk capacity change over 10,000 slots, made through the function
 * the console's route calls (`applyCalendarChange`: expired holds reclaimed, the conditional
 * update, refusals explained, catalogue marked changed, audit entry, one transaction), on PGlite
 * and on PostgreSQL when TEST_DATABASE_URL or BENCH_DATABASE_URL is set. Beside it in the same
 * run, a bare `UPDATE` of the same rows as the baseline. Some slots have sold more than the new
 * capacity, so the refusal path is part of the figure. Goal: ≤ 2 s.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays, todayIn } from '@storefront/domain/dates';
import { type Database, openDatabase } from '@storefront/server/db/client';
import { rows } from '@storefront/server/db/rows';
import { seedCatalogue } from '@storefront/server/db/seed';
import { applyCalendarChange } from '@storefront/server/modules/catalogue/change-calendar';
import { createSitesService } from '@storefront/server/modules/sites/sites.service';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const SLOTS = Number(process.env.BENCH_SLOTS ?? 10_000);
const SLOTS_PER_DAY = 100;
const GOAL_SECONDS = 2;
const RUNS = 3;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;

type Figures = { engine: string; slots: number; changed: number; refused: number; seconds: number; bare: number };

/** A product of the demo with `SLOTS` slots of its own (set-based), some of them partly sold. */
async function prepare(db: Database) {
  await seedCatalogue(db, { days: 1, variants: ['demo'] });
  const [product] = await rows<{ id: number; site_id: number }>(
    db,
    sql`insert into products (site_id, key, position, type, sale_type, sales_channels, name, description, caution,
          presented_by, max_per_order, opens_at, closes_at, slot_minutes, slot_capacity)
        select id, 'bench-calendar', 999, 'time', 'normal', '{web}', '{"en":"Bench"}', '{}', '{}', '{}', 10,
               '08:00', '18:00', 6, 40
        from sites where code = 'demo'
        returning id, site_id`,
  );
  if (!product) throw new Error('no demo site');
  const from = addDays(todayIn('Asia/Tokyo'), 10);
  const days = Math.ceil(SLOTS / SLOTS_PER_DAY);
  await db.execute(sql`
    insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
    select ${product.id}, d::date,
           (d + time '08:00' + n * interval '6 minutes') at time zone 'Asia/Tokyo',
           (d + time '08:00' + (n + 1) * interval '6 minutes') at time zone 'Asia/Tokyo',
           40, (n * 7 + extract(day from d)::int) % 35
    from generate_series(${from}::date, ${addDays(from, days - 1)}::date, interval '1 day') d
    cross join generate_series(0, ${SLOTS_PER_DAY - 1}) n`);
  return { productId: product.id, from, to: addDays(from, days - 1) };
}

async function measure(engine: string, db: Database): Promise<Figures> {
  const { productId, from, to } = await prepare(db);
  const sites = createSitesService(db, { appMode: 'demo', defaultVariant: 'demo', reconnectSite: null });
  const site = await sites.resolve('demo');
  if (!site) throw new Error('no demo site');
  const ctx = { db, catalogueChanges: { changed() {}, poll: async () => false, stop() {} } };
  const actor = { type: 'system' as const, id: null, label: 'bench', clientIp: null };
  let best = Number.POSITIVE_INFINITY;
  let bare = Number.POSITIVE_INFINITY;
  let last = { selected: 0, changed: 0, refused_count: 0 };
  for (let run = 0; run < RUNS; run++) {
    // Alternating values, so every run writes every row it may.
    const capacity = 30 + (run % 2);
    const started = performance.now();
    last = await applyCalendarChange(ctx, site, actor, {
      selection: { from, to, product_ids: [productId] },
      change: { kind: 'capacity', capacity },
    });
    best = Math.min(best, (performance.now() - started) / 1000);
    const bareStarted = performance.now();
    await db.execute(sql`update product_time_spans set capacity = ${capacity + 10}
                         where product_id = ${productId} and date between ${from}::date and ${to}::date`);
    bare = Math.min(bare, (performance.now() - bareStarted) / 1000);
  }
  return { engine, slots: last.selected, changed: last.changed, refused: last.refused_count, seconds: best, bare };
}

const results: Figures[] = [];
{
  const handle = openDatabase({ engine: 'pglite', dataDir: null });
  await handle.migrate();
  try {
    results.push(await measure('PGlite', handle.db));
  } finally {
    await handle.close();
  }
}
if (postgresUrl) {
  const name = `storefront_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    await handle.migrate();
    results.push(await measure('PostgreSQL', handle.db));
  } finally {
    await handle.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL.');
}

console.table(
  Object.fromEntries(
    results.map((r) => [
      r.engine,
      {
        slots: r.slots,
        changed: r.changed,
        refused: r.refused,
        'bulk change s': Number(r.seconds.toFixed(3)),
        'bare UPDATE s': Number(r.bare.toFixed(3)),
        'ratio to bare': Number((r.seconds / r.bare).toFixed(1)),
      },
    ]),
  ),
);
console.log(`Goal: a bulk capacity change of ${SLOTS} slots in ≤ ${GOAL_SECONDS} s (best of ${RUNS}).`);
const missed = results.filter((r) => r.seconds > GOAL_SECONDS);
if (missed.length > 0) {
  console.error(`Missed on ${missed.map((r) => r.engine).join(', ')}.`);
  process.exitCode = 1;
}
