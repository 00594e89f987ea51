/**
 * A venue's Google Wallet switch under `/console/api/v1/venues/:venue/google-wallet` (decision 028):
 * read with `catalogue:read`, turned on or off with `catalogue:write`, as the venue's other
 * settings; the change and its audit entry are one transaction.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { GoogleWalletVenueSettings, GoogleWalletVenueSettingsBody } from '@storefront/domain/console/google-wallet';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import type { GoogleWalletService } from './google-wallet.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: venue settings'];
const params = z.object({ venue: z.string() });

export const googleWalletConsoleRoutes =
  (googleWallet: GoogleWalletService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues/:venue/google-wallet',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params, response: { 200: GoogleWalletVenueSettings, ...errors } },
      },
      async (request) => googleWallet.venueSettings(venueOf(request)),
    );
    app.put(
      '/venues/:venue/google-wallet',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params, body: GoogleWalletVenueSettingsBody, response: { 200: GoogleWalletVenueSettings, ...errors } },
      },
      async (request) => googleWallet.setVenueEnabled(authOf(request).actor, venueOf(request), request.body.is_enabled),
    );
  };
