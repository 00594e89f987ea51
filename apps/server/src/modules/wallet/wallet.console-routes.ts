/**
 * A venue's Apple Wallet switch under `/console/api/v1/venues/:venue/apple-wallet` (decision 027):
 * read with `catalogue:read`, changed with `catalogue:write` like the venue's other settings, each
 * change audited in its transaction; turned on only where the deployment has its certificate.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { AppleWalletVenueSettings, AppleWalletVenueSettingsBody } from '@storefront/domain/console/apple-wallet';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppleWalletConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import * as repo from './wallet.repository.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: venue settings'];
const params = z.object({ venue: z.string() });

export const appleWalletConsoleRoutes =
  (ctx: { db: Database; config: AppleWalletConfig | null }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const answer = (row: repo.VenueRow | null): AppleWalletVenueSettings => ({
      is_configured: ctx.config !== null,
      is_enabled: row?.isEnabled ?? false,
      latitude: row?.latitude ?? null,
      longitude: row?.longitude ?? null,
    });

    app.get(
      '/venues/:venue/apple-wallet',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params, response: { 200: AppleWalletVenueSettings, ...errors } },
      },
      async (request) => answer(await repo.findVenue(ctx.db, venueOf(request).id)),
    );

    app.put(
      '/venues/:venue/apple-wallet',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params, body: AppleWalletVenueSettingsBody, response: { 200: AppleWalletVenueSettings, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const { is_enabled, latitude, longitude } = request.body;
        const saved = await ctx.db.transaction(async (t) => {
          const tx = t as unknown as Database;
          const before = await repo.findVenue(tx, venue.id);
          // Passes cannot be offered without the deployment's certificate (a switch left on stays on).
          if (is_enabled && !before?.isEnabled && ctx.config === null)
            throw specError('conflict', {
              field: 'is_enabled',
              message: 'is_enabled: this deployment has no Apple Wallet pass certificate configured',
            });
          const row = await repo.saveVenue(tx, venue.id, { isEnabled: is_enabled, latitude, longitude });
          const changes: Record<string, unknown> = {};
          if ((before?.isEnabled ?? false) !== is_enabled) changes.is_enabled = is_enabled;
          if ((before?.latitude ?? null) !== latitude || (before?.longitude ?? null) !== longitude)
            changes.location = latitude === null ? null : { latitude, longitude };
          if (Object.keys(changes).length > 0)
            await recordAudit(tx, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'apple_wallet',
              objectId: venue.id,
              action: 'updated',
              changes,
            });
          return row;
        });
        return answer(saved);
      },
    );
  };
