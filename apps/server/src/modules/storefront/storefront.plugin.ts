import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { consolePageRoutes, gatePageRoutes } from './console-pages.ts';
import { storefrontRoutes } from './storefront.routes.ts';
import { ticketFirstViewRoutes } from './ticket-first-view.routes.ts';

/** The built apps: the shop's pages (the first view of a ticket rendered on the server), the console's and the gate's. */
export const storefrontPlugin = fp<AppOptions>(
  async (app, options) => {
    const isProduction = options.config.appEnv === 'production';
    app.siteRoutes.push(ticketFirstViewRoutes({ tickets: app.tickets, catalogue: app.catalogue }));
    await app.register(consolePageRoutes({ consoleDir: options.consoleDir ?? null, isProduction }));
    await app.register(gatePageRoutes({ gateDir: options.gateDir ?? null, isProduction }));
    await app.register(
      storefrontRoutes({
        sites: app.sites,
        catalogue: app.catalogue,
        storefrontDir: options.storefrontDir,
        appMode: options.config.appMode,
        isProduction,
      }),
    );
  },
  { name: 'storefront', dependencies: ['sites', 'catalogue', 'tickets'] },
);
