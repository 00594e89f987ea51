import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { refundPart } from '../payments/refund-part.ts';
import { catalogueReferences } from './catalogue-references.ts';
import type { DateChangesOptions } from './date-change-deps.ts';
import { dateChangeRoutes } from './date-changes.routes.ts';
import { createDateChangesService, type DateChangesService } from './date-changes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dateChanges: DateChangesService;
    /** Port: writes a date change's confirmation in its completing transaction (filled by mail). */
    enqueueDateChangeMail: NonNullable<DateChangesOptions['enqueueConfirmation']>;
  }
}

export const dateChangesPlugin = fp<AppOptions>(
  async (app, options) => {
    const dateChanges = createDateChangesService(options.db, app.orders, {
      enqueueConfirmation: app.enqueueDateChangeMail,
      // A cheaper change's difference comes out of the order's kept payment: the ledger and the
      // providers are enough, so date changes never call the payments service.
      refund: (request) => refundPart(options.db, app.refunds, request),
      onStockChanged: app.stockChanged.fire,
      onMailQueued: app.mailQueued,
    });
    app.decorate('dateChanges', dateChanges);
    app.decorate('catalogueReferences', catalogueReferences);
    app.siteRoutes.push(async (scope) => {
      await scope.register(dateChangeRoutes(dateChanges, app.payments));
    });
  },
  { name: 'date-changes', dependencies: ['stock', 'orders', 'mail', 'payment-providers'] },
);
