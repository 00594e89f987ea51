import { ErrorBody } from '@storefront/domain/api/common';
import {
  JoinWaitingListBody,
  WaitingListEntryReply,
  WaitingListProductsReply,
  WaitingListTokenParams,
} from '@storefront/domain/api/waiting-list';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WaitingListService } from './waiting-list.service.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** `GET waitinglist/products` (which products take a list), `POST waitinglist` (join a sold-out slot's list) and `DELETE waitinglist/{token}` (leave it) under `/<site>/api/v1`. */
export const waitingListRoutes =
  (waitingList: WaitingListService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/waitinglist/products',
      { schema: { tags: ['waiting list'], response: { 200: WaitingListProductsReply, ...errors } } },
      async (req, reply) => {
        // A venue turning its list on shows within a minute; the list itself is never cached.
        reply.header('cache-control', 'public, max-age=60');
        return waitingList.products(req.site);
      },
    );
    app.post(
      '/waitinglist',
      { schema: { tags: ['waiting list'], body: JoinWaitingListBody, response: { 201: WaitingListEntryReply, ...errors } } },
      async (req, reply) => reply.code(201).send(await waitingList.join(req.site, req.body, req.ip)),
    );
    app.delete(
      '/waitinglist/:token',
      { schema: { tags: ['waiting list'], params: WaitingListTokenParams, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await waitingList.leave(req.site, req.params.token);
        return reply.code(204).send(null);
      },
    );
  };
