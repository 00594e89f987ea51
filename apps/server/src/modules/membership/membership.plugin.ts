import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { membershipRoutes } from './membership.routes.ts';
import { createMembershipService } from './membership.service.ts';
import { promotionConsoleRoutes } from './promotions.console-routes.ts';

/** Member sign-in for the shop's member prices, and the venue's promotions. */
export const membershipPlugin = fp<AppOptions>(
  async (app, options) => {
    app.siteRoutes.push(membershipRoutes(createMembershipService(options.db, app.orders)));
    app.consoleApiRoutes.push(promotionConsoleRoutes(options.db));
  },
  { name: 'membership', dependencies: ['orders'] },
);
