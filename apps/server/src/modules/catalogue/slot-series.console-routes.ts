/**
 * A venue's slot series under `/console/api/v1/venues/:venue/slot-series`: list, preview (read
 * right), apply and delete (write right). Applying and deleting change the shop's calendar, so
 * they run through `changeCatalogue` with their audit entry in the same transaction.
 */
import { ErrorBody, Id } from '@storefront/domain/api/common';
import {
  SlotSeriesApplied,
  SlotSeriesDeleted,
  SlotSeriesList,
  SlotSeriesPreview,
  SlotSeriesPreviewBody,
  SlotSeriesRule,
} from '@storefront/domain/console/slot-series';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { applySlotSeries } from './apply-slot-series.ts';
import { type CatalogueConsoleContext, changeCatalogue } from './catalogue-changes.ts';
import { deleteSlotSeries, hasSlotSeries } from './delete-slot-series.ts';
import { listSeriesProducts, listSlotSeries } from './list-slot-series.ts';
import { previewSlotSeries } from './preview-slot-series.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: slot series'];
const VenueParams = z.object({ venue: z.string() });

export const slotSeriesConsoleRoutes =
  (ctx: CatalogueConsoleContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues/:venue/slot-series',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params: VenueParams, response: { 200: SlotSeriesList, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        return {
          series: await listSlotSeries(ctx.db, ctx.references, venue),
          products: await listSeriesProducts(ctx.db, venue),
          time_zone: venue.timeZone,
        };
      },
    );
    app.post(
      '/venues/:venue/slot-series/preview',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params: VenueParams, body: SlotSeriesPreviewBody, response: { 200: SlotSeriesPreview, ...errors } },
      },
      async (request) => previewSlotSeries(ctx.db, venueOf(request), request.body.rule, request.body.month),
    );
    app.post(
      '/venues/:venue/slot-series',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params: VenueParams, body: SlotSeriesRule, response: { 201: SlotSeriesApplied, ...errors } },
      },
      async (request, reply) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const applied = await changeCatalogue(ctx, venue.id, async (tx) => {
          const done = await applySlotSeries(tx, venue, request.body);
          await recordAudit(tx, actor, {
            venue: { id: venue.id, code: venue.code },
            objectType: 'slot_series',
            objectId: done.id,
            action: 'created',
            changes: { rule: done.rule, created: done.created, existing: done.existing, overlap: done.overlap },
          });
          return done;
        });
        const { rule: _rule, ...counts } = applied;
        return reply.code(201).send(counts);
      },
    );
    app.delete(
      '/venues/:venue/slot-series/:id',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params: VenueParams.extend({ id: Id }), response: { 200: SlotSeriesDeleted, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        // Deleting is idempotent: a series that is not (or no longer) there leaves nothing to do.
        if (!(await hasSlotSeries(ctx.db, venue, request.params.id))) return { deleted: 0, kept: 0 };
        return changeCatalogue(ctx, venue.id, async (tx) => {
          const { rule, ...counts } = await deleteSlotSeries(tx, ctx.references, venue, request.params.id);
          await recordAudit(tx, actor, {
            venue: { id: venue.id, code: venue.code },
            objectType: 'slot_series',
            objectId: request.params.id,
            action: 'deleted',
            changes: { rule, ...counts },
          });
          return counts;
        });
      },
    );
  };
