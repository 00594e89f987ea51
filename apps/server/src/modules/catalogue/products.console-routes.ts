/**
 * A venue's products under `/console/api/v1/venues/:venue/products`: listing (archived ones on
 * request), one product, creating, changing (options and set products as whole lists), archiving
 * and unarchiving. Reading needs `catalogue:read`, changing `catalogue:write`; every change is one
 * transaction with its audit row, and reaches the shop within a second (`changeCatalogue`).
 */
import { ErrorBody, Id } from '@storefront/domain/api/common';
import {
  ConsoleProduct,
  ConsoleProducts,
  NewProductBody,
  ProductPatchBody,
  ProductsListQuery,
} from '@storefront/domain/console/products';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { archiveProduct, unarchiveProduct } from './archive-product.ts';
import { type CatalogueConsoleContext, changeCatalogue } from './catalogue-changes.ts';
import { findConsoleProduct, listConsoleProducts } from './console-products.ts';
import { createProduct, type ProductRow } from './create-product.ts';
import { updateProduct } from './update-product.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: products'];
const read = { console: { right: 'catalogue:read', scope: 'venue' } } as const;
const write = { console: { right: 'catalogue:write', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const ProductParams = z.object({ venue: z.string(), id: Id });

export const productConsoleRoutes =
  (ctx: CatalogueConsoleContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    /** Runs a change of one product with its audit row, and answers the product as it now is. */
    async function change(
      request: FastifyRequest,
      action: string,
      changes: Record<string, unknown>,
      work: (tx: Database, siteId: number) => Promise<ProductRow>,
    ): Promise<ConsoleProduct> {
      const venue = venueOf(request);
      const { actor } = authOf(request);
      const row = await changeCatalogue(ctx, venue.id, async (tx) => {
        const changed = await work(tx, venue.id);
        await recordAudit(tx, actor, {
          venue: { id: venue.id, code: venue.code },
          objectType: 'product',
          objectId: changed.id,
          action,
          changes: { key: changed.key, ...changes },
        });
        return changed;
      });
      const product = await findConsoleProduct(ctx.db, venue.id, row.id);
      if (!product) throw new Error('the changed product was not found');
      return product;
    }

    app.get(
      '/venues/:venue/products',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: ProductsListQuery, response: { 200: ConsoleProducts, ...errors } },
      },
      async (request) => ({
        products: await listConsoleProducts(ctx.db, venueOf(request).id, { includeArchived: request.query.archived === 'true' }),
      }),
    );

    app.get(
      '/venues/:venue/products/:id',
      { config: read, schema: { tags, params: ProductParams, response: { 200: ConsoleProduct, ...errors } } },
      async (request) => {
        const product = await findConsoleProduct(ctx.db, venueOf(request).id, request.params.id);
        if (!product) throw specError('not found', { message: 'the venue has no such product' });
        return product;
      },
    );

    app.post(
      '/venues/:venue/products',
      {
        config: write,
        schema: { tags, params: VenueParams, body: NewProductBody, response: { 201: ConsoleProduct, ...errors } },
      },
      async (request, reply) => {
        const product = await change(request, 'created', { ...request.body }, (tx, siteId) =>
          createProduct(tx, ctx.references, siteId, request.body),
        );
        return reply.code(201).send(product);
      },
    );

    app.patch(
      '/venues/:venue/products/:id',
      {
        config: write,
        schema: { tags, params: ProductParams, body: ProductPatchBody, response: { 200: ConsoleProduct, ...errors } },
      },
      async (request) =>
        change(request, 'updated', { ...request.body }, (tx, siteId) =>
          updateProduct(tx, ctx.references, siteId, request.params.id, request.body),
        ),
    );

    app.post(
      '/venues/:venue/products/:id/archive',
      { config: write, schema: { tags, params: ProductParams, response: { 200: ConsoleProduct, ...errors } } },
      async (request) => change(request, 'archived', {}, (tx, siteId) => archiveProduct(tx, siteId, request.params.id)),
    );

    app.post(
      '/venues/:venue/products/:id/unarchive',
      { config: write, schema: { tags, params: ProductParams, response: { 200: ConsoleProduct, ...errors } } },
      async (request) => change(request, 'unarchived', {}, (tx, siteId) => unarchiveProduct(tx, siteId, request.params.id)),
    );
  };
