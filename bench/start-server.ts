import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export type BenchServer = { child: ChildProcess; address: string };

/**
 * Starts bench/server.ts in its own process and waits for its address; BENCH_PROF=<dir> writes its
 * CPU profile there, BENCH_NODE_FLAGS adds Node flags ("--max-semi-space-size=32" to compare).
 */
export async function startServer(...args: string[]): Promise<BenchServer> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), args, {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: [
      '--experimental-strip-types',
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
  });
  let output = '';
  child.stdout?.setEncoding('utf8');
  for await (const chunk of child.stdout ?? []) {
    output += chunk;
    const line = output.split('\n').find((l) => l.startsWith('{'));
    if (line) return { child, address: (JSON.parse(line) as { address: string }).address };
  }
  throw new Error(`the ${args.join(' ')} server did not start`);
}

/** Sends a message to a bench server and waits for its answer of the given type. */
export async function ask<T>(child: ChildProcess, message: object, answer: string): Promise<T> {
  child.send(message);
  for (;;) {
    const [reply] = (await once(child, 'message')) as [{ type?: string } & T];
    if (reply.type === answer) return reply;
  }
}

export async function memoryOf(child: ChildProcess): Promise<number> {
  child.send('memory');
  for (;;) {
    const [message] = (await once(child, 'message')) as [{ rss?: number }];
    if (typeof message.rss === 'number') return message.rss;
  }
}
