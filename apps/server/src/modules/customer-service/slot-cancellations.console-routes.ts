/**
 * Calling off slots or a day from the console, under `/console/api/v1/venues/:venue/slot-cancellations`
 * (decision 018): the preview and the start with `orders:refund` (it moves money for every order of
 * the slots), the list and a job's live progress with `orders:read`. The start is one transaction
 * with its audit entry; each order the job cancels writes its own.
 */
import { ErrorBody, Uuid } from '@storefront/domain/api/common';
import {
  SlotCancellationBody,
  SlotCancellationList,
  SlotCancellationPreview,
  SlotCancellationPreviewBody,
  SlotCancellationProgress,
} from '@storefront/domain/console/slot-cancellations';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { specError } from '../../http/errors.ts';
import type { CatalogueConsoleContext } from '../catalogue/catalogue-changes.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import {
  listSlotCancellations,
  previewSlotCancellation,
  slotCancellationProgress,
  startSlotCancellation,
} from './cancel-slots.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: orders'];
const read = { console: { right: 'orders:read', scope: 'venue' } } as const;
const refund = { console: { right: 'orders:refund', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const JobParams = VenueParams.extend({ job: Uuid });

export const slotCancellationConsoleRoutes =
  (ctx: Pick<CatalogueConsoleContext, 'db' | 'catalogueChanges'> & { kick: () => void }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    app.post(
      '/venues/:venue/slot-cancellations/preview',
      {
        config: refund,
        schema: {
          tags,
          params: VenueParams,
          body: SlotCancellationPreviewBody,
          response: { 200: SlotCancellationPreview, ...errors },
        },
      },
      async (request) => previewSlotCancellation(db, venueOf(request), request.body.selection),
    );

    app.post(
      '/venues/:venue/slot-cancellations',
      {
        config: refund,
        schema: { tags, params: VenueParams, body: SlotCancellationBody, response: { 202: SlotCancellationProgress, ...errors } },
      },
      async (request, reply) => {
        const started = await startSlotCancellation(ctx, venueOf(request), authOf(request).actor, request.body);
        return reply.code(202).send(started);
      },
    );

    app.get(
      '/venues/:venue/slot-cancellations',
      { config: read, schema: { tags, params: VenueParams, response: { 200: SlotCancellationList, ...errors } } },
      async (request) => ({ jobs: await listSlotCancellations(db, venueOf(request)) }),
    );

    app.get(
      '/venues/:venue/slot-cancellations/:job',
      { config: read, schema: { tags, params: JobParams, response: { 200: SlotCancellationProgress, ...errors } } },
      async (request) => {
        const progress = await slotCancellationProgress(db, venueOf(request), request.params.job);
        if (!progress) throw specError('not found', { message: 'there is no such slot cancellation at this venue' });
        return progress;
      },
    );
  };
