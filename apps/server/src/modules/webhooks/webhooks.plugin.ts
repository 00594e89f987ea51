import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import type { ClaimWorker } from '../../lib/claim-worker.ts';
import { repeatRounds } from '../../lib/rounds.ts';
import { subscribeOrderWebhooks } from './order-webhooks.ts';
import { createWebhookWorker, pruneWebhookDeliveries, WEBHOOK_PRUNE_MS } from './webhook-worker.ts';
import { webhookConsoleRoutes } from './webhooks.console-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker POSTing webhook deliveries (decision 022). */
    webhooks: ClaimWorker;
  }
}

/**
 * Webhook deliveries are written with the change that causes them and POSTed after commit
 * (decision 022). In production receivers must be reached over https at public addresses; demo and
 * development may use local ones.
 */
export const webhooksPlugin = fp<AppOptions>(
  async (app, options) => {
    const httpsOnly = options.config.appEnv === 'production' || options.config.appMode === 'production';
    const worker = createWebhookWorker(options.db, {
      logger: app.log,
      publicOnly: httpsOnly,
      venueOf: (siteId) => app.sites.byId(siteId),
      ...(options.webhooks ?? {}),
    });
    app.decorate('webhooks', worker);
    app.addHook('onClose', async () => worker.stop());
    // Finished deliveries past keeping are deleted now and then by every process (deletes are idempotent).
    repeatRounds(app, {
      work: () => pruneWebhookDeliveries(options.db),
      everyMs: WEBHOOK_PRUNE_MS,
      failure: 'old webhook deliveries could not be deleted',
    });
    subscribeOrderWebhooks(app.orderEvents, { kick: () => worker.kick() });
    app.consoleApiRoutes.push(
      webhookConsoleRoutes({ db: options.db, kick: () => worker.kick(), httpsOnly, publicOnly: httpsOnly }),
    );
  },
  { name: 'webhooks', dependencies: ['sites', 'orders'] },
);
