import { ErrorBody } from '@storefront/domain/api/common';
import { MailMagazineParams, MailMagazineRelease, MailMagazineStatus } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailMagazinesService } from './mailmagazines.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** `GET` and `PUT mailmagazines/{token}` of SPEC §7 under `/<site>/api/v1`. */
export const mailMagazineRoutes =
  (magazines: MailMagazinesService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/mailmagazines/:token',
      { schema: { tags: ['mail'], params: MailMagazineParams, response: { 200: MailMagazineStatus, ...errors } } },
      async (req) => magazines.status(req.site, req.params.token),
    );
    app.put(
      '/mailmagazines/:token',
      {
        schema: { tags: ['mail'], params: MailMagazineParams, body: MailMagazineRelease, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await magazines.release(req.site, req.params.token, req.body.field_name);
        return reply.code(204).send(null);
      },
    );
  };
