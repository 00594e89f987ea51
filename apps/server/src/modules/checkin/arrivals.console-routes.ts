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
import { venueOf } from '../staff/console-api.plugin.ts';
import { type ArrivalsFeed, readArrivals, readSlotCheckIns } from './arrivals.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: gate'];
const scan = { console: { right: 'checkin:scan', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const SlotParams = VenueParams.extend({ slot: Id });
const SlotQuery = z.object({ lang: ArrivalsQuery.shape.lang });
/** A stream whose socket holds this much unsent data is too slow to follow; it reconnects. */
const MAX_BUFFERED_BYTES = 1_000_000;

export const arrivalsConsoleRoutes =
  (ctx: { db: Database; feed: ArrivalsFeed }): FastifyPluginAsync =>
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
        reply.hijack();
        const socket = reply.raw;
        socket.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // Proxies must pass events on as they come.
          'x-accel-buffering': 'no',
        });
        let isOpen = true;
        const client = {
          write(chunk: string) {
            if (!isOpen) return;
            if (socket.writableLength > MAX_BUFFERED_BYTES) {
              socket.destroy();
              return;
            }
            socket.write(chunk);
          },
          end() {
            isOpen = false;
            socket.end();
          },
        };
        request.raw.socket.setNoDelay(true);
        const unsubscribe = await feed.subscribe(site, request.query, client);
        const onClose = () => {
          isOpen = false;
          unsubscribe();
        };
        if (request.raw.destroyed || socket.destroyed) onClose();
        else socket.on('close', onClose);
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
