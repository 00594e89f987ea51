/**
 * Cancelling admissions and refunding an order from the console, under
 * `/console/api/v1/venues/:venue/orders/:order`: the preview and the refunds list with
 * `orders:read`, the cancellation and a refund's retry with `orders:refund` (decision 017), the
 * venue's refunds in one status (the failed ones to follow up) with `orders:read`, the
 * date change on the visitor's behalf and the slots it may move to with `orders:write`. Each
 * change is one transaction with its audit entry; the provider is asked after it commits.
 */
import { ErrorBody, Uuid } from '@storefront/domain/api/common';
import { FilterDate } from '@storefront/domain/console/date-filters';
import {
  CancellationBody,
  CancellationPreview,
  CancellationQuery,
  CancellationResult,
  OrderRefund,
  OrderRefundList,
  SlotChoiceList,
  StaffDateChangeBody,
  StaffDateChangeResult,
  VenueRefundList,
  VenueRefundQuery,
} from '@storefront/domain/console/order-refunds';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { listOrdersByIds } from '../orders/completed-orders.ts';
import { listOrderRefunds, listVenueRefunds } from '../payments/order-refunds.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import {
  cancelOrderAdmissions,
  type OrderRefundDeps,
  presentRefund,
  previewCancellation,
  retryOrderRefund,
  venueOrder,
} from './cancel-order-admissions.ts';
import { changeOrderDate, type OrderDateChangeDeps, slotChoices } from './change-order-date.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: orders'];
const read = { console: { right: 'orders:read', scope: 'venue' } } as const;
const refund = { console: { right: 'orders:refund', scope: 'venue' } } as const;
const write = { console: { right: 'orders:write', scope: 'venue' } } as const;
const OrderParams = z.object({ venue: z.string(), order: Uuid });
const RefundParams = OrderParams.extend({ refund: Uuid });
const SlotQuery = z.object({ date: FilterDate });

export const orderRefundConsoleRoutes =
  (db: Database, deps: OrderRefundDeps & OrderDateChangeDeps): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/venues/:venue/orders/:order/cancellation',
      {
        config: read,
        schema: {
          tags,
          params: OrderParams,
          querystring: CancellationQuery,
          response: { 200: CancellationPreview, ...errors },
        },
      },
      async (request) => previewCancellation(db, venueOf(request), request.params.order, request.query.tickets),
    );

    app.post(
      '/venues/:venue/orders/:order/cancellation',
      {
        config: refund,
        schema: { tags, params: OrderParams, body: CancellationBody, response: { 200: CancellationResult, ...errors } },
      },
      async (request) =>
        cancelOrderAdmissions(db, deps, authOf(request).actor, venueOf(request), request.params.order, request.body),
    );

    app.get(
      '/venues/:venue/orders/:order/refunds',
      { config: read, schema: { tags, params: OrderParams, response: { 200: OrderRefundList, ...errors } } },
      async (request) => {
        const order = await venueOrder(db, venueOf(request), request.params.order);
        return { refunds: (await listOrderRefunds(db, order.id)).map(presentRefund) };
      },
    );

    app.get(
      '/venues/:venue/refunds',
      {
        config: read,
        schema: {
          tags,
          params: z.object({ venue: z.string() }),
          querystring: VenueRefundQuery,
          response: { 200: VenueRefundList, ...errors },
        },
      },
      async (request) => {
        const found = await listVenueRefunds(db, venueOf(request).id, { status: request.query.status, limit: 200 });
        const numbers = new Map(
          (
            await listOrdersByIds(
              db,
              found.map((r) => r.orderId),
            )
          ).map((o) => [o.id, o.reservationNumber]),
        );
        return {
          refunds: found.map((r) => ({
            ...presentRefund(r),
            order_id: r.orderId,
            reservation_number: numbers.get(r.orderId) ?? null,
          })),
        };
      },
    );

    app.post(
      '/venues/:venue/orders/:order/refunds/:refund/retry',
      { config: refund, schema: { tags, params: RefundParams, response: { 200: OrderRefund, ...errors } } },
      async (request) =>
        retryOrderRefund(db, deps, authOf(request).actor, venueOf(request), request.params.order, request.params.refund),
    );

    app.get(
      '/venues/:venue/orders/:order/date-change/slots',
      {
        config: write,
        schema: { tags, params: OrderParams, querystring: SlotQuery, response: { 200: SlotChoiceList, ...errors } },
      },
      async (request) => slotChoices(db, venueOf(request), request.params.order, request.query.date),
    );

    app.post(
      '/venues/:venue/orders/:order/date-change',
      {
        config: write,
        schema: { tags, params: OrderParams, body: StaffDateChangeBody, response: { 200: StaffDateChangeResult, ...errors } },
      },
      async (request) => changeOrderDate(db, deps, authOf(request).actor, venueOf(request), request.params.order, request.body),
    );
  };
