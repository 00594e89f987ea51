import { ErrorBody } from '@storefront/domain/api/common';
import { ReservationTokenParams, SelfCancelBody, SelfCancelResult } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { cancelOwnBooking, type VisitorCancellationDeps } from './visitor-cancellation.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/**
 * `POST tickets/{token}/cancel` under `/<site>/api/v1`: the holder of the booking's own ticket link
 * cancels it where the product allows (`visitor-cancellation.ts`). What it would give back is on
 * the ticket (`GET tickets/{token}`, `selfCancel`).
 */
export const visitorCancellationRoutes =
  (db: Database, deps: VisitorCancellationDeps): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/tickets/:token/cancel',
      {
        schema: {
          tags: ['tickets'],
          params: ReservationTokenParams,
          body: SelfCancelBody,
          response: { 200: SelfCancelResult, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return cancelOwnBooking(db, deps, req.site, req.params.token, { lang: req.body.lang, clientIp: req.ip });
      },
    );
  };
