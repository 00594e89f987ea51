/**
 * The payment methods of a venue under `/console/api/v1/venues/:venue/payment-methods`: read
 * with `catalogue:read`, replaced as a whole (with the providers' public settings) with
 * `catalogue:write` in one audited transaction that the shop follows within a second. The body's
 * schema refuses a method given to a provider that cannot take it (`providerMethodProblem`).
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { SavePaymentMethodsBody, VenuePaymentMethods } from '@storefront/domain/console/venue-settings';
import type { PaymentProviderId } from '@storefront/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { maskedProviderKeys, setPaymentProviderKeys } from '../sites/set-payment-provider-keys.ts';
import { venueOf } from '../sites/venue-request.ts';
import { readVenue } from '../sites/venue-rows.ts';
import { authOf } from '../staff/console-request.ts';
import { type CatalogueConsoleContext, changeCatalogue } from './catalogue-changes.ts';
import { listVenuePaymentMethods, replacePaymentMethods } from './venue-payment-methods.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: venue payment methods'];
const params = z.object({ venue: z.string() });

export type PaymentMethodsRouteOptions = {
  /** The providers this server can take payments with: no sandbox in production, Stripe when configured. */
  providers: readonly PaymentProviderId[];
};

export const venuePaymentMethodsConsoleRoutes =
  (ctx: CatalogueConsoleContext, options: PaymentMethodsRouteOptions): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    async function answer(db: Database, siteId: number): Promise<VenuePaymentMethods> {
      const [methods, site] = await Promise.all([listVenuePaymentMethods(db, siteId), readVenue(db, siteId)]);
      return { methods, provider_keys: maskedProviderKeys(site.paymentProviderKeys), providers: [...options.providers] };
    }

    app.get(
      '/venues/:venue/payment-methods',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params, response: { 200: VenuePaymentMethods, ...errors } },
      },
      async (request) => answer(ctx.db, venueOf(request).id),
    );
    app.put(
      '/venues/:venue/payment-methods',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params, body: SavePaymentMethodsBody, response: { 200: VenuePaymentMethods, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        await changeCatalogue(ctx, venue.id, async (tx) => {
          const keys = await setPaymentProviderKeys(tx, venue.id, request.body.provider_keys ?? {});
          const { before, after } = await replacePaymentMethods(tx, venue.id, request.body.methods, options);
          const methodsChanged = JSON.stringify(before) !== JSON.stringify(after);
          if (methodsChanged || Object.keys(keys).length > 0) {
            await recordAudit(tx, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'payment_methods',
              objectId: venue.id,
              action: 'updated',
              changes: {
                ...(methodsChanged ? { methods: { before, after } } : {}),
                // Public settings, keys masked all the same: the log is read more widely than the settings.
                ...keys,
              },
            });
          }
        });
        return answer(ctx.db, venue.id);
      },
    );
  };
