import { ErrorBody } from '@storefront/domain/api/common';
import { SignageBoard } from '@storefront/domain/api/signage';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream } from '../../http/event-stream.ts';
import type { SignageService } from './signage.service.ts';

const tags = ['signage'];

/** The signage board of today (SPEC §2 /signage/today-ticket-info), under `/<site>/api/v1`. */
export const signageRoutes =
  (signage: SignageService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/signage/today',
      {
        schema: {
          tags,
          description: "Today's slots and remaining places of every product. Answers 304 to a matching If-None-Match.",
          response: { 200: SignageBoard, 304: z.null(), 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const board = await signage.board(req.site);
        const etag = `"${board.version}"`;
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
        // The board is already serialised (and checked against its contract) once for every screen.
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(Buffer.from(board.json));
      },
    );

    app.get(
      '/signage/events',
      {
        schema: {
          tags,
          description:
            'Server-sent events: `board` with the board of /signage/today at once and on every change, `ping` as a heartbeat.',
        },
      },
      async (req, reply) => {
        await openEventStream(req, reply, (client) => signage.subscribe(req.site, client));
      },
    );
  };
