/**
 * `npm run bench:memory`: the resident memory of the demo server as `npm start` runs it (the
 * server process scripts/start.mjs starts, with its Node flags), idle and through a rush of visitors, on the embedded database and on
 * PostgreSQL, beside a bare Fastify process measured in the same run.
 *   - idle after the first start (which migrates and seeds the demo catalogue), and idle after a
 *     restart on the same data, 20 s after the server listens;
 *   - a rush of visitors reading the shops (pages, products, availability, settings) for
 *     BENCH_MINUTES (10), sampled each minute: growth is the last sample against the first.
 * Goal (issue 41): idle ≤ 400 MB on the embedded database and ≤ 200 MB on PostgreSQL, and no
 * growth over the rush (≤ 10 % of the first minute's figure).
 * Resident memory is read from /proc (Linux).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { addDays, todayIn } from '@storefront/domain/dates';
import type autocannon from 'autocannon';
import { getInTurn } from './get-paths.ts';
import { inThrowawayDatabase } from './throwaway-database.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SETTLE_MS = 20_000;
const GOALS = { pglite: 400, postgres: 200 } as const;
const START = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url));
const VENUES = ['borderless', 'cafe-lumen', 'demo'];

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Resident and peak resident memory of a process, in bytes. */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** `npm start`'s process and the server it starts (whose memory is measured). */
type Running = { child: ChildProcess; server: number; address: string; startedMs: number };

/** The process scripts/start.mjs started: its only child. */
function serverOf(start: ChildProcess): number | null {
  const children = readFileSync(`/proc/${start.pid}/task/${start.pid}/children`, 'utf8').trim().split(/\s+/);
  return children[0] ? Number(children[0]) : null;
}

/** Starts the demo server on `env`'s database and waits until it answers. */
async function startDemo(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [START], {
    env: { ...process.env, APP_MODE: 'demo', APP_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const answer = await fetch(`${address}/borderless/api/v1/configurations`).catch(() => null);
    const server = serverOf(child);
    if (answer?.ok && server) return { child, server, address, startedMs: performance.now() - started };
    await sleep(500);
  }
  child.kill();
  throw new Error('the server did not answer within five minutes');
}

async function stop(running: Running) {
  running.child.kill('SIGTERM');
  if (running.child.exitCode === null) await new Promise((resolve) => running.child.once('exit', resolve));
}

/** What a visitor's phone reads, over every demo venue: the shop page, products, 14 days of each product's slots. */
async function visitorPaths(address: string): Promise<string[]> {
  const today = todayIn('Asia/Tokyo');
  const paths: string[] = [];
  for (const venue of VENUES) {
    paths.push(`/${venue}/`, `/${venue}/api/v1/configurations`, `/${venue}/api/v1/products`);
    const products = (await (await fetch(`${address}/${venue}/api/v1/products`)).json()) as { id: number }[];
    for (const product of products)
      for (let day = 0; day < 14; day += 1)
        paths.push(`/${venue}/api/v1/products/stocks?date=${addDays(today, day)}&product_id=${product.id}&lang=en`);
  }
  return paths;
}

function rushFor(address: string, paths: string[], seconds: number): Promise<autocannon.Result> {
  return getInTurn(address, paths, { connections: CONNECTIONS, seconds });
}

type Figures = {
  engine: 'pglite' | 'postgres';
  firstStartS: number;
  firstIdle: number;
  firstPeak: number;
  restartIdle: number;
  minutes: number[];
  requests: number;
  failed: number;
};

async function measure(engine: Figures['engine'], env: Record<string, string>): Promise<Figures> {
  console.log(`\n${engine}: first start (migrates and seeds)…`);
  const first = await startDemo(env);
  await sleep(SETTLE_MS);
  const firstMemory = residentOf(first.server);
  await stop(first);

  console.log(`${engine}: restart on the same data, then ${MINUTES} min of visitors at ${CONNECTIONS} connections…`);
  const again = await startDemo(env);
  await sleep(SETTLE_MS);
  const restartIdle = residentOf(again.server).rss;
  const paths = await visitorPaths(again.address);
  const minutes: number[] = [];
  let requests = 0;
  let failed = 0;
  for (let minute = 0; minute < MINUTES; minute += 1) {
    const result = await rushFor(again.address, paths, 60);
    requests += result.requests.total;
    failed += result.errors + result.non2xx;
    minutes.push(residentOf(again.server).rss);
    console.log(`  minute ${minute + 1}: ${mb(minutes.at(-1) ?? 0)} MB, ${Math.round(result.requests.average)} requests/s`);
  }
  await stop(again);
  return {
    engine,
    firstStartS: first.startedMs / 1000,
    firstIdle: firstMemory.rss,
    firstPeak: firstMemory.peak,
    restartIdle,
    minutes,
    requests,
    failed,
  };
}

/** A bare Fastify process with one route, answered once: the floor under any Fastify server. */
async function bareFastifyRss(): Promise<number> {
  const port = await freePort();
  const script = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ ok: true })); await app.listen({ host: '127.0.0.1', port: ${port} });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.ok) break;
    await sleep(100);
  }
  await sleep(2_000);
  const { rss } = residentOf(child.pid as number);
  child.kill();
  return rss;
}

const bareRss = await bareFastifyRss();

const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
const results: Figures[] = [];
try {
  results.push(await measure('pglite', { DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await inThrowawayDatabase(
  { prefix: 'bench_memory', title: 'Memory of the demo server', limitMs: (MINUTES * 2 + 10) * 60_000 },
  async (url) => {
    results.push(await measure('postgres', { DATABASE_URL: url }));
    return true;
  },
);

console.log('');
const rows: Record<string, Record<string, string | number>> = {
  'bare Fastify': { 'idle MB': mb(bareRss), 'goal MB': '—', 'first start': '—', 'seeding peak MB': '—' },
};
let met = true;
for (const figures of results) {
  const firstMinute = figures.minutes[0] ?? 0;
  const lastMinute = figures.minutes.at(-1) ?? 0;
  const growth = firstMinute ? (lastMinute - firstMinute) / firstMinute : 0;
  const idle = Math.max(figures.firstIdle, figures.restartIdle);
  const passes = mb(idle) <= GOALS[figures.engine] && growth <= 0.1 && figures.failed === 0;
  met &&= passes;
  rows[`demo server, ${figures.engine}`] = {
    'idle MB': `${mb(figures.firstIdle)} after seeding, ${mb(figures.restartIdle)} after a restart`,
    'goal MB': `≤ ${GOALS[figures.engine]}`,
    'first start': `${figures.firstStartS.toFixed(0)} s`,
    'seeding peak MB': mb(figures.firstPeak),
    'rush MB (first → last minute)': `${mb(firstMinute)} → ${mb(lastMinute)} (${(growth * 100).toFixed(1)} %)`,
    'idle ÷ bare': (idle / bareRss).toFixed(1),
    requests: `${figures.requests} (${figures.failed} failed)`,
    goal: passes ? 'met' : 'missed',
  };
}
console.table(rows);
if (!met) process.exitCode = 1;
