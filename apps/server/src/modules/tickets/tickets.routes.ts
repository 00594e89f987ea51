import { ErrorBody } from '@storefront/domain/api/common';
import {
  ClaimShareResult,
  CreateShareBody,
  CreateShareResult,
  MoneyDocumentParams,
  MoneyDocuments,
  Receipt,
  ReceiptBody,
  ReceiptPdfQuery,
  ReissueReceiptBody,
  ReservationTokenParams,
  SendTicketBody,
  SharedTicket,
  TicketQuery,
  TicketView,
} from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TicketsService } from './tickets.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['tickets'];

/**
 * The ticket of a reservation token and what can be done with it, under `/<site>/api/v1`.
 * SPEC §7 leaves these paths unnamed: `tickets/{token}`, `tickets/{token}/shares`,
 * `shares/{token}`, `tickets/{token}/send`, `tickets/{token}/receipt`; and the reservation's money
 * documents (decision 034): `tickets/{token}/receipts`, one by its number, its PDF, a re-issue.
 */
export const ticketRoutes =
  (tickets: TicketsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/tickets/:token',
      { schema: { tags, params: ReservationTokenParams, querystring: TicketQuery, response: { 200: TicketView, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return tickets.view(req.site, req.params.token, req.query.lang);
      },
    );

    app.post(
      '/tickets/:token/shares',
      {
        schema: { tags, params: ReservationTokenParams, body: CreateShareBody, response: { 201: CreateShareResult, ...errors } },
      },
      async (req, reply) => reply.code(201).send(await tickets.share(req.site, req.params.token, req.body)),
    );

    app.get(
      '/shares/:token',
      { schema: { tags, params: ReservationTokenParams, querystring: TicketQuery, response: { 200: SharedTicket, ...errors } } },
      async (req) => tickets.shared(req.site, req.params.token, req.query.lang),
    );

    app.post(
      '/shares/:token/claim',
      { schema: { tags, params: ReservationTokenParams, response: { 200: ClaimShareResult, ...errors } } },
      async (req) => tickets.claim(req.site, req.params.token),
    );

    app.post(
      '/tickets/:token/send',
      { schema: { tags, params: ReservationTokenParams, body: SendTicketBody, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await tickets.send(req.site, req.params.token, req.body, req.ip);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/tickets/:token/receipt',
      { schema: { tags, params: ReservationTokenParams, body: ReceiptBody, response: { 200: Receipt, ...errors } } },
      async (req) => tickets.issueReceipt(req.site, req.params.token, req.body.addressee, req.body.lang ?? 'ja'),
    );

    app.get(
      '/tickets/:token/receipt',
      { schema: { tags, params: ReservationTokenParams, querystring: TicketQuery, response: { 200: Receipt, ...errors } } },
      async (req) => tickets.receipt(req.site, req.params.token, req.query.lang),
    );

    const sendPdf = (reply: FastifyReply, found: { pdf: Uint8Array; number: string }) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${found.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(found.pdf));

    app.get(
      '/tickets/:token/receipt.pdf',
      { schema: { tags, params: ReservationTokenParams, querystring: ReceiptPdfQuery } },
      async (req, reply) => sendPdf(reply, await tickets.receiptPdf(req.site, req.params.token, req.query.lang)),
    );

    app.get(
      '/tickets/:token/receipts',
      {
        schema: { tags, params: ReservationTokenParams, querystring: TicketQuery, response: { 200: MoneyDocuments, ...errors } },
      },
      async (req) => tickets.documents(req.site, req.params.token, req.query.lang),
    );

    app.post(
      '/tickets/:token/receipts/reissue',
      { schema: { tags, params: ReservationTokenParams, body: ReissueReceiptBody, response: { 201: Receipt, ...errors } } },
      async (req, reply) => reply.code(201).send(await tickets.reissueReceipt(req.site, req.params.token, req.body.lang ?? 'ja')),
    );

    app.get(
      '/tickets/:token/receipts/:number',
      { schema: { tags, params: MoneyDocumentParams, querystring: TicketQuery, response: { 200: Receipt, ...errors } } },
      async (req) => tickets.receipt(req.site, req.params.token, req.query.lang, req.params.number),
    );

    app.get(
      '/tickets/:token/receipts/:number/pdf',
      { schema: { tags, params: MoneyDocumentParams, querystring: ReceiptPdfQuery } },
      async (req, reply) =>
        sendPdf(reply, await tickets.receiptPdf(req.site, req.params.token, req.query.lang, req.params.number)),
    );
  };
