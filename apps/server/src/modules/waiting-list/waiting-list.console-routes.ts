/**
 * The console's waiting lists (issue 22) under `/console/api/v1/venues/:venue`: a product's list
 * turned on or off with its offer time (`products/:product/waiting-list`, read with
 * `catalogue:read`, changed with `catalogue:write`, as the product itself), and the venue's lists
 * of coming slots (`waiting-list`, `orders:read`) from which staff take someone off
 * (`waiting-list/:entry`, `orders:write`: an offer's places go back at once, as the visitor's own
 * leaving does). Each change is one transaction with its audit entry.
 */
import { ErrorBody, Id } from '@storefront/domain/api/common';
import {
  ProductWaitingList,
  ProductWaitingListBody,
  WaitingListPage,
  WaitingListQuery,
} from '@storefront/domain/console/waiting-list';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import type { WaitingListService } from './waiting-list.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: waiting lists'];
const catalogueRead = { console: { right: 'catalogue:read', scope: 'venue' } } as const;
const catalogueWrite = { console: { right: 'catalogue:write', scope: 'venue' } } as const;
const ordersRead = { console: { right: 'orders:read', scope: 'venue' } } as const;
const ordersWrite = { console: { right: 'orders:write', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const ProductParams = VenueParams.extend({ product: Id });
const EntryParams = VenueParams.extend({ entry: Id });

export const waitingListConsoleRoutes =
  (waitingList: WaitingListService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/venues/:venue/products/:product/waiting-list',
      { config: catalogueRead, schema: { tags, params: ProductParams, response: { 200: ProductWaitingList, ...errors } } },
      async (request) => waitingList.productList(venueOf(request), request.params.product),
    );

    app.put(
      '/venues/:venue/products/:product/waiting-list',
      {
        config: catalogueWrite,
        schema: { tags, params: ProductParams, body: ProductWaitingListBody, response: { 200: ProductWaitingList, ...errors } },
      },
      async (request) =>
        waitingList.setProductList(authOf(request).actor, venueOf(request), request.params.product, request.body),
    );

    app.get(
      '/venues/:venue/waiting-list',
      {
        config: ordersRead,
        schema: { tags, params: VenueParams, querystring: WaitingListQuery, response: { 200: WaitingListPage, ...errors } },
      },
      async (request) => waitingList.list(venueOf(request), request.query),
    );

    app.delete(
      '/venues/:venue/waiting-list/:entry',
      { config: ordersWrite, schema: { tags, params: EntryParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await waitingList.takeOff(authOf(request).actor, venueOf(request), request.params.entry);
        return reply.code(204).send(null);
      },
    );
  };
