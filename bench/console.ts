/**
 * `npm run bench:console`: what a signed-in console call costs on the embedded database. Each one
 * reads its session, account and the member's teams with their venues in one statement (sessions
 * are shared by every process, so they are never cached), then checks the route's right, before
 * any work of its own. Measured beside the shop's `configurations` read (served from memory) and a
 * bare Fastify route, in the same run. Staff are tens, not thousands: the figures say what the
 * rights cost, and catch a change that multiplies it.
 */
import autocannon from 'autocannon';
import { startServer } from './start-server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const run = (url: string, path: string, headers: Record<string, string> = {}) =>
  autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: [{ method: 'GET', path, headers }] });

/** Signs the demo viewer in (no second factor is required of it) and answers the cookie header. */
async function signIn(address: string): Promise<string> {
  const page = await fetch(`${address}/borderless/`);
  const xsrf = (page.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '').split(';')[0]?.split('=')[1] ?? '';
  const answer = await fetch(`${address}/console/api/v1/sign-in/password`, {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'viewer@demo.storefront.test', password: 'demo console password' }),
  });
  // The bench server runs as in production: the cookie has the `__Host-` prefix there.
  const session = answer.headers.getSetCookie().find((c) => /^(__Host-)?console_session=/.test(c));
  if (answer.status !== 200 || !session) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return session.split(';')[0] ?? '';
}

const bare = await startServer('bare');
const app = await startServer('catalogue');
try {
  const cookie = await signIn(app.address);
  const targets = [
    ['bare Fastify route', bare.address, '/bare', {}],
    ['shop: configurations', app.address, '/demo/api/v1/configurations', {}],
    ['console: venue (right checked)', app.address, '/console/api/v1/venues/demo', { cookie }],
    ['console: session (whole answer)', app.address, '/console/api/v1/session', { cookie }],
  ] as const;
  for (const [, url, path, headers] of targets) {
    const check = await fetch(`${url}${path}`, { headers });
    if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
  }
  console.log(`Warming up, then ${DURATION_S} s at ${CONNECTIONS} connections each…`);
  for (const [, url, path, headers] of targets) await run(url, path, headers);
  const results: (readonly [string, autocannon.Result])[] = [];
  for (const [name, url, path, headers] of targets) results.push([name, await run(url, path, headers)] as const);
  console.log('');
  console.table(
    Object.fromEntries(
      results.map(([name, result]) => [
        name,
        {
          'requests/s': Math.round(result.requests.average),
          'p99 ms': result.latency.p99,
          errors: result.errors + result.non2xx,
        },
      ]),
    ),
  );
  const rate = (name: string) => results.find(([n]) => n === name)?.[1].requests.average ?? 0;
  const venue = rate('console: venue (right checked)');
  console.log(
    `A console read with its right checked: ${Math.round(venue)} requests/s, ${((venue / rate('shop: configurations')) * 100).toFixed(0)} % of the shop's in-memory configurations read, ${((venue / rate('bare Fastify route')) * 100).toFixed(1)} % of the bare route.`,
  );
  if (results.some(([, r]) => r.errors + r.non2xx > 0)) {
    console.error('Some requests failed.');
    process.exitCode = 1;
  }
} finally {
  bare.child.kill();
  app.child.kill();
}
