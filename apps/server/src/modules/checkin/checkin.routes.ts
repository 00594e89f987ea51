import { ErrorBody } from '@storefront/domain/api/common';
import { CheckInBody, CheckInResult } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CheckInService } from './checkin.service.ts';

/** `POST checkins` under `/<site>/api/v1`: one check-in by QR or tap; the answer is its status. */
export const checkInRoutes =
  (checkIns: CheckInService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/checkins',
      { schema: { tags: ['tickets'], body: CheckInBody, response: { 200: CheckInResult, 400: ErrorBody, 403: ErrorBody } } },
      async (req) => checkIns.checkIn(req.site, req.body),
    );
  };
