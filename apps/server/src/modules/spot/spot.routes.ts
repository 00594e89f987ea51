import { SetProductsSearchResult } from '@storefront/domain/api/catalogue';
import { ErrorBody } from '@storefront/domain/api/common';
import {
  ApplyCouponBody,
  ApplyCouponResult,
  OrderTokenParams,
  TemporaryOrder,
  UpdateOrderBody,
} from '@storefront/domain/api/orders';
import {
  SpotCreateOrderBody,
  SpotProductStocks,
  SpotProductStocksQuery,
  SpotQrCode,
  SpotQrHeaders,
  SpotQrParams,
  SpotQrQuery,
  SpotSetProductsSearchQuery,
} from '@storefront/domain/api/spot';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SpotService } from './spot.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody };
const tags = ['spot'];

/** The spot calls of SPEC §7 and the staff's QR code, under `/<site>/api/v1`. */
export const spotRoutes =
  (spot: SpotService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/spot/products/stocks',
      { schema: { tags, querystring: SpotProductStocksQuery, response: { 200: SpotProductStocks, ...errors } } },
      async (req) => spot.stocks(req.site, req.query),
    );

    app.get(
      '/spot/setproducts/search',
      { schema: { tags, querystring: SpotSetProductsSearchQuery, response: { 200: SetProductsSearchResult, ...errors } } },
      async (req) => spot.setProducts(req.site, req.query),
    );

    app.post(
      '/spot/orders',
      { schema: { tags, body: SpotCreateOrderBody, response: { 201: TemporaryOrder, ...errors } } },
      async (req, reply) => reply.code(201).send(await spot.createOrder(req.site, req.body)),
    );

    app.put(
      '/spot/orders/:id',
      { schema: { tags, params: OrderTokenParams, body: UpdateOrderBody, response: { 200: TemporaryOrder, ...errors } } },
      async (req) => spot.updateOrder(req.site, req.params.id, req.body),
    );

    app.post(
      '/spot/ordercoupons/:id',
      { schema: { tags, params: OrderTokenParams, body: ApplyCouponBody, response: { 200: ApplyCouponResult, ...errors } } },
      async (req) => spot.applyCoupon(req.site, req.params.id, req.body.coupon, req.ip),
    );

    app.get(
      '/spot/qr/:productUUID',
      {
        schema: {
          tags,
          description:
            'For staff: a QR token for a poster of the product. Needs the X-Staff-Key header when SPOT_STAFF_KEY is set.',
          params: SpotQrParams,
          querystring: SpotQrQuery,
          headers: SpotQrHeaders,
          response: { 200: SpotQrCode, ...errors },
        },
      },
      async (req) => spot.qrCode(req.site, req.params.productUUID, req.query, req.headers['x-staff-key']),
    );
  };
