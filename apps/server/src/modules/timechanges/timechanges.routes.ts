import { ErrorBody } from '@storefront/domain/api/common';
import { CheckoutAnswer } from '@storefront/domain/api/payments';
import {
  CompletedTimeChange,
  ConfirmTimeChangeBody,
  CreateTimeChangeBody,
  TimeChangeCheckoutBody,
  TimeChangeParams,
  TimeChangeQuery,
  TimeChangeTicket,
  TimeChangeTicketParams,
  TimeChangeView,
} from '@storefront/domain/api/timechanges';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { TimeChangesService } from './timechanges.service.ts';

const errors = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 502: ErrorBody };
const tags = ['timechanges'];

/**
 * Date changes under `/<site>/api/v1` (SPEC §7 leaves these paths unnamed; see
 * docs/decisions/008-date-change.md and packages/domain/src/api/timechanges.ts).
 */
export const timeChangeRoutes =
  (timeChanges: TimeChangesService, payments: PaymentsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    fastify.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/timechanges/tickets/:token',
      {
        schema: {
          tags,
          params: TimeChangeTicketParams,
          querystring: TimeChangeQuery,
          response: { 200: TimeChangeTicket, ...errors },
        },
      },
      async (req) => timeChanges.ticket(req.site, req.params.token, req.query.lang),
    );

    app.post(
      '/timechanges/tickets/:token',
      {
        schema: {
          tags,
          params: TimeChangeTicketParams,
          body: CreateTimeChangeBody,
          response: { 201: TimeChangeView, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await timeChanges.create(req.site, req.params.token, req.body)),
    );

    app.get(
      '/timechanges/:timechangeToken',
      {
        schema: { tags, params: TimeChangeParams, querystring: TimeChangeQuery, response: { 200: TimeChangeView, ...errors } },
      },
      async (req) => timeChanges.get(req.site, req.params.timechangeToken, req.query.lang),
    );

    app.delete(
      '/timechanges/:timechangeToken',
      { schema: { tags, params: TimeChangeParams, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await timeChanges.cancel(req.site, req.params.timechangeToken);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/timechanges/:timechangeToken/confirm',
      {
        schema: {
          tags,
          params: TimeChangeParams,
          body: ConfirmTimeChangeBody,
          response: { 200: CompletedTimeChange, ...errors },
        },
      },
      async (req) =>
        timeChanges.confirm(req.site, {
          reservationToken: req.body.reservation_token,
          timechangeToken: req.params.timechangeToken,
        }),
    );

    app.post(
      '/timechanges/:timechangeToken/checkout',
      {
        schema: { tags, params: TimeChangeParams, body: TimeChangeCheckoutBody, response: { 200: CheckoutAnswer, ...errors } },
      },
      async (req) =>
        payments.checkoutTimeChange(
          req.site,
          { reservationToken: req.body.reservation_token, timechangeToken: req.params.timechangeToken },
          req.body,
        ),
    );
  };
