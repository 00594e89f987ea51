/**
 * A venue's membership promotions under `/console/api/v1/venues/:venue/promotions`: listed with
 * `catalogue:read`, made and changed (deactivated, reactivated) with `catalogue:write`, each change
 * in one transaction with its audit entry. Only a venue with membership login takes changes: at
 * any other no member can sign in, so a promotion there would never apply.
 */
import { ErrorBody, Id } from '@storefront/domain/api/common';
import { MembershipPromotion, NewPromotionBody, PromotionChanges } from '@storefront/domain/console/coupons';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { auditedChange, recordAudit } from '../audit/record-audit.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { createPromotion, listPromotions, updatePromotion } from './manage-promotions.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: membership promotions'];
const VenueParams = z.object({ venue: z.string() });
const PromotionParams = VenueParams.extend({ id: Id });
const PromotionList = z.object({ has_membership_login: z.boolean(), promotions: z.array(MembershipPromotion) });

/** The venue, when it has membership login; a 409 otherwise (the venue's settings, not the request, are in the way). */
function membershipVenue(request: FastifyRequest) {
  const venue = venueOf(request);
  if (!venue.hasMembershipLogin) {
    throw specError('conflict', { message: 'this venue has no membership login, so a promotion would never apply' });
  }
  return venue;
}

export const promotionConsoleRoutes =
  (db: Database): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/venues/:venue/promotions',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params: VenueParams, response: { 200: PromotionList, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        return { has_membership_login: venue.hasMembershipLogin, promotions: await listPromotions(db, venue.id) };
      },
    );

    app.post(
      '/venues/:venue/promotions',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params: VenueParams, body: NewPromotionBody, response: { 201: MembershipPromotion, ...errors } },
      },
      async (request, reply) => {
        const venue = membershipVenue(request);
        const { actor } = authOf(request);
        const promotion = await auditedChange(
          db,
          actor,
          (tx) => createPromotion(tx, venue.id, request.body),
          (created) => ({
            venue: { id: venue.id, code: venue.code },
            objectType: 'membership promotion',
            objectId: created.id,
            action: 'created',
            changes: { ...request.body },
          }),
        );
        return reply.code(201).send(promotion);
      },
    );

    app.patch(
      '/venues/:venue/promotions/:id',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params: PromotionParams, body: PromotionChanges, response: { 200: MembershipPromotion, ...errors } },
      },
      async (request) => {
        const venue = membershipVenue(request);
        const { actor } = authOf(request);
        return db.transaction(async (tx) => {
          const update = await updatePromotion(tx as Database, venue.id, request.params.id, request.body);
          if (!update) throw specError('not found', { message: `there is no promotion ${request.params.id} here` });
          const keys = Object.keys(update.changes);
          if (keys.length > 0) {
            const activation = keys.length === 1 && update.changes.is_active;
            await recordAudit(tx as Database, actor, {
              venue: { id: venue.id, code: venue.code },
              objectType: 'membership promotion',
              objectId: update.promotion.id,
              action: activation ? (update.promotion.is_active ? 'reactivated' : 'deactivated') : 'updated',
              changes: { key: update.promotion.key, ...update.changes },
            });
          }
          return update.promotion;
        });
      },
    );
  };
