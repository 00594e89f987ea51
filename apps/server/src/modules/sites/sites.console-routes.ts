/** Venues under `/console/api/v1`: those the staff member holds a right at, and one venue's summary. */
import { ErrorBody } from '@storefront/domain/api/common';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, venueOf } from '../staff/console-api.plugin.ts';
import { seesVenue } from '../staff/staff-access.ts';
import type { Site } from './site.ts';
import type { SitesService } from './sites.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: venues'];

const VenueSummary = z.object({
  id: z.number(),
  code: z.string(),
  variant: z.string(),
  kind: z.enum(['exhibition', 'cafe']),
  name: z.record(z.string(), z.string()),
  currency: z.string(),
  time_zone: z.string(),
});

const summaryOf = (site: Site) => ({
  id: site.id,
  code: site.code,
  variant: site.variant,
  kind: site.kind,
  name: site.venue.name,
  currency: site.currency,
  time_zone: site.timeZone,
});

export const venueConsoleRoutes =
  (sites: SitesService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues',
      {
        config: { console: { signedIn: true } },
        schema: { tags, response: { 200: z.object({ venues: z.array(VenueSummary) }), ...errors } },
      },
      async (request) => {
        const { access } = authOf(request);
        return { venues: (await sites.list()).filter((site) => seesVenue(access, site.id)).map(summaryOf) };
      },
    );
    app.get(
      '/venues/:venue',
      {
        config: { console: { right: 'any', scope: 'venue' } },
        schema: { tags, params: z.object({ venue: z.string() }), response: { 200: VenueSummary, ...errors } },
      },
      async (request) => summaryOf(venueOf(request)),
    );
  };
