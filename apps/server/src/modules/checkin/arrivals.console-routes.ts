/**
 * The console's live arrivals, under `/console/api/v1/venues/:venue/arrivals` (issue 17 part 7,
 * decision 021), for a staff member holding `checkin:scan` at the venue: the day's slots with sold,
 * checked in, no-shows and gates, as a read and as server-sent events, and one slot's check-ins.
 */
import { ErrorBody, Id } from '@storefront/domain/api/common';
import { Arrivals, ArrivalsQuery, SlotCheckIns } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { openEventStream } from '../../http/event-stream.ts';
import { venueOf } from '../sites/venue-request.ts';
import { type ArrivalsFeed, readArrivals, readSlotCheckIns } from './arrivals.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: gate'];
const scan = { console: { right: 'checkin:scan', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const SlotParams = VenueParams.extend({ slot: Id });
const SlotQuery = z.object({ lang: ArrivalsQuery.shape.lang });
/** How long one stream lasts before the browser reconnects (EventSource does at once, with its session checked again). */
const STREAM_LIFETIME_MS = 60_000;

export const arrivalsConsoleRoutes =
  (ctx: { db: Database; feed: ArrivalsFeed; streamMs?: number }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, feed } = ctx;

    app.get(
      '/venues/:venue/arrivals',
      {
        config: scan,
        schema: {
          tags,
          description: "A day's arrivals per slot (the venue's today by default) and the day's offline conflicts.",
          params: VenueParams,
          querystring: ArrivalsQuery,
          response: { 200: Arrivals, ...errors },
        },
      },
      async (request, reply) => {
        const arrivals = await readArrivals(db, venueOf(request), request.query);
        return reply.header('cache-control', 'no-store').send(arrivals);
      },
    );

    app.get(
      '/venues/:venue/arrivals/stream',
      {
        config: scan,
        schema: {
          tags,
          description:
            'Server-sent events: `arrivals` with the answer of GET arrivals at once and whenever it changes (read again every ~2 s), `ping` as a heartbeat.',
          params: VenueParams,
          querystring: ArrivalsQuery,
          response: { 429: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        if (!feed.hasRoom()) {
          throw specError('too many requests', { message: 'too many live arrivals streams are open; try again shortly' });
        }
        const site = venueOf(request);
        // A stream is let go of after a while: the browser opens it again a second later, and the
        // console's checks run again, so a staff member signed out or without the right stops receiving.
        await openEventStream(request, reply, (client) => feed.subscribe(site, request.query, client), {
          lifetimeMs: ctx.streamMs ?? STREAM_LIFETIME_MS,
          retryMs: 1000,
        });
      },
    );

    app.get(
      '/venues/:venue/arrivals/slots/:slot',
      {
        config: scan,
        schema: {
          tags,
          description: "One slot's admissions with their entry check-in: when, at which gate, by whom, offline or not.",
          params: SlotParams,
          querystring: SlotQuery,
          response: { 200: SlotCheckIns, ...errors },
        },
      },
      async (request, reply) => {
        const found = await readSlotCheckIns(db, venueOf(request), request.params.slot, request.query.lang as LanguageCode);
        if (!found) throw specError('not found', { message: 'there is no such slot at this venue' });
        return reply.header('cache-control', 'no-store').send(found);
      },
    );
  };
