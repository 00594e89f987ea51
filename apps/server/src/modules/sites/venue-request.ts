/**
 * The venue of a console route (`:venue`), which the console plugin (`staff/console-api.plugin.ts`)
 * sets on the request once the caller is known to see it. Every module's venue routes read it, so
 * it lives with the venue, below them all.
 */
import type { FastifyRequest } from 'fastify';
import { specError } from '../../http/errors.ts';
import type { Site } from './site.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The venue of a venue route (`:venue`), once the caller is known to see it. */
    venue: Site | null;
  }
}

/** The venue of a venue route. */
export function venueOf(request: FastifyRequest): Site {
  if (!request.venue) throw specError('not found', { message: 'there is no such venue' });
  return request.venue;
}
