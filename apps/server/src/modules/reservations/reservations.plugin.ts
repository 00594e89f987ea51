import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { reservationRoutes } from './reservations.routes.ts';
import { createReservationsService } from './reservations.service.ts';

/** A visitor's booking found again by its reservation number and address. */
export const reservationsPlugin = fp<AppOptions>(
  async (app, options) => {
    app.siteRoutes.push(reservationRoutes(createReservationsService(options.db, app.orders, app.ticketMail)));
  },
  { name: 'reservations', dependencies: ['orders', 'mail'] },
);
