import { ErrorBody } from '@storefront/domain/api/common';
import { MembershipInfo, MembershipLoginBody, MembershipLoginResult } from '@storefront/domain/api/membership';
import { OrderTokenParams } from '@storefront/domain/api/orders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { createMembershipService } from './membership.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody };
const tags = ['membership'];

export const membershipRoutes =
  (membership: ReturnType<typeof createMembershipService>): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/membership/login/:id',
      {
        schema: {
          tags,
          params: OrderTokenParams,
          body: MembershipLoginBody,
          response: { 200: MembershipLoginResult, ...errors },
        },
      },
      async (req) => membership.login(req.site, req.params.id, req.body, req.ip),
    );
    app.get(
      '/membership/:id',
      { schema: { tags, params: OrderTokenParams, response: { 200: MembershipInfo, ...errors } } },
      async (req) => membership.info(req.site, req.params.id),
    );
  };
