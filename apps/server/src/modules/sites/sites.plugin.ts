import { DEFAULT_VARIANT } from '@storefront/domain/constants';
import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { createSitesService, type SitesService } from './sites.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SitesService;
  }
}

export const sitesPlugin = fp<AppOptions>(
  async (app, options) => {
    app.decorate(
      'sites',
      createSitesService(options.db, {
        appMode: options.config.appMode,
        defaultVariant: DEFAULT_VARIANT,
        reconnectSite: options.config.reconnectSite,
      }),
    );
  },
  { name: 'sites' },
);
