import { ErrorBody } from '@storefront/domain/api/common';
import {
  ApplyCouponBody,
  ApplyCouponResult,
  CreateOrderBody,
  OrderCouponParams,
  OrderMailBody,
  OrderMailParams,
  OrderMailResult,
  OrderTokenParams,
  TemporaryOrder,
  UpdateOrderBody,
} from '@storefront/domain/api/orders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrdersService } from './orders.service.ts';

const errors = { 400: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody };
const tags = ['orders'];

/** Temporary orders, coupons and checkout (SPEC §7), under `/<site>/api/v1`. */
export const orderRoutes =
  (orders: OrdersService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/orders',
      { schema: { tags, body: CreateOrderBody, response: { 201: TemporaryOrder, ...errors } } },
      async (req, reply) => reply.code(201).send(await orders.create(req.site, req.body)),
    );

    app.get(
      '/orders/:id',
      { schema: { tags, params: OrderTokenParams, response: { 200: TemporaryOrder, ...errors } } },
      async (req) => orders.get(req.site, req.params.id),
    );

    app.put(
      '/orders/:id',
      { schema: { tags, params: OrderTokenParams, body: UpdateOrderBody, response: { 200: TemporaryOrder, ...errors } } },
      async (req) => orders.update(req.site, req.params.id, req.body),
    );

    app.delete(
      '/orders/:id',
      { schema: { tags, params: OrderTokenParams, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await orders.cancel(req.site, req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/ordercoupons/:id',
      { schema: { tags, params: OrderTokenParams, body: ApplyCouponBody, response: { 200: ApplyCouponResult, ...errors } } },
      async (req) => orders.applyCoupon(req.site, req.params.id, req.body.coupon, req.ip),
    );

    app.delete(
      '/ordercoupons/:id/:couponId',
      { schema: { tags, params: OrderCouponParams, response: { 200: TemporaryOrder, ...errors } } },
      async (req) => orders.removeCoupon(req.site, req.params.id, req.params.couponId),
    );

    app.post(
      '/ordermails/:id',
      { schema: { tags, params: OrderTokenParams, body: OrderMailBody, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await orders.sendOrderMail(req.site, req.params.id, req.body, req.ip);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/ordermails/:id',
      { schema: { tags, params: OrderMailParams, response: { 200: OrderMailResult, ...errors } } },
      async (req) => orders.confirmOrderMail(req.site, req.params.id),
    );
  };
