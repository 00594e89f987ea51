import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { venueSettingsConsoleRoutes } from './venue-settings.console-routes.ts';
import { venueConsoleRoutes } from './venues.console-routes.ts';

/** The console's venue list, new venue and settings page, across the modules beneath it. */
export const venueSetupPlugin = fp<AppOptions>(
  async (app, options) => {
    app.consoleApiRoutes.push(venueConsoleRoutes(options.db, app.sites), async (scope) => {
      await scope.register(venueSettingsConsoleRoutes(app.catalogueConsole()));
    });
  },
  { name: 'venue-setup', dependencies: ['sites', 'catalogue'] },
);
