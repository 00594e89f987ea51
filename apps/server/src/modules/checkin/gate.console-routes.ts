/**
 * The scanner's calls (decision 021), under `/console/api/v1/venues/:venue/gate/`: a paired device
 * of the venue with its token, or a staff member with `checkin:scan` there. A device scans at its
 * own gate; a staff member names theirs.
 */

import { ErrorBody } from '@storefront/domain/api/common';
import {
  BookingQuery,
  GateBooking,
  GateCaller,
  GateResult,
  OfflineKit,
  OfflineKitQuery,
  ScanBody,
  UploadBody,
  UploadResult,
} from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { venueOf } from '../sites/venue-request.ts';
import { scannerOf } from '../staff/console-api.plugin.ts';
import type { CodeKeys } from '../tickets/ticket-signing.ts';
import { admit, bookingAtGate, namedByCode, refused, type Scanner } from './gate-check-in.ts';
import { offlineKit, uploadScans } from './offline-gate.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['console: gate'];
const scan = { console: { right: 'checkin:scan', scope: 'venue', devices: true } } as const;
const VenueParams = z.object({ venue: z.string() });
/** The gate a staff member scans at when they name none. */
const STAFF_GATE = 'staff';

function scanner(request: FastifyRequest, gate?: string): Scanner {
  const { actor, device, staffId } = scannerOf(request);
  return { actor, deviceId: device?.id ?? null, staffId, gate: device?.gate ?? gate ?? STAFF_GATE };
}

export const gateConsoleRoutes =
  (ctx: { db: Database; keys: CodeKeys }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, keys } = ctx;

    app.get(
      '/venues/:venue/gate/me',
      { config: scan, schema: { tags, params: VenueParams, response: { 200: GateCaller, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const { device } = scannerOf(request);
        return {
          venue: { code: venue.code, name: localize(venue.venue.name, 'en') || venue.code, time_zone: venue.timeZone },
          caller: device
            ? { kind: 'device' as const, id: device.id, name: device.name, gate: device.gate }
            : { kind: 'staff' as const, email: request.consoleAuth?.account.email ?? '' },
        };
      },
    );

    app.post(
      '/venues/:venue/gate/scans',
      { config: scan, schema: { tags, params: VenueParams, body: ScanBody, response: { 200: GateResult, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const body = request.body;
        const lang = body.lang as LanguageCode;
        const named =
          body.code === undefined
            ? [{ id: body.admission_id as string, generation: null }]
            : await namedByCode(keys, venue, body.code);
        if (typeof named === 'string') return refused(named);
        const by = scanner(request, body.gate);
        return db.transaction(async (tx) => {
          const { result } = await admit(tx as unknown as Database, venue, by, {
            named,
            mode: body.mode,
            lang,
            at: clock.now(),
            offline: false,
          });
          return result;
        });
      },
    );

    app.get(
      '/venues/:venue/gate/bookings',
      {
        config: scan,
        schema: { tags, params: VenueParams, querystring: BookingQuery, response: { 200: GateBooking, ...errors } },
      },
      async (request) => bookingAtGate(db, venueOf(request), request.query.number, request.query.lang as LanguageCode),
    );

    app.get(
      '/venues/:venue/gate/offline-kit',
      {
        config: scan,
        schema: { tags, params: VenueParams, querystring: OfflineKitQuery, response: { 200: OfflineKit, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return offlineKit(db, keys, venueOf(request), {
          date: request.query.date,
          lang: request.query.lang as LanguageCode,
          since: request.query.since,
        });
      },
    );

    app.post(
      '/venues/:venue/gate/uploads',
      { config: scan, schema: { tags, params: VenueParams, body: UploadBody, response: { 200: UploadResult, ...errors } } },
      async (request) => uploadScans(db, keys, venueOf(request), scanner(request), request.body),
    );
  };
