/**
 * Apple Wallet over HTTP (decision 027): the visitor's download of a pass under the site's API,
 * `tickets/{token}/wallet/apple/{admission}.pkpass`, and Apple's pass web service under
 * `/wallet/apple` (the passes' `webServiceURL`), which devices call to register for updates, ask
 * what changed and fetch a pass again.
 */
import { InputText } from '@storefront/domain/api/common';
import { ReservationTokenParams } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import {
  type ApplePassesDeps,
  authorizedPass,
  type BuiltPass,
  changedPassesOfDevice,
  downloadPass,
  latestPass,
  registerDevice,
  unregisterDevice,
} from './apple-passes.ts';

const PKPASS = 'application/vnd.apple.pkpass';

/** `GET tickets/{token}/wallet/apple/{admission}.pkpass`, under `/<site>/api/v1`. */
export const appleWalletTicketRoutes =
  (deps: ApplePassesDeps): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/tickets/:token/wallet/apple/:file',
      {
        schema: {
          tags: ['tickets'],
          params: ReservationTokenParams.extend({ file: z.string().regex(/^[0-9a-f-]{36}\.pkpass$/) }),
        },
      },
      async (req, reply) => {
        const archive = await downloadPass(deps, req.site, req.params.token, req.params.file.slice(0, -'.pkpass'.length));
        return reply
          .header('content-type', PKPASS)
          .header('content-disposition', 'attachment; filename="ticket.pkpass"')
          .header('cache-control', 'no-store')
          .send(archive);
      },
    );
  };

const Identifier = InputText.min(1).max(200);
const Serial = InputText.max(64);

/** Calls counted per client address: a device makes a handful per pass change. */
const limit = (deps: ApplePassesDeps, ip: string) =>
  enforceRateLimits(deps.db, [{ key: `apple-wallet:${ip}`, max: 300, windowSeconds: 60 }]);

function sendPass(reply: FastifyReply, built: BuiltPass, ifModifiedSince: string | undefined) {
  const modifiedSeconds = Math.floor(built.lastModified.getTime() / 1000);
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  if (!Number.isNaN(since) && modifiedSeconds <= Math.floor(since / 1000)) return reply.code(304).send();
  return reply
    .header('content-type', PKPASS)
    .header('last-modified', new Date(modifiedSeconds * 1000).toUTCString())
    .header('cache-control', 'no-cache')
    .send(built.archive);
}

/** Apple's pass web service (PassKit Web Service Reference), at the passes' `webServiceURL`. */
export const appleWalletWebServiceRoutes =
  (deps: ApplePassesDeps): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const registration = z.object({ device: Identifier, passType: Identifier, serial: Serial });
    const tags = ['apple wallet'];

    app.post(
      '/v1/devices/:device/registrations/:passType/:serial',
      { schema: { tags, params: registration, body: z.object({ pushToken: InputText.min(1).max(200) }) } },
      async (req, reply) => {
        await limit(deps, req.ip);
        const { device, passType, serial } = req.params;
        const pass = await authorizedPass(deps, passType, serial, req.headers.authorization);
        if (!pass) return reply.code(401).send();
        const isNew = await registerDevice(deps, device, pass.serialNumber, req.body.pushToken);
        return reply.code(isNew ? 201 : 200).send();
      },
    );

    app.delete(
      '/v1/devices/:device/registrations/:passType/:serial',
      { schema: { tags, params: registration } },
      async (req, reply) => {
        await limit(deps, req.ip);
        const { device, passType, serial } = req.params;
        const pass = await authorizedPass(deps, passType, serial, req.headers.authorization);
        if (!pass) return reply.code(401).send();
        await unregisterDevice(deps, device, pass.serialNumber);
        return reply.code(200).send();
      },
    );

    app.get(
      '/v1/devices/:device/registrations/:passType',
      {
        schema: {
          tags,
          params: z.object({ device: Identifier, passType: Identifier }),
          // The tag is the `lastUpdated` this service answered: a time in milliseconds.
          querystring: z.object({
            passesUpdatedSince: z
              .string()
              .regex(/^\d{1,20}$/, { error: 'must be a tag this service gave' })
              .optional(),
          }),
        },
      },
      async (req, reply) => {
        await limit(deps, req.ip);
        const changed = await changedPassesOfDevice(deps, req.params.device, req.params.passType, req.query.passesUpdatedSince);
        if (!changed) return reply.code(204).send();
        return reply.header('cache-control', 'no-store').send(changed);
      },
    );

    app.get(
      '/v1/passes/:passType/:serial',
      { schema: { tags, params: z.object({ passType: Identifier, serial: Serial }) } },
      async (req, reply) => {
        await limit(deps, req.ip);
        const { authorization } = req.headers;
        const pass = await authorizedPass(deps, req.params.passType, req.params.serial, authorization);
        if (!pass || !authorization) return reply.code(401).send();
        const built = await latestPass(deps, pass, authorization);
        if (!built) return reply.code(404).send();
        return sendPass(reply, built, req.headers['if-modified-since']);
      },
    );

    // What devices report of their troubles with our passes: logged, nothing kept.
    app.post(
      '/v1/log',
      { schema: { tags, body: z.object({ logs: z.array(InputText.max(2000)).max(50) }) } },
      async (req, reply) => {
        await limit(deps, req.ip);
        for (const message of req.body.logs) req.log.info({ appleWallet: message }, 'Apple Wallet device log');
        return reply.code(200).send();
      },
    );
  };
