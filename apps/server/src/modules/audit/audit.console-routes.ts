/**
 * The audit log under `/console/api/v1`: the whole of it for `audit:read` at every venue
 * (`GET audit`, any venue or the organisation), one venue's for `audit:read` there.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { AuditPage, AuditQuery } from '@storefront/domain/console/audit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { venueOf } from '../sites/venue-request.ts';
import { listAudit } from './list-audit.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: audit'];

export const auditConsoleRoutes =
  (db: Database, sites: SitesService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/audit',
      {
        config: { console: { right: 'audit:read', scope: 'organisation' } },
        schema: { tags, querystring: AuditQuery, response: { 200: AuditPage, ...errors } },
      },
      async (request) => {
        const { venue, ...query } = request.query;
        if (venue === undefined) return listAudit(db, query);
        const site = (await sites.list()).find((s) => s.code === venue);
        if (!site) throw specError('invalid request', { field: 'venue', message: `venue: there is no venue "${venue}"` });
        return listAudit(db, { ...query, venueId: site.id });
      },
    );
    app.get(
      '/venues/:venue/audit',
      {
        config: { console: { right: 'audit:read', scope: 'venue' } },
        schema: { tags, querystring: AuditQuery.omit({ venue: true }), response: { 200: AuditPage, ...errors } },
      },
      async (request) => listAudit(db, { ...request.query, venueId: venueOf(request).id }),
    );
  };
