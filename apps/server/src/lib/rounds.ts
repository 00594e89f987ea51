import type { FastifyInstance } from 'fastify';

/**
 * Work a process repeats now and then (a reconciler, a summariser, a follower of changes): one
 * round at a time, every `everyMs` (none without it), a failed round logged with `failure`. The
 * answer runs a round now, after the one under way. Closing the app stops the timer and waits for
 * the round under way.
 */
export function repeatRounds<T>(
  app: FastifyInstance,
  options: { work: () => Promise<T>; everyMs?: number; failure: string },
): () => Promise<T> {
  let round: Promise<T | undefined> = Promise.resolve(undefined);
  const now = () => {
    const next = round.catch(() => undefined).then(options.work);
    round = next;
    return next;
  };
  if (options.everyMs !== undefined) {
    const timer = setInterval(() => {
      now().catch((error) => app.log.warn({ err: error }, options.failure));
    }, options.everyMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', async () => {
    await round.catch(() => undefined);
  });
  return now;
}
