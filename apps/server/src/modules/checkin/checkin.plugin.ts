import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { createKeyCache } from '../tickets/ticket-signing.ts';
import { arrivalsConsoleRoutes } from './arrivals.console-routes.ts';
import { createArrivalsFeed } from './arrivals.ts';
import { gateConsoleRoutes } from './gate.console-routes.ts';

/** The gate's check-ins and the console's live arrivals, each watched day read from the database (any process's check-ins show). */
export const checkinPlugin = fp<AppOptions>(
  async (app, options) => {
    const feed = createArrivalsFeed(options.db, {
      ...(options.arrivalsPollMs ? { pollMs: options.arrivalsPollMs } : {}),
      onError: (error) => app.log.warn({ err: error }, 'arrivals could not be read'),
    });
    app.addHook('preClose', async () => feed.close());
    app.consoleApiRoutes.push(
      gateConsoleRoutes({ db: options.db, keys: createKeyCache(options.db) }),
      arrivalsConsoleRoutes({
        db: options.db,
        feed,
        ...(options.arrivalsStreamMs ? { streamMs: options.arrivalsStreamMs } : {}),
      }),
    );
  },
  { name: 'checkin' },
);
