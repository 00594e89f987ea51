import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { repeatRounds } from '../../lib/rounds.ts';
import { createSignal, type Signal } from '../../lib/signal.ts';
import { foldSoldHolds } from './sell-places.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Places were taken or given back in this process: availability, lobby screens and waiting lists follow. */
    stockChanged: Signal;
  }
}

const FOLD_MS = 30_000;

/**
 * The stock's announcements, and the places a completion marked sold whose process stopped before
 * moving them to the slot's `sold` (they count as held meanwhile, so nothing is sold twice): every
 * process folds them when it is ready and every 30 s.
 */
export const stockPlugin = fp<AppOptions>(
  async (app, options) => {
    app.decorate('stockChanged', createSignal());
    const fold = repeatRounds(app, {
      work: () => foldSoldHolds(options.db, 'all'),
      everyMs: FOLD_MS,
      failure: 'folding sold places failed',
    });
    app.addHook('onReady', async () => {
      fold().catch((error) => app.log.warn({ err: error }, 'folding sold places failed'));
    });
  },
  { name: 'stock' },
);
