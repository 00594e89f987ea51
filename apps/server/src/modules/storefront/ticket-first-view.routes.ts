/**
 * `tickets/{token}/first-view` under `/<site>/api/v1` (issue 19): the ticket as `tickets/{token}`
 * answers it and the HTML of the ticket page's first render. The page's guard script asks for it
 * while the page loads and shows the HTML at once; the app starts from the same ticket without
 * asking again (decision 020).
 */

import type { Configuration } from '@storefront/domain/api/catalogue';
import { ErrorBody } from '@storefront/domain/api/common';
import { ReservationTokenParams, TicketFirstView, TicketQuery } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { parsedAnswer } from './first-answer.ts';
import { renderTicketFirstView } from './ticket-first-view.ts';

export const ticketFirstViewRoutes =
  (services: { tickets: TicketsService; catalogue: CatalogueService }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/tickets/:token/first-view',
      {
        schema: {
          tags: ['tickets'],
          params: ReservationTokenParams,
          querystring: TicketQuery,
          response: { 200: TicketFirstView, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const { lang } = req.query;
        const [ticket, configuration, texts] = await Promise.all([
          services.tickets.view(req.site, req.params.token, lang),
          services.catalogue.configuration(req.site),
          services.catalogue.texts(req.site, lang),
        ]);
        const html = await renderTicketFirstView(ticket, req.params.token, {
          lang,
          configuration: parsedAnswer<Configuration>(configuration),
          texts: parsedAnswer<Record<string, string>>(texts),
        });
        return { ticket, html };
      },
    );
  };
