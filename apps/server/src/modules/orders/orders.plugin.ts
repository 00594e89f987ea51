import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { couponConsoleRoutes } from './coupons.console-routes.ts';
import { createOrderEvents, type OrderEvents } from './order-events.ts';
import { orderRoutes } from './orders.routes.ts';
import { createOrdersService, type OrdersService } from './orders.service.ts';
import type { IssueTickets } from './orders-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
    /** What an order announces (completion, places taken or given back): mail, webhooks and stock follow. */
    orderEvents: OrderEvents;
    /** Port: writes a completed order's tickets in its completing transaction (filled by tickets). */
    issueTickets: IssueTickets;
  }
}

export const ordersPlugin = fp<AppOptions>(
  async (app, options) => {
    // A completed order announces itself: availability is recomputed and its mail goes at once.
    const orderEvents = createOrderEvents();
    orderEvents.onStockChanged(app.stockChanged.fire);
    orderEvents.onCompleted(app.stockChanged.fire);
    app.decorate('orderEvents', orderEvents);
    const orders = createOrdersService(
      options.db,
      { issueTickets: (tx, completed) => app.issueTickets(tx, completed), events: orderEvents },
      { logger: app.log },
    );
    app.decorate('orders', orders);
    app.catalogueChanged.on(() => orders.catalogueChanged());
    app.siteRoutes.push(orderRoutes(orders));
    app.consoleApiRoutes.push(couponConsoleRoutes(options.db));
  },
  { name: 'orders', dependencies: ['stock', 'catalogue'] },
);
