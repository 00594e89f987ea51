/**
 * Gate devices from the console (decision 021): a manager (`settings:write` at the venue) lists,
 * adds, pairs again and revokes them; a device pairs itself with the code, without a session.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import {
  GateDevice,
  GateDeviceBody,
  GateDeviceList,
  GateDevicePairing,
  GateDeviceParams,
  PairBody,
  PairResult,
} from '@storefront/domain/console/gate';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from './console-request.ts';
import { createGateDevice, listGateDevices, pairGateDevice, repairGateDevice, revokeGateDevice } from './gate-devices.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['console: gate'];
const manage = { console: { right: 'settings:write', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });

export const gateDeviceConsoleRoutes =
  (ctx: { db: Database; sites: SitesService }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, sites } = ctx;

    app.get(
      '/venues/:venue/gate-devices',
      { config: manage, schema: { tags, params: VenueParams, response: { 200: GateDeviceList, ...errors } } },
      async (request) => ({ devices: await listGateDevices(db, venueOf(request)) }),
    );
    app.post(
      '/venues/:venue/gate-devices',
      {
        config: manage,
        schema: { tags, params: VenueParams, body: GateDeviceBody, response: { 201: GateDevicePairing, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await createGateDevice(db, authOf(request).actor, venueOf(request), request.body)),
    );
    app.post(
      '/venues/:venue/gate-devices/:device/pairing',
      { config: manage, schema: { tags, params: GateDeviceParams, response: { 200: GateDevicePairing, ...errors } } },
      async (request) => repairGateDevice(db, authOf(request).actor, venueOf(request), request.params.device),
    );
    app.post(
      '/venues/:venue/gate-devices/:device/revoke',
      { config: manage, schema: { tags, params: GateDeviceParams, response: { 200: GateDevice, ...errors } } },
      async (request) => revokeGateDevice(db, authOf(request).actor, venueOf(request), request.params.device),
    );
    app.post(
      '/gate/pair',
      { config: { console: { public: true } }, schema: { tags, body: PairBody, response: { 200: PairResult, ...errors } } },
      async (request) => pairGateDevice(db, () => sites.list(), request.body.code, request.ip),
    );
  };
