/**
 * One order in the console, under `/console/api/v1/venues/:venue/orders/:order` (the order's id):
 * read with `orders:read` (the order, its admissions, payments, refunds, notes and timeline, and
 * each mail as sent); with `orders:write`, the ticket mail sent again, the contact details
 * corrected and a staff note added, each in one transaction with its audit entry (object `order`).
 * Another venue's order, and one that was never completed, is not found.
 */
import { ErrorBody, Uuid } from '@storefront/domain/api/common';
import {
  NewOrderNoteBody,
  OrderContact,
  OrderContactChanges,
  OrderDetail,
  OrderMail,
  OrderNote,
  ResendTicketMailBody,
  ResentTicketMail,
} from '@storefront/domain/console/order-detail';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { auditedChange, recordAudit } from '../audit/record-audit.ts';
import { findOrderMail } from '../mail/order-mails.ts';
import { editOrderContact } from '../orders/edit-order-contact.ts';
import { findPlacedOrder } from '../orders/placed-order.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { addOrderNote } from './add-order-note.ts';
import type { CustomerServiceContext } from './customer-service-context.ts';
import { readOrderDetail } from './read-order-detail.ts';
import { resendTicketMail } from './resend-ticket-mail.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['console: orders'];
const read = { console: { right: 'orders:read', scope: 'venue' } } as const;
const write = { console: { right: 'orders:write', scope: 'venue' } } as const;
const OrderParams = z.object({ venue: z.string(), order: Uuid });
const MailParams = OrderParams.extend({ mail: Uuid });
/** An HTML page Fastify sends as it is, unserialised. */
const MailPage = z.any().describe("text/html; charset=utf-8: the mail as sent, its links' secrets hidden");
const MAIL_PAGE_DIRECTIVES = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ['*', 'data:'],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'self'"],
  sandbox: [],
};

const notFound = () => specError('not found', { message: 'there is no such order at this venue' });

export const orderDetailConsoleRoutes =
  (ctx: CustomerServiceContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    app.get(
      '/venues/:venue/orders/:order',
      { config: read, schema: { tags, params: OrderParams, response: { 200: OrderDetail, ...errors } } },
      async (request, reply) => {
        const detail = await readOrderDetail(db, venueOf(request), request.params.order);
        if (!detail) throw notFound();
        return reply.header('cache-control', 'no-store').send(detail);
      },
    );

    app.get(
      '/venues/:venue/orders/:order/mails/:mail',
      { config: read, schema: { tags, params: MailParams, response: { 200: OrderMail, ...errors } } },
      async (request, reply) => {
        const order = await findPlacedOrder(db, venueOf(request).id, request.params.order);
        if (!order) throw notFound();
        const mail = await findOrderMail(db, order.id, request.params.mail);
        if (!mail) throw specError('not found', { message: 'this order has no such mail' });
        return reply.header('cache-control', 'no-store').send({
          id: mail.id,
          kind: mail.kind,
          to: mail.toAddress,
          from: mail.fromAddress,
          subject: mail.subject,
          lang: mail.lang,
          status: mail.status,
          created_at: mail.createdAt.toISOString(),
          sent_at: mail.sentAt ? mail.sentAt.toISOString() : null,
          text: mail.textBody,
          html: mail.htmlBody,
        });
      },
    );

    app.get(
      '/venues/:venue/orders/:order/mails/:mail/view',
      { config: read, schema: { tags, params: MailParams, response: { 200: MailPage, ...errors } } },
      async (request, reply) => {
        const order = await findPlacedOrder(db, venueOf(request).id, request.params.order);
        if (!order) throw notFound();
        const mail = await findOrderMail(db, order.id, request.params.mail);
        if (!mail) throw specError('not found', { message: 'this order has no such mail' });
        // The mail's HTML as the visitor's mail program shows it, styles and all, framed only by
        // the console's own page. It runs nothing and submits nothing: the policy sandboxes it
        // whatever frame it is opened in, and allows no script, form or connection.
        reply.helmet({
          contentSecurityPolicy: { useDefaults: false, directives: MAIL_PAGE_DIRECTIVES },
          xFrameOptions: { action: 'sameorigin' },
        });
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(mail.htmlBody);
      },
    );

    app.post(
      '/venues/:venue/orders/:order/resend',
      {
        config: write,
        schema: { tags, params: OrderParams, body: ResendTicketMailBody, response: { 202: ResentTicketMail, ...errors } },
      },
      async (request, reply) => {
        const sent = await resendTicketMail(ctx, venueOf(request), request.params.order, authOf(request).actor, request.body);
        return reply.code(202).send(sent);
      },
    );

    app.patch(
      '/venues/:venue/orders/:order/contact',
      {
        config: write,
        schema: { tags, params: OrderParams, body: OrderContactChanges, response: { 200: OrderContact, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const fields = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          const edit = await editOrderContact(tx, venue.id, request.params.order, request.body);
          if (!edit) throw notFound();
          // Saving the details unchanged writes no audit entry.
          if (Object.keys(edit.changes).length > 0) {
            await recordAudit(tx, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'order',
              objectId: edit.order.id,
              action: 'contact edited',
              changes: { reservation_number: edit.order.reservationNumber, ...edit.changes },
            });
          }
          return edit.fields;
        });
        return { fullname: fields.fullname ?? '', email: fields.email ?? '', phone: fields.phone ?? '' };
      },
    );

    app.post(
      '/venues/:venue/orders/:order/notes',
      { config: write, schema: { tags, params: OrderParams, body: NewOrderNoteBody, response: { 201: OrderNote, ...errors } } },
      async (request, reply) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        // The note's words stay in order_notes; the audit log, which nothing may rewrite, keeps only that one was added.
        const note = await auditedChange(
          db,
          actor,
          async (tx) => {
            const order = await findPlacedOrder(tx, venue.id, request.params.order);
            if (!order) throw notFound();
            return { order, row: await addOrderNote(tx, order.id, actor, request.body.body) };
          },
          ({ order, row }) => ({
            venue: { id: venue.id, code: venue.code },
            objectType: 'order',
            objectId: order.id,
            action: 'note added',
            changes: { reservation_number: order.reservationNumber, note_id: row.id, length: row.body.length },
          }),
        ).then((added) => added.row);
        return reply
          .code(201)
          .send({ id: note.id, body: note.body, staff_label: note.staffLabel, created_at: note.createdAt.toISOString() });
      },
    );
  };
