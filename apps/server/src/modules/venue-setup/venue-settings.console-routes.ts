/**
 * A venue's settings under `/console/api/v1/venues/:venue/settings`: read with `catalogue:read`,
 * changed in part with `catalogue:write`. A change is one transaction that also marks the venue's
 * catalogue changed (every process's shop follows within a second) and records the audit entry.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { VenueSettings, VenueSettingsPatch } from '@storefront/domain/console/venue-settings';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { type CatalogueConsoleContext, changeCatalogue } from '../catalogue/catalogue-changes.ts';
import { languageCodesOf, productKeysOf } from '../catalogue/catalogue-facts.ts';
import { venueHasOrders } from '../orders/venue-orders.ts';
import type { Site } from '../sites/site.ts';
import { venueOf } from '../sites/venue-request.ts';
import { readVenue } from '../sites/venue-rows.ts';
import { authOf } from '../staff/console-request.ts';
import { updateVenueSettings, type VenueConfiguration, venueConfigurationOf, venueSettingsOf } from './update-venue-settings.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: venue settings'];
const params = z.object({ venue: z.string() });

async function settingsAnswer(db: Database, site: Site, known?: VenueConfiguration): Promise<VenueSettings> {
  const [languages, hasOrders, products, configuration] = await Promise.all([
    languageCodesOf(db, [site.id]),
    venueHasOrders(db, site.id),
    productKeysOf(db, site.id),
    known ?? venueConfigurationOf(db, site.id),
  ]);
  return {
    settings: venueSettingsOf(site, configuration),
    languages: languages.get(site.id) ?? [],
    has_orders: hasOrders,
    products,
  };
}

export const venueSettingsConsoleRoutes =
  (ctx: CatalogueConsoleContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues/:venue/settings',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params, response: { 200: VenueSettings, ...errors } },
      },
      // Read from the row, not the shop's cache: what the console shows is what is stored.
      async (request) => settingsAnswer(ctx.db, await readVenue(ctx.db, venueOf(request).id)),
    );
    app.patch(
      '/venues/:venue/settings',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params, body: VenueSettingsPatch, response: { 200: VenueSettings, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const { site, configuration } = await changeCatalogue(ctx, venue.id, async (tx) => {
          const { site, configuration, changes } = await updateVenueSettings(tx, venue.id, request.body);
          if (Object.keys(changes).length > 0) {
            await recordAudit(tx, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'venue_settings',
              objectId: venue.id,
              action: 'updated',
              changes,
            });
          }
          return { site, configuration };
        });
        return settingsAnswer(ctx.db, site, configuration);
      },
    );
  };
