/**
 * Real server processes for tests that need more than one process on one PostgreSQL database, or a
 * process that dies: `main.ts` started as a child on a free loopback port, and a small client with
 * the XSRF cookie/header pair every state-changing call needs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const mainScript = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Starts a demo-mode server on `port` against the PostgreSQL database at `url`; resolves once it answers. */
export async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--experimental-strip-types', mainScript], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_MODE: 'demo',
      APP_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/demo/api/v1/configurations`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/**
 * Starts `count` servers against one database at once, as a deployment's processes start (start-up
 * work is serialised by its advisory lock), each on its own free port.
 */
export async function startServers(url: string, count: number): Promise<{ processes: ChildProcess[]; ports: number[] }> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    let port = await freePort();
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
  }
  const started = await Promise.allSettled(ports.map((port) => startServer(url, port)));
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    for (const child of processes) child.kill('SIGKILL');
    throw failure.reason;
  }
  return { processes, ports };
}

export type ProcessClient = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, string> }>;

/** A visitor's API client for one site of a server process, with its own XSRF pair. */
export async function clientOf(port: number, site = 'demo'): Promise<ProcessClient> {
  const base = `http://127.0.0.1:${port}/${site}/api/v1`;
  const first = await fetch(`${base}/configurations`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  return async (method, path, body) => {
    // A JSON content type only with a body: the server refuses an empty body said to be JSON.
    const response = await fetch(`${base}/${path}`, {
      method,
      ...(body === undefined
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, string> };
  };
}

/** The visitor's answer on a sandbox gateway page; resolves to the HTTP status (303 when it redirects). */
export async function answerGatewayPage(redirectUrl: string, action: string): Promise<number> {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  return response.status;
}
