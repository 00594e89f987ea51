/**
 * The shop's texts of a venue under `/console/api/v1/venues/:venue/texts`: every key with the
 * venue's text, the shared default and whether it is missing (`catalogue:read`); saving the changed
 * keys of one language (`catalogue:write`), audited, and seen by the shop within a second.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { SaveTextsBody, TextsParams, TextsQuery, VenueTexts } from '@storefront/domain/console/venue-settings';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { type CatalogueConsoleContext, changeCatalogue } from './catalogue-changes.ts';
import { listVenueTexts, saveVenueTexts } from './venue-texts.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: venue texts'];

export const venueTextsConsoleRoutes =
  (ctx: CatalogueConsoleContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues/:venue/texts',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: {
          tags,
          params: z.object({ venue: z.string() }),
          querystring: TextsQuery,
          response: { 200: VenueTexts, ...errors },
        },
      },
      async (request) => {
        const { lang } = request.query;
        return { lang, texts: await listVenueTexts(ctx.db, venueOf(request).id, lang) };
      },
    );
    app.put(
      '/venues/:venue/texts/:lang',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params: TextsParams, body: SaveTextsBody, response: { 200: VenueTexts, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const { lang } = request.params;
        await changeCatalogue(ctx, venue.id, async (tx) => {
          const changes = await saveVenueTexts(tx, venue.id, lang, request.body.texts);
          if (Object.keys(changes).length > 0) {
            await recordAudit(tx, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'texts',
              objectId: lang,
              action: 'updated',
              changes,
            });
          }
        });
        return { lang, texts: await listVenueTexts(ctx.db, venue.id, lang) };
      },
    );
  };
