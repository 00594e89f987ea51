/**
 * Venues under `/console/api/v1`: those the staff member holds a right at, one venue's summary,
 * and creating a venue (organisation right `settings:write`), audited in its transaction.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { NewVenueBody, VenueSummary } from '@storefront/domain/console/venues';
import type { LanguageCode } from '@storefront/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { languageCodesOf } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { seesVenue } from '../staff/staff-access.ts';
import { createVenue } from './create-venue.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: venues'];

const summaryOf = (site: Site, languages: Map<number, LanguageCode[]>): VenueSummary => ({
  id: site.id,
  code: site.code,
  variant: site.variant,
  kind: site.kind,
  name: site.venue.name,
  languages: languages.get(site.id) ?? [],
  currency: site.currency,
  time_zone: site.timeZone,
});

export const venueConsoleRoutes =
  (db: Database, sites: SitesService): FastifyPluginAsync =>
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
        const visible = (await sites.list()).filter((site) => seesVenue(access, site.id));
        const languages = await languageCodesOf(
          db,
          visible.map((site) => site.id),
        );
        return { venues: visible.map((site) => summaryOf(site, languages)) };
      },
    );
    app.post(
      '/venues',
      {
        config: { console: { right: 'settings:write', scope: 'organisation' } },
        schema: { tags, body: NewVenueBody, response: { 201: VenueSummary, ...errors } },
      },
      async (request, reply) => {
        const { actor } = authOf(request);
        const { time_zone: timeZone, ...input } = request.body;
        const site = await db.transaction(async (tx) => {
          const created = await createVenue(tx as Database, { ...input, timeZone });
          await recordAudit(tx as Database, actor, {
            venue: { id: created.id, code: created.code },
            objectType: 'venue',
            objectId: created.id,
            action: 'created',
            changes: { ...request.body },
          });
          return created;
        });
        // This process serves the new venue at once; others within the sites cache's lifetime.
        sites.invalidate();
        return reply.code(201).send(summaryOf(site, await languageCodesOf(db, [site.id])));
      },
    );
    app.get(
      '/venues/:venue',
      {
        config: { console: { right: 'any', scope: 'venue' } },
        schema: { tags, params: z.object({ venue: z.string() }), response: { 200: VenueSummary, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        return summaryOf(venue, await languageCodesOf(db, [venue.id]));
      },
    );
  };
