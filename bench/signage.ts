/**
 * `npm run bench:signage`: 500 lobby screens (the signage board's event stream) connected to one
 * server on loopback while sales happen. For every sale and every screen: the time from the start
 * of the sale to the screen receiving a board that shows it; p50/p99/max, screens that never saw
 * it, and the server's memory before, during and after. Goal: p99 under 2 s, memory flat.
 * Bounded: BENCH_SALES sales (default 40), one at a time, each given 10 s at most.
 */
import { Agent, request as httpRequest } from 'node:http';
import { ask, memoryOf, startServer } from './start-server.ts';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 500);
const SALES = Number(process.env.BENCH_SALES ?? 40);
const SALE_GAP_MS = Number(process.env.BENCH_SALE_GAP_MS ?? 250);
const PER_SALE_LIMIT_MS = 10_000;
const RUN_LIMIT_MS = 180_000;

type Slot = { product_uuid: string; time_span_id: number; option_id: number };
type Board = { products: { timeSpans: { id: number; remaining: number }[] }[] };

const server = await startServer('shop', 'pglite');
const guard = setTimeout(() => {
  console.error(`bench:signage did not finish in ${RUN_LIMIT_MS / 1000} s`);
  server.child.kill();
  process.exit(1);
}, RUN_LIMIT_MS);

/** One lobby screen: a raw event-stream connection that remembers the last remaining count it saw and when. */
class Screen {
  remaining: number | null = null;
  seenAt = 0;
  boards = 0;
  private buffered = '';
  private waiters: { expected: number; resolve: (at: number) => void }[] = [];
  private readonly slotId: number;

  constructor(url: string, agent: Agent, slotId: number) {
    this.slotId = slotId;
    const req = httpRequest(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => this.read(chunk));
    });
    req.on('error', (error) => console.error('screen connection failed:', error.message));
    req.end();
  }

  private read(chunk: string) {
    this.buffered += chunk;
    let end = this.buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 2);
      if (block.startsWith('event: board')) {
        const data = block.slice(block.indexOf('data: ') + 6);
        const board = JSON.parse(data) as Board;
        const span = board.products.flatMap((p) => p.timeSpans).find((s) => s.id === this.slotId);
        this.boards += 1;
        if (span) {
          this.remaining = span.remaining;
          this.seenAt = performance.now();
          for (const waiter of this.waiters.filter((w) => span.remaining <= w.expected)) waiter.resolve(this.seenAt);
          this.waiters = this.waiters.filter((w) => span.remaining > w.expected);
        }
      }
      end = this.buffered.indexOf('\n\n');
    }
  }

  /** When this screen shows `expected` or fewer places (at once if it already does). */
  sees(expected: number): Promise<number> {
    if (this.remaining !== null && this.remaining <= expected) return Promise.resolve(this.seenAt);
    return new Promise((resolve) => this.waiters.push({ expected, resolve }));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  const slot = await ask<Slot>(server.child, { type: 'prepare-today-slot', capacity: 100_000 }, 'today-slot');
  const api = `${server.address}/demo/api/v1`;
  const config = await fetch(`${api}/configurations`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(config.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const qrToken = ((await (await fetch(`${api}/spot/qr/${slot.product_uuid}`)).json()) as { qr_token: string }).qr_token;

  const memoryIdle = await memoryOf(server.child);
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  console.log(`Connecting ${SCREENS} signage screens…`);
  const screens = Array.from({ length: SCREENS }, () => new Screen(`${api}/signage/events`, agent, slot.time_span_id));
  const start = performance.now();
  while (screens.some((s) => s.remaining === null)) {
    if (performance.now() - start > 60_000) throw new Error('screens did not all get a first board in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const initial = screens[0]?.remaining ?? 0;
  const memoryConnected = await memoryOf(server.child);
  console.log(`${SCREENS} screens connected; ${SALES} sales, one every ${SALE_GAP_MS} ms after the last was seen…`);

  const latencies: number[] = [];
  let missed = 0;
  const memorySamples: number[] = [];
  for (let sale = 1; sale <= SALES; sale += 1) {
    const sentAt = performance.now();
    const response = await fetch(`${api}/spot/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
      body: JSON.stringify({
        lang: 'en',
        qr_token: qrToken,
        product_uuid: slot.product_uuid,
        time_span_id: slot.time_span_id,
        quantity: 1,
        option_values: [{ option_value_id: slot.option_id, quantity: 1 }],
      }),
    });
    if (response.status !== 201) throw new Error(`sale ${sale} answered ${response.status}: ${await response.text()}`);
    const expected = initial - sale;
    const limit = new Promise<null>((resolve) => setTimeout(() => resolve(null), PER_SALE_LIMIT_MS));
    const seen = await Promise.all(screens.map((s) => Promise.race([s.sees(expected), limit])));
    for (const at of seen) {
      if (at === null) missed += 1;
      else latencies.push(Math.max(0, at - sentAt));
    }
    if (sale % 10 === 0) memorySamples.push(await memoryOf(server.child));
    await new Promise((resolve) => setTimeout(resolve, SALE_GAP_MS));
  }
  const memoryAfter = await memoryOf(server.child);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  console.log('');
  console.table({
    'sale → screen': {
      screens: SCREENS,
      sales: SALES,
      updates: latencies.length,
      missed,
      'p50 ms': Math.round(percentile(latencies, 50)),
      'p99 ms': Math.round(percentile(latencies, 99)),
      'max ms': Math.round(latencies.at(-1) ?? NaN),
    },
  });
  console.log(
    `Server memory (RSS): ${mb(memoryIdle)} idle, ${mb(memoryConnected)} with ${SCREENS} screens, ` +
      `${memorySamples.map(mb).join(' → ')} during the sales, ${mb(memoryAfter)} after.`,
  );
  const p99 = percentile(latencies, 99);
  console.log(
    `p99 ${Math.round(p99)} ms (goal < 2000 ms); memory ${mb(memoryAfter - memoryConnected)} more after the sales than before.`,
  );
  if (missed > 0 || !(p99 < 2_000)) process.exitCode = 1;
} finally {
  clearTimeout(guard);
  server.child.kill();
}
