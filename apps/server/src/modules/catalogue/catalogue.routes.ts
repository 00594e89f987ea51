import {
  CalendarColors,
  CalendarColorsQuery,
  Configuration,
  FieldTemplate,
  Gtm,
  GtmParams,
  Language,
  OrderableStock,
  OrderableStocksQuery,
  PaymentMethods,
  PaymentMethodsQuery,
  Product,
  ProductStocks,
  ProductStocksQuery,
  ProductsQuery,
  ProductsSearch2Query,
  ProductsSearch2Result,
  ProductsSearchQuery,
  ProductsSearchResult,
  SetProductsSearchQuery,
  SetProductsSearchResult,
  StockStatuses,
  StockStatusesQuery,
  Texts,
} from '@storefront/domain/api/catalogue';
import { ErrorBody } from '@storefront/domain/api/common';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendRevalidated } from '../../http/revalidation.ts';
import type { CatalogueService } from './catalogue.service.ts';

const errors = { 400: ErrorBody, 404: ErrorBody };
const tags = ['catalogue'];

function sendJson(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The catalogue calls of SPEC §7, mounted under `/<site>/api/v1`. A venue's settings, languages,
 * texts and products carry an ETag for the browser to revalidate (`sendRevalidated`); availability
 * (search2, stocks, statuses, orderable stock) is never kept by the browser.
 */
export const catalogueRoutes =
  (catalogue: CatalogueService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/langs', { schema: { tags, response: { 200: Language.array(), ...errors } } }, async (req, reply) =>
      sendRevalidated(req, reply, await catalogue.languages(req.site)),
    );

    app.get('/field_templates', { schema: { tags, response: { 200: FieldTemplate.array(), ...errors } } }, async (req, reply) =>
      sendJson(reply, await catalogue.fieldTemplates(req.site)),
    );

    app.get('/configurations', { schema: { tags, response: { 200: Configuration, ...errors } } }, async (req, reply) =>
      sendRevalidated(req, reply, await catalogue.configuration(req.site)),
    );

    app.get('/texts', { schema: { tags, querystring: ProductsQuery, response: { 200: Texts, ...errors } } }, async (req, reply) =>
      sendRevalidated(req, reply, await catalogue.texts(req.site, req.query.lang)),
    );

    app.get(
      '/products',
      { schema: { tags, querystring: ProductsQuery, response: { 200: Product.array(), ...errors } } },
      async (req, reply) => sendRevalidated(req, reply, await catalogue.products(req.site, req.query.lang)),
    );

    app.get(
      '/products/search',
      { schema: { tags, querystring: ProductsSearchQuery, response: { 200: ProductsSearchResult, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.search(req.site, req.query)),
    );

    app.get(
      '/products/search2',
      { schema: { tags, querystring: ProductsSearch2Query, response: { 200: ProductsSearch2Result, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.search2(req.site, req.query)),
    );

    app.get(
      '/products/stocks',
      { schema: { tags, querystring: ProductStocksQuery, response: { 200: ProductStocks, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.stocks(req.site, req.query)),
    );

    app.get(
      '/products/stocks-statuses',
      { schema: { tags, querystring: StockStatusesQuery, response: { 200: StockStatuses, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.stockStatuses(req.site, req.query)),
    );

    app.get(
      '/products/orderable_stocks',
      { schema: { tags, querystring: OrderableStocksQuery, response: { 200: OrderableStock, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.orderableStock(req.site, req.query)),
    );

    app.get(
      '/setproducts/search',
      { schema: { tags, querystring: SetProductsSearchQuery, response: { 200: SetProductsSearchResult, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.setProducts(req.site, req.query)),
    );

    app.get(
      '/paymentmethods',
      { schema: { tags, querystring: PaymentMethodsQuery, response: { 200: PaymentMethods, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.paymentMethods(req.site, req.query)),
    );

    app.get(
      '/calendar/colors',
      { schema: { tags, querystring: CalendarColorsQuery, response: { 200: CalendarColors, ...errors } } },
      async (req, reply) => sendJson(reply, await catalogue.calendarColors(req.site, req.query)),
    );

    app.get('/gtm/:id', { schema: { tags, params: GtmParams, response: { 200: Gtm, ...errors } } }, async (req, reply) =>
      sendJson(reply, await catalogue.gtm(req.site, req.params.id)),
    );
  };
