/**
 * `npm run bench:catalogue`: throughput and p99 latency of `products/stocks` (the availability read
 * path, on the embedded database) beside a bare Fastify route, measured in the same run.
 * Goal: the catalogue at 50 % or more of the bare route's requests per second.
 */
import { addDays, todayIn } from '@storefront/domain/dates';
import type autocannon from 'autocannon';
import { getInTurn } from './get-paths.ts';
import { memoryOf, startServer } from './start-server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function run(url: string, paths: string[]): Promise<autocannon.Result> {
  return getInTurn(url, paths, { connections: CONNECTIONS, seconds: DURATION_S });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const bare = await startServer('bare');
const catalogue = await startServer('catalogue');
try {
  const products = (await (await fetch(`${catalogue.address}/borderless/api/v1/products`)).json()) as { id: number }[];
  const today = todayIn('Asia/Tokyo');
  // Every product on each of the next 14 days: 14 × products distinct answers, as visitors browse.
  const paths = products.flatMap((p) =>
    Array.from(
      { length: 14 },
      (_, day) => `/borderless/api/v1/products/stocks?date=${addDays(today, day)}&product_id=${p.id}&lang=ja`,
    ),
  );
  const check = await fetch(`${catalogue.address}${paths[0]}`);
  if (check.status !== 200) throw new Error(`products/stocks answered ${check.status}`);

  console.log(`Warming up, then ${DURATION_S} s at ${CONNECTIONS} connections each…`);
  await run(bare.address, ['/bare']);
  await run(catalogue.address, paths);
  const bareResult = await run(bare.address, ['/bare']);
  const memoryBefore = await memoryOf(catalogue.child);
  const catalogueResult = await run(catalogue.address, paths);
  const memoryAfter = await memoryOf(catalogue.child);

  const errors = catalogueResult.errors + catalogueResult.non2xx;
  const ratio = catalogueResult.requests.average / bareResult.requests.average;
  console.log('');
  console.table({
    'bare Fastify route': {
      'requests/s': Math.round(bareResult.requests.average),
      'p99 ms': bareResult.latency.p99,
      errors: bareResult.errors + bareResult.non2xx,
    },
    'products/stocks': {
      'requests/s': Math.round(catalogueResult.requests.average),
      'p99 ms': catalogueResult.latency.p99,
      errors,
    },
  });
  console.log(`Catalogue server memory: ${mb(memoryBefore)} before the run, ${mb(memoryAfter)} after.`);
  console.log(`Ratio: products/stocks at ${(ratio * 100).toFixed(0)} % of the bare route (goal ≥ 50 %).`);
  if (errors > 0) {
    console.error(`${errors} requests failed.`);
    process.exitCode = 1;
  }
} finally {
  bare.child.kill();
  catalogue.child.kill();
}
