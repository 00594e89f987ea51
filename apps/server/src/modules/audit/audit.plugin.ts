import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { auditConsoleRoutes } from './audit.console-routes.ts';

/** The audit log, read in the console. */
export const auditPlugin = fp<AppOptions>(
  async (app, options) => {
    app.consoleApiRoutes.push(auditConsoleRoutes(options.db, app.sites));
  },
  { name: 'audit', dependencies: ['sites'] },
);
