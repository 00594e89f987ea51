/**
 * Finding a venue's orders from the console, right `orders:read`: a page of the search under
 * `/console/api/v1/venues/:venue/orders`, and the whole result as CSV or XLSX. An export hands
 * visitors' personal data out of the system, so each one writes an audit entry with its filters
 * (in its own transaction, before the first byte is sent).
 */

import { ErrorBody } from '@storefront/domain/api/common';
import {
  OrderExportQuery,
  OrderSearchPage,
  OrderSearchProducts,
  OrderSearchQuery,
} from '@storefront/domain/console/order-search';
import type { LanguageCode } from '@storefront/domain/constants';
import { fileStampIn } from '@storefront/domain/dates';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { languageCodesOf, optionNames, venueProductNames } from '../catalogue/catalogue-facts.ts';
import { exportOrdersCsv, exportOrdersXlsx, type OrderExportReads } from '../orders/export-orders.ts';
import { searchOrders } from '../orders/search-orders.ts';
import { refundsOfOrders } from '../payments/order-refunded-amounts.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf, memberLanguageOf } from '../staff/console-request.ts';
import { orderReads } from './order-reads.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: orders'];
const read = { console: { right: 'orders:read', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
/** A stream Fastify sends as it is, unserialised. */
const CsvFile = z
  .any()
  .describe(
    'text/csv; charset=utf-8: reservation number, name, e-mail, phone, product, visit, quantity, total, refunded, coupons, options, status, refund status, channel, completed; headings, statuses and channels in the console’s language, or keys with headings=keys',
  );
const XlsxFile = z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: the columns of the CSV');

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const orderSearchConsoleRoutes =
  (db: Database): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // What the export tells of refunds and options is the payments module's and the catalogue's.
    const reads: OrderExportReads = {
      search: orderReads,
      refunds: (orderIds) => refundsOfOrders(db, orderIds),
      optionNames: (optionIds) => optionNames(db, optionIds),
    };

    app.get(
      '/venues/:venue/orders',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: OrderSearchQuery, response: { 200: OrderSearchPage, ...errors } },
      },
      async (request) => searchOrders(db, orderReads, venueOf(request), request.query),
    );

    app.get(
      '/venues/:venue/orders/products',
      { config: read, schema: { tags, params: VenueParams, response: { 200: OrderSearchProducts, ...errors } } },
      async (request) => ({ products: await venueProductNames(db, venueOf(request).id) }),
    );

    /** Writes the export's audit entry and answers what the file needs: filters, order, language, name. */
    async function startExport(request: FastifyRequest, query: OrderExportQuery, format: 'csv' | 'xlsx') {
      const venue = venueOf(request);
      const { actor } = authOf(request);
      const { lang, headings, sort, direction, ...filters } = query;
      const language: LanguageCode = lang ?? (await languageCodesOf(db, [venue.id])).get(venue.id)?.[0] ?? 'ja';
      // Recorded before the first row is sent; one insert, so no transaction of its own.
      await recordAudit(db, actor, {
        venue: { id: venue.id, code: venue.code },
        objectType: 'orders',
        action: 'exported',
        changes: { format, filters: { ...filters }, sort, direction },
      });
      // The venue's wall clock, as its rows are: a name sorts with the files made the same day there.
      const stamp = fileStampIn(clock.now(), venue.timeZone);
      const fileName = `orders-${venue.code.replace(/[^A-Za-z0-9_-]+/g, '-')}-${stamp}.${format}`;
      // Headings in the console's language (it sends its own), else the member's; keys when asked.
      const headingsIn: LanguageCode | 'keys' = headings === 'keys' ? 'keys' : (lang ?? memberLanguageOf(request));
      return { venue, filters, order: { sort, direction }, language, headings: headingsIn, fileName };
    }

    app.get(
      '/venues/:venue/orders/export.csv',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: OrderExportQuery, response: { 200: CsvFile, ...errors } },
      },
      async (request, reply) => {
        const { venue, filters, order, language, headings, fileName } = await startExport(request, request.query, 'csv');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(exportOrdersCsv(db, venue, filters, order, language, headings, reads));
      },
    );

    app.get(
      '/venues/:venue/orders/export.xlsx',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: OrderExportQuery, response: { 200: XlsxFile, ...errors } },
      },
      async (request, reply) => {
        const { venue, filters, order, language, headings, fileName } = await startExport(request, request.query, 'xlsx');
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(exportOrdersXlsx(db, venue, filters, order, language, headings, reads));
      },
    );
  };
