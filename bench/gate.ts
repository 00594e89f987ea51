/**
 * `npm run bench:gate`: a launch day at the gate (decision 021). PostgreSQL only, on a throwaway
 * database made and dropped by the run, with the demo catalogue.
 *
 * 1. Online: 20 paired gate devices scan at once against two server processes, each code a
 *    different admission of today's slot, through the real route (device token, signature check,
 *    locks, check-in, audit entry). Printed: check-ins/s, p50 and p99 from scan to answer. Beside
 *    it, in the same run, the floor: a bare indexed one-row UPDATE of the same admissions by 20
 *    callers on the same database. Goal: p99 ≤ 150 ms.
 * 2. Offline: a signed code verified in Chromium as the gate app does without the network (Ed25519
 *    with @noble/ed25519 and WebCrypto's SHA-512, after reading the code), beside the same reading
 *    with no signature check. Goal: p99 ≤ 20 ms.
 */

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@storefront/server/db/client';
import { rows } from '@storefront/server/db/rows';
import { seedCatalogue } from '@storefront/server/db/seed';
import { hashToken, newToken } from '@storefront/server/lib/tokens';
import { gateDevices } from '@storefront/server/modules/staff/staff.schema';
import { createKeyCache, signPayload } from '@storefront/server/modules/tickets/ticket-signing';
import { seedPaidOrders } from '@storefront/server/test/paid-orders';
import { freePort, startServer } from '@storefront/server/test/server-process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { percentile } from './figures.ts';
import { inThrowawayDatabase } from './throwaway-database.ts';

const GATES = 20;
const SCANS = Number(process.env.BENCH_GATE_SCANS ?? 4_000);
const OFFLINE_CODES = 500;
const ONLINE_GOAL_P99_MS = 150;
const OFFLINE_GOAL_P99_MS = 20;
const RUN_LIMIT_MS = 10 * 60_000;
const CHROMIUM = '/usr/bin/chromium';

const row = (what: string, perSecond: number, p50: number, p99: number) =>
  `  ${what.padEnd(58)}${perSecond.toFixed(0).padStart(8)}${p50.toFixed(1).padStart(9)}${p99.toFixed(1).padStart(9)}`;

/** `GATES` callers take the next item until none is left; answers each item's milliseconds and the wall time. */
async function gates<T>(items: T[], work: (item: T, gate: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: GATES }, async (_, gate) => {
      for (let i = next++; i < items.length; i = next++) {
        const began = performance.now();
        await work(items[i] as T, gate);
        times.push(performance.now() - began);
      }
    }),
  );
  return { times, seconds: (performance.now() - started) / 1000 };
}

async function online(url: string) {
  const database = openDatabase({ engine: 'postgres', url, poolSize: 4 });
  const db = database.db;
  await database.migrate();
  await seedCatalogue(db, { days: 2, variants: ['demo'] });
  // The first slot of a timed product from today; the venue's grace lets it in whenever the run is.
  const [slot] = await rows<{
    site_id: number;
    product_id: number;
    option_id: number;
    id: number;
    starts_at: Date;
    ends_at: Date;
  }>(
    db,
    sql`select p.site_id, p.id as product_id, o.id as option_id, t.id, t.starts_at, t.ends_at
        from product_time_spans t join products p on p.id = t.product_id join sites s on s.id = p.site_id
        join lateral (select id from product_options where product_id = p.id and type = 'admission' and price > 0
                      order by position limit 1) o on true
        where s.code = 'demo' and p.type = 'time' and t.date >= current_date
        order by t.date, t.starts_at limit 1`,
  );
  if (!slot) throw new Error('no demo slot');
  await db.execute(
    sql`insert into configurations (site_id, key, value) values (${slot.site_id}, 'checkin_grace_minutes', '43200'::jsonb)
        on conflict (site_id, key) do update set value = excluded.value`,
  );
  const seeding = performance.now();
  const orderIds = await seedPaidOrders(db, {
    siteId: slot.site_id,
    productId: slot.product_id,
    optionId: slot.option_id,
    timeSpanId: slot.id,
    count: SCANS,
    maxQuantity: 1,
    label: 'gate',
  });
  const admissions = await rows<{ id: string }>(
    db,
    sql`select t.id from tickets t where t.order_id = any(${`{${orderIds.join(',')}}`}::uuid[]) order by t.id`,
  );
  const keys = await createKeyCache(db).venue(slot.site_id);
  const codes = admissions.map((a) =>
    signPayload(keys, {
      siteId: slot.site_id,
      admissions: [{ id: a.id, generation: 1 }],
      slot: { id: slot.id, startsAt: new Date(slot.starts_at), endsAt: new Date(slot.ends_at) },
    }),
  );
  const tokens = Array.from({ length: GATES }, () => newToken());
  await db.insert(gateDevices).values(
    tokens.map((token, i) => ({
      siteId: slot.site_id,
      name: `Gate ${i + 1}`,
      gate: `gate-${i + 1}`,
      tokenHash: hashToken(token),
      pairedAt: new Date(),
    })),
  );
  await db.execute(sql`vacuum analyze tickets, orders, check_ins, gate_devices, product_time_spans`);
  console.log(`  ${admissions.length} admissions of one slot, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  // The floor: the bare indexed update of each admission, 20 callers, same database.
  const pool = new pg.Pool({ connectionString: url, max: GATES });
  const floor = await gates(admissions, async (a) => {
    await pool.query('update tickets set status = status where id = $1', [a.id]);
  });
  await pool.end();

  const servers: ChildProcess[] = [];
  try {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) servers.push(await startServer(url, port));
    const xsrf = randomBytes(16).toString('base64url');
    const statuses = new Map<string, number>();
    const scanned = await gates(codes, async (code, gate) => {
      const port = ports[gate % ports.length] as number;
      const response = await fetch(`http://127.0.0.1:${port}/console/api/v1/venues/demo/gate/scans`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[gate]}`,
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify({ code }),
      });
      const body = (await response.json()) as { status?: string; error?: string };
      const key = body.status ?? `${response.status} ${body.error}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    });
    const [admitted] = await rows<{ n: number }>(db, sql`select count(*)::int as n from check_ins where device_id is not null`);
    console.log(`\n  ${'what'.padEnd(58)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
    console.log(
      row(
        'bare indexed UPDATE of one admission (floor), 20 callers',
        SCANS / floor.seconds,
        percentile(floor.times, 50),
        percentile(floor.times, 99),
      ),
    );
    const p99 = percentile(scanned.times, 99);
    console.log(
      row('gate scan over HTTP, 20 devices, 2 server processes', SCANS / scanned.seconds, percentile(scanned.times, 50), p99),
    );
    console.log(
      `  answers: ${[...statuses].map(([k, n]) => `${k} ${n}`).join(', ')}; check-ins recorded ${admitted?.n ?? 0} of ${SCANS}; p99 ${(p99 / percentile(floor.times, 99)).toFixed(1)}× the floor's`,
    );
    return { p99, allAdmitted: statuses.get('success') === SCANS && admitted?.n === SCANS, keys, slot, codes };
  } finally {
    for (const server of servers) server.kill('SIGKILL');
    await database.close();
  }
}

/** The gate app's offline check of a code in Chromium: read it, find its key, verify the signature. */
async function offline(publicKeys: { kid: string; publicKey: string }[], codes: string[]) {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n  offline verification: skipped, ${CHROMIUM} is not installed`);
    return null;
  }
  const noble = readFileSync(createRequire(import.meta.url).resolve('@noble/ed25519'), 'utf8');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // A secure context, as the gate app's page is: WebCrypto's digest needs one.
    await page.route('http://127.0.0.1/gate-bench', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>gate</title>' }),
    );
    await page.goto('http://127.0.0.1/gate-bench');
    await page.addScriptTag({ type: 'module', content: `${noble}\nwindow.__ed = { verifyAsync };` });
    await page.waitForFunction(() => 'window' in globalThis && (globalThis as unknown as { __ed?: unknown }).__ed !== undefined);
    const timings = await page.evaluate(
      async ({ keys, list }) => {
        const ed = (
          globalThis as unknown as { __ed: { verifyAsync: (s: Uint8Array, m: Uint8Array, p: Uint8Array) => Promise<boolean> } }
        ).__ed;
        const bytes = (b64: string) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
        const byKid = new Map(keys.map((k) => [k.kid, bytes(k.publicKey)]));
        const read = (code: string) => {
          const [prefix, kid = '', body = '', signature = ''] = code.split('.');
          const contents = JSON.parse(new TextDecoder().decode(bytes(body))) as { s: number; t: [string, number][]; w: number[] };
          return { prefix, kid, body, signature, contents };
        };
        const verified: number[] = [];
        const readOnly: number[] = [];
        let valid = 0;
        for (const code of list) {
          const began = performance.now();
          const parsed = read(code);
          const key = byKid.get(parsed.kid);
          if (
            key &&
            (await ed.verifyAsync(bytes(parsed.signature), new TextEncoder().encode(`SF2.${parsed.kid}.${parsed.body}`), key))
          )
            valid++;
          verified.push(performance.now() - began);
          const plain = performance.now();
          read(code);
          readOnly.push(performance.now() - plain);
        }
        return { verified, readOnly, valid };
      },
      { keys: publicKeys, list: codes },
    );
    console.log(`\n  ${'offline, in Chromium'.padEnd(58)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0) / 1000;
    console.log(
      row(
        'reading a code, no signature check (floor)',
        codes.length / sum(timings.readOnly),
        percentile(timings.readOnly, 50),
        percentile(timings.readOnly, 99),
      ),
    );
    const p99 = percentile(timings.verified, 99);
    console.log(
      row(
        'reading and verifying an Ed25519-signed code',
        codes.length / sum(timings.verified),
        percentile(timings.verified, 50),
        p99,
      ),
    );
    console.log(`  ${timings.valid} of ${codes.length} signatures verified`);
    return { p99, allValid: timings.valid === codes.length };
  } finally {
    await browser.close();
  }
}

await inThrowawayDatabase(
  { prefix: 'bench_gate', title: `Gate (${GATES} devices, ${SCANS} scans)`, limitMs: RUN_LIMIT_MS },
  async (url) => {
    const scans = await online(url);
    const verified = await offline(scans.keys.published, scans.codes.slice(0, OFFLINE_CODES));
    const onlineMet = scans.p99 <= ONLINE_GOAL_P99_MS && scans.allAdmitted;
    const offlineMet = verified === null || (verified.p99 <= OFFLINE_GOAL_P99_MS && verified.allValid);
    console.log(
      `\n  goal: online p99 ≤ ${ONLINE_GOAL_P99_MS} ms with every scan admitted once → ${onlineMet ? 'met' : 'NOT met'}; offline p99 ≤ ${OFFLINE_GOAL_P99_MS} ms → ${verified === null ? 'not measured' : offlineMet ? 'met' : 'NOT met'}`,
    );
    return onlineMet && offlineMet;
  },
);
