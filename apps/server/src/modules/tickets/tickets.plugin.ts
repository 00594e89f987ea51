import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import type { Database } from '../../db/client.ts';
import { issueTicketsOfOrders } from './issue-tickets.ts';
import type { TicketMail } from './ticket-mail.ts';
import { ticketRoutes } from './tickets.routes.ts';
import { createTicketsService, type TicketsService } from './tickets.service.ts';
import type { TicketsServiceOptions } from './tickets-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tickets: TicketsService;
    /** Port: writes the mails that carry a ticket link (filled by mail). */
    ticketMail: {
      /** Writes the mail in the caller's transaction; answers the mail's id. */
      enqueueTicketMail(db: Database, mail: TicketMail): Promise<{ id: string }>;
      onMailQueued(): void;
    };
    /** Port: what the holder's own cancellation of a booking would be now (filled by customer-service). */
    selfCancelOffer: NonNullable<TicketsServiceOptions['selfCancel']>;
    /** Port: whether a venue offers Apple Wallet passes (filled by wallet). */
    appleWalletOffered(siteId: number): Promise<boolean>;
    /** Port: whether a venue offers Google Wallet passes (filled by google-wallet). */
    googleWalletOffered(siteId: number): Promise<boolean>;
  }
}

export const ticketsPlugin = fp<AppOptions>(
  async (app, options) => {
    app.decorate('issueTickets', issueTicketsOfOrders);
    const tickets = createTicketsService(options.db, app.orders, {
      ...app.ticketMail,
      dateChanges: app.dateChanges,
      selfCancel: (db, site, access, now) => app.selfCancelOffer(db, site, access, now),
      appleWallet: (siteId) => app.appleWalletOffered(siteId),
      googleWallet: (siteId) => app.googleWalletOffered(siteId),
    });
    app.decorate('tickets', tickets);
    app.siteRoutes.push(ticketRoutes(tickets));
  },
  { name: 'tickets', dependencies: ['orders', 'mail', 'date-changes'] },
);
