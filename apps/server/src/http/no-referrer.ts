import type { FastifyInstance } from 'fastify';

/**
 * Pages and answers that carry bearer tokens send no Referer onwards (DESIGN: tokens and access),
 * so a ticket's address never leaks to a site it links to.
 */
export function sendNoReferrer(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
  });
}
