import { ErrorBody } from '@storefront/domain/api/common';
import {
  CompletedDateChange,
  ConfirmDateChangeBody,
  CreateDateChangeBody,
  DateChangeCheckoutBody,
  DateChangeParams,
  DateChangeQuery,
  DateChangeTicket,
  DateChangeTicketParams,
  DateChangeView,
} from '@storefront/domain/api/date-changes';
import { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { DateChangesService } from './date-changes.service.ts';

const errors = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 502: ErrorBody };
const tags = ['timechanges'];

/**
 * Date changes under `/<site>/api/v1` (SPEC §7 leaves these paths unnamed; see
 * docs/decisions/008-date-change.md and packages/domain/src/api/date-changes.ts).
 */
export const dateChangeRoutes =
  (dateChanges: DateChangesService, payments: PaymentsService): FastifyPluginAsync =>
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
          params: DateChangeTicketParams,
          querystring: DateChangeQuery,
          response: { 200: DateChangeTicket, ...errors },
        },
      },
      async (req) => dateChanges.ticket(req.site, req.params.token, req.query.lang),
    );

    app.post(
      '/timechanges/tickets/:token',
      {
        schema: {
          tags,
          params: DateChangeTicketParams,
          body: CreateDateChangeBody,
          response: { 201: DateChangeView, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await dateChanges.create(req.site, req.params.token, req.body)),
    );

    app.get(
      '/timechanges/:timechangeToken',
      {
        schema: { tags, params: DateChangeParams, querystring: DateChangeQuery, response: { 200: DateChangeView, ...errors } },
      },
      async (req) => dateChanges.get(req.site, req.params.timechangeToken, req.query.lang),
    );

    app.delete(
      '/timechanges/:timechangeToken',
      { schema: { tags, params: DateChangeParams, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await dateChanges.cancel(req.site, req.params.timechangeToken);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/timechanges/:timechangeToken/confirm',
      {
        schema: {
          tags,
          params: DateChangeParams,
          body: ConfirmDateChangeBody,
          response: { 200: CompletedDateChange, ...errors },
        },
      },
      async (req) =>
        dateChanges.confirm(req.site, {
          reservationToken: req.body.reservation_token,
          timechangeToken: req.params.timechangeToken,
        }),
    );

    app.post(
      '/timechanges/:timechangeToken/checkout',
      {
        schema: { tags, params: DateChangeParams, body: DateChangeCheckoutBody, response: { 200: CheckoutAnswer, ...errors } },
      },
      async (req) =>
        payments.checkout(
          'date-change',
          req.site,
          { reservationToken: req.body.reservation_token, timechangeToken: req.params.timechangeToken },
          req.body,
        ),
    );
  };
