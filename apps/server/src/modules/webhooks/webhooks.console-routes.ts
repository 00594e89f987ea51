/**
 * Outbound webhooks from the console (decision 022): a manager (`settings:write` at the venue)
 * lists, adds, changes and disables endpoints, rolls a secret, reads the deliveries and replays one.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
} from '@storefront/domain/console/webhooks';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rollWebhookSecret,
  updateWebhookEndpoint,
  type WebhookConsoleOptions,
} from './webhook-endpoints.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: webhooks'];
const manage = { console: { right: 'settings:write', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });

export const webhookConsoleRoutes =
  (ctx: { db: Database; kick: () => void } & WebhookConsoleOptions): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    app.get(
      '/venues/:venue/webhooks',
      { config: manage, schema: { tags, params: VenueParams, response: { 200: WebhookEndpointList, ...errors } } },
      async (request) => ({ endpoints: await listWebhookEndpoints(db, venueOf(request)) }),
    );
    app.post(
      '/venues/:venue/webhooks',
      {
        config: manage,
        schema: { tags, params: VenueParams, body: WebhookEndpointBody, response: { 201: WebhookEndpointWithSecret, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await createWebhookEndpoint(db, ctx, authOf(request).actor, venueOf(request), request.body)),
    );
    app.patch(
      '/venues/:venue/webhooks/:endpoint',
      {
        config: manage,
        schema: {
          tags,
          params: WebhookEndpointParams,
          body: WebhookEndpointPatch,
          response: { 200: WebhookEndpoint, ...errors },
        },
      },
      async (request) =>
        updateWebhookEndpoint(db, ctx, authOf(request).actor, venueOf(request), request.params.endpoint, request.body),
    );
    app.post(
      '/venues/:venue/webhooks/:endpoint/secret',
      {
        config: manage,
        schema: { tags, params: WebhookEndpointParams, response: { 200: WebhookEndpointWithSecret, ...errors } },
      },
      async (request) => rollWebhookSecret(db, authOf(request).actor, venueOf(request), request.params.endpoint),
    );
    app.get(
      '/venues/:venue/webhook-deliveries',
      {
        config: manage,
        schema: {
          tags,
          params: VenueParams,
          querystring: WebhookDeliveryQuery,
          response: { 200: WebhookDeliveryList, ...errors },
        },
      },
      async (request) => ({ deliveries: await listWebhookDeliveries(db, venueOf(request), request.query) }),
    );
    app.post(
      '/venues/:venue/webhook-deliveries/:delivery/replay',
      { config: manage, schema: { tags, params: WebhookDeliveryParams, response: { 201: WebhookDelivery, ...errors } } },
      async (request, reply) => {
        const replay = await replayWebhookDelivery(db, authOf(request).actor, venueOf(request), request.params.delivery);
        ctx.kick();
        return reply.code(201).send(replay);
      },
    );
  };
