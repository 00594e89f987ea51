/**
 * `npm run bench:slots`: a year of 30-minute slots, 9:00–21:00 every day, for fifteen venues in
 * fifteen time zones (about 131,000 slots), made through the slot series operation the console's
 * route calls (`applySlotSeries` inside `changeCatalogue`, one transaction per venue). Beside it,
 * in the same run on the same engine and table, the floor: a bare `INSERT … SELECT
 * generate_series` of as many rows for fifteen other fresh products. Goals: the fifteen venues
 * within 10 s, at ≥ 30 % of the bare insert's rows/s. PGlite always; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Each engine's run stops itself after 5 minutes.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays, todayIn } from '@storefront/domain/dates';
import { type DatabaseHandle, openDatabase } from '@storefront/server/db/client';
import { rows } from '@storefront/server/db/rows';
import { applySlotSeries } from '@storefront/server/modules/catalogue/apply-slot-series';
import { changeCatalogue } from '@storefront/server/modules/catalogue/catalogue-changes';
import { createVenue } from '@storefront/server/modules/venue-setup/create-venue';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const VENUES = 15;
const DAYS = 365;
const ZONES = [
  'Asia/Tokyo',
  'Europe/Paris',
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Seoul',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Bangkok',
  'Asia/Riyadh',
  'America/Sao_Paulo',
  'Pacific/Auckland',
  'Europe/Madrid',
  'Asia/Singapore',
  'UTC',
];
const GOAL_SECONDS = 10;
const GOAL_RATIO = 0.3;
const RUN_LIMIT_MS = 5 * 60_000;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;

type Db = DatabaseHandle['db'];

/** 30-minute slots from 9:00 to 21:00 every day. */
const yearOf = (productId: number) => ({
  product_ids: [productId],
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  times: { kind: 'hours' as const, opens_at: '09:00', closes_at: '21:00' },
  slot_minutes: 30,
  capacity: 25,
});

/** A timed product, written straight to the table: the console has no product screen yet. */
async function makeProduct(db: Db, siteId: number, key: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into products (site_id, key, position, type, sale_type, sales_channels, name, description, caution,
                              presented_by, max_per_order, opens_at, closes_at, slot_minutes, slot_capacity)
        values (${siteId}, ${key}, 1, 'time', 'ticket', '{web}', '{"en":"Timed entry"}', '{}', '{}', '{}', 10,
                '09:00', '21:00', 30, 20)
        returning id`,
  );
  if (!row) throw new Error('no product');
  return row.id;
}

async function run(engine: string, handle: DatabaseHandle): Promise<boolean> {
  const limit = setTimeout(() => {
    console.error(`${engine}: still running after ${RUN_LIMIT_MS / 1000} s, stopping.`);
    process.exit(1);
  }, RUN_LIMIT_MS);
  try {
    await handle.migrate();
    const db = handle.db;
    const venues = [];
    for (const [index, timeZone] of ZONES.slice(0, VENUES).entries()) {
      const code = `bench-venue-${index + 1}`;
      const site = await createVenue(db, {
        code,
        variant: code,
        kind: 'exhibition',
        name: { en: `Bench venue ${index + 1}` },
        languages: ['en'],
        currency: 'EUR',
        timeZone,
      });
      venues.push({
        site,
        seriesProduct: await makeProduct(db, site.id, 'series'),
        bareProduct: await makeProduct(db, site.id, 'bare'),
      });
    }

    // The floor: as many rows of the same shape, from generate_series, one statement per venue and transaction.
    const perVenue = DAYS * 24;
    const bareStarted = performance.now();
    let bareRows = 0;
    for (const venue of venues) {
      const [made] = await rows<{ n: number }>(
        db,
        sql`with made as (
              insert into product_time_spans (product_id, date, starts_at, ends_at, capacity)
              select ${venue.bareProduct}::int, g::date, g, g + interval '30 minutes', 25
                from generate_series(timestamptz '2030-01-01 00:00Z', timestamptz '2030-01-01 00:00Z' + (${perVenue - 1}::int * interval '30 minutes'), interval '30 minutes') as g
              returning 1)
            select count(*)::int as n from made`,
      );
      bareRows += made?.n ?? 0;
    }
    const bareSeconds = (performance.now() - bareStarted) / 1000;

    const ctx = { db, catalogueChanges: { changed() {}, poll: async () => false, stop() {} } };
    const started = performance.now();
    let created = 0;
    for (const venue of venues) {
      const from = addDays(todayIn(venue.site.timeZone), 1);
      const applied = await changeCatalogue(ctx, venue.site.id, (tx) =>
        applySlotSeries(tx, venue.site, { ...yearOf(venue.seriesProduct), valid_from: from, valid_to: addDays(from, DAYS - 1) }),
      );
      created += applied.created;
    }
    const seconds = (performance.now() - started) / 1000;

    // The same year again: every slot is there, so each one is probed for overlaps and skipped.
    const againStarted = performance.now();
    let skipped = 0;
    for (const venue of venues) {
      const from = addDays(todayIn(venue.site.timeZone), 1);
      const applied = await changeCatalogue(ctx, venue.site.id, (tx) =>
        applySlotSeries(tx, venue.site, { ...yearOf(venue.seriesProduct), valid_from: from, valid_to: addDays(from, DAYS - 1) }),
      );
      skipped += applied.existing;
    }
    const againSeconds = (performance.now() - againStarted) / 1000;

    const [check] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_time_spans where series_id is not null`,
    );
    const rate = created / seconds;
    const bareRate = bareRows / bareSeconds;
    const ratio = rate / bareRate;
    const met = seconds <= GOAL_SECONDS && ratio >= GOAL_RATIO;
    console.log(`\n${engine}`);
    console.log(
      `  bare INSERT … SELECT generate_series: ${bareRows} rows in ${bareSeconds.toFixed(2)} s = ${Math.round(bareRate)} rows/s`,
    );
    console.log(
      `  slot series, ${VENUES} venues × ${DAYS} days: ${created} rows in ${seconds.toFixed(2)} s = ${Math.round(rate)} rows/s (${check?.n ?? 0} series slots in the table)`,
    );
    console.log(`  the same year applied again: ${skipped} slots found and skipped in ${againSeconds.toFixed(2)} s`);
    console.log(
      `  ratio series / bare: ${(ratio * 100).toFixed(0)} %   goals: ≤ ${GOAL_SECONDS} s → ${seconds <= GOAL_SECONDS ? 'met' : 'NOT met'}, ≥ ${GOAL_RATIO * 100} % of bare → ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'}`,
    );
    if (created !== VENUES * perVenue) console.log(`  expected ${VENUES * perVenue} slots, made ${created}`);
    return met && created === VENUES * perVenue;
  } finally {
    clearTimeout(limit);
  }
}

let ok = true;
const pglite = openDatabase({ engine: 'pglite', dataDir: null });
try {
  ok = (await run('PGlite', pglite)) && ok;
} finally {
  await pglite.close();
}
if (postgresUrl) {
  const name = `bench_slots_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    ok = (await run('PostgreSQL', database)) && ok;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}
if (!ok) process.exitCode = 1;
