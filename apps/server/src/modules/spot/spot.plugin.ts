import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { spotRoutes } from './spot.routes.ts';
import { createSpotService } from './spot.service.ts';

export const spotPlugin = fp<AppOptions>(
  async (app, options) => {
    const spot = createSpotService(options.db, {
      catalogue: app.catalogue,
      orders: app.orders,
      appMode: options.config.appMode,
      staffKey: options.config.spotStaffKey ?? null,
    });
    app.siteRoutes.push(spotRoutes(spot));
  },
  { name: 'spot', dependencies: ['catalogue', 'orders'] },
);
