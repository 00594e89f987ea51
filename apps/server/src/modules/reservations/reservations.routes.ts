import { ErrorBody } from '@storefront/domain/api/common';
import { ReservationsQuery, ReservationsResult } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReservationsService } from './reservations.service.ts';

/** `GET reservations` of SPEC §7 under `/<site>/api/v1`. */
export const reservationRoutes =
  (reservations: ReservationsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/reservations',
      {
        schema: {
          tags: ['tickets'],
          querystring: ReservationsQuery,
          response: { 200: ReservationsResult, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return reservations.inquire(req.site, req.query, req.ip);
      },
    );
  };
