/**
 * A venue's coupons under `/console/api/v1/venues/:venue/coupons`: listed, searched and exported
 * with `catalogue:read`; made one by one or in batches, and changed, with `catalogue:write`. Each
 * change is one transaction with its audit entry; each export writes one too. The shop reads
 * coupons from the table at every use (`apply-coupon.ts`), so no cache is involved and the change
 * counts from its commit.
 */

import { ErrorBody, Id } from '@storefront/domain/api/common';
import {
  Coupon,
  CouponBatch,
  CouponChanges,
  CouponExportQuery,
  CouponListQuery,
  CouponPage,
  NewCouponBatchBody,
  NewCouponBody,
} from '@storefront/domain/console/coupons';
import { fileStampIn } from '@storefront/domain/dates';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { auditedChange, recordAudit } from '../audit/record-audit.ts';
import { languageCodesOf } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf, memberLanguageOf } from '../staff/console-request.ts';
import { couponOf } from './coupon-rows.ts';
import { createCoupon } from './create-coupon.ts';
import { exportCoupons } from './export-coupons.ts';
import { generateCoupons } from './generate-coupons.ts';
import { findCoupon, listCoupons } from './list-coupons.ts';
import { updateCoupon } from './update-coupon.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: coupons'];
const read = { console: { right: 'catalogue:read', scope: 'venue' } } as const;
const write = { console: { right: 'catalogue:write', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const CouponParams = VenueParams.extend({ id: Id });
/** A stream Fastify sends as it is, unserialised. */
const CsvFile = z
  .any()
  .describe(
    'text/csv; charset=utf-8: code, name, discount, coverage, expiry, limit, used, active, batch, status; headings and the active and status values in the console’s language, or keys with headings=keys',
  );

/** A file name of letters, digits and hyphens, whatever a batch's name holds. */
/** Named after the batch, else the venue's wall clock when it was made. */
const fileNameOf = (venue: Site, batch: string | undefined, now: Date) =>
  `coupons-${venue.code}-${(batch ?? fileStampIn(now, venue.timeZone)).replace(/[^A-Za-z0-9_-]+/g, '-')}.csv`;

export const couponConsoleRoutes =
  (db: Database): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/venues/:venue/coupons',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: CouponListQuery, response: { 200: CouponPage, ...errors } },
      },
      async (request) => listCoupons(db, venueOf(request).id, request.query),
    );

    app.get(
      '/venues/:venue/coupons/export.csv',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: CouponExportQuery, response: { 200: CsvFile, ...errors } },
      },
      async (request, reply) => {
        const venue = venueOf(request);
        const { lang, headings, ...filters } = request.query;
        const language = lang ?? (await languageCodesOf(db, [venue.id])).get(venue.id)?.[0] ?? 'ja';
        // Headings in the console's language (it sends its own), else the member's; keys when asked.
        const words = headings === 'keys' ? 'keys' : (lang ?? memberLanguageOf(request));
        const now = clock.now();
        // Codes that take money off leave the system in this file: who took which ones is recorded
        // before its first row is sent, as an orders export is (one insert, no transaction of its own).
        await recordAudit(db, authOf(request).actor, {
          venue: { id: venue.id, code: venue.code },
          objectType: 'coupons',
          action: 'exported',
          changes: { format: 'csv', filters: { ...filters } },
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileNameOf(venue, filters.batch, now)}"`)
          .header('cache-control', 'no-store')
          .send(exportCoupons(db, venue, filters, language, words, now));
      },
    );

    app.get(
      '/venues/:venue/coupons/:id',
      { config: read, schema: { tags, params: CouponParams, response: { 200: Coupon, ...errors } } },
      async (request) => {
        const coupon = await findCoupon(db, venueOf(request).id, request.params.id);
        if (!coupon) throw specError('not found', { message: `there is no coupon ${request.params.id} here` });
        return coupon;
      },
    );

    app.post(
      '/venues/:venue/coupons',
      { config: write, schema: { tags, params: VenueParams, body: NewCouponBody, response: { 201: Coupon, ...errors } } },
      async (request, reply) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const row = await auditedChange(
          db,
          actor,
          (tx) => createCoupon(tx, venue.id, request.body),
          (created) => ({
            venue: { id: venue.id, code: venue.code },
            objectType: 'coupon',
            objectId: created.id,
            action: 'created',
            changes: { ...request.body },
          }),
        );
        return reply.code(201).send(couponOf(row, clock.now()));
      },
    );

    app.post(
      '/venues/:venue/coupons/batches',
      {
        config: write,
        schema: { tags, params: VenueParams, body: NewCouponBatchBody, response: { 201: CouponBatch, ...errors } },
      },
      async (request, reply) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const batch = await auditedChange(
          db,
          actor,
          (tx) => generateCoupons(tx, venue.id, request.body),
          (made) => ({
            venue: { id: venue.id, code: venue.code },
            objectType: 'coupon batch',
            objectId: made.batch,
            action: 'generated',
            changes: { ...request.body },
          }),
        );
        return reply.code(201).send(batch);
      },
    );

    app.patch(
      '/venues/:venue/coupons/:id',
      { config: write, schema: { tags, params: CouponParams, body: CouponChanges, response: { 200: Coupon, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const updated = await db.transaction(async (tx) => {
          const update = await updateCoupon(tx as Database, venue.id, request.params.id, request.body);
          if (!update) throw specError('not found', { message: `there is no coupon ${request.params.id} here` });
          // Saving a coupon unchanged writes no audit entry.
          if (Object.keys(update.changes).length > 0) {
            const activation = update.changes.is_active ? (update.after.isActive ? 'reactivated' : 'deactivated') : null;
            await recordAudit(tx as Database, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'coupon',
              objectId: update.after.id,
              action: activation && Object.keys(update.changes).length === 1 ? activation : 'updated',
              changes: { code: update.after.code, ...update.changes },
            });
          }
          return update.after;
        });
        return couponOf(updated, clock.now());
      },
    );
  };
