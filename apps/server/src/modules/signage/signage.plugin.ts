import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { signageRoutes } from './signage.routes.ts';
import { createSignageService, type SignageService } from './signage.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signage: SignageService;
  }
}

/** Lobby screens follow sales: at once for this process's own, within a poll for the others'. */
export const signagePlugin = fp<AppOptions>(
  async (app, options) => {
    const signage = createSignageService({
      loadBoard: (site) => app.catalogue.todayBoard(site),
      ...(options.signagePollMs ? { pollMs: options.signagePollMs } : {}),
      onError: (error) => app.log.warn({ err: error }, 'signage board could not be loaded'),
    });
    app.decorate('signage', signage);
    app.addHook('preClose', async () => signage.close());
    app.stockChanged.on(() => signage.stockChanged());
    app.catalogueChanged.on(() => signage.stockChanged());
    app.siteRoutes.push(signageRoutes(signage));
  },
  { name: 'signage', dependencies: ['stock', 'catalogue'] },
);
