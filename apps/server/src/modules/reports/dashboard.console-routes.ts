/**
 * The dashboard's routes under `/console/api/v1` (issue 18 part 1, decision 023), right
 * `reports:read`: one venue's (`venues/:venue/reports/dashboard`) and across the venues the caller
 * may read the figures of (`reports/dashboard`, all of them or those named in `venues`).
 */
import { ErrorBody, Lang } from '@storefront/domain/api/common';
import { AcrossVenuesQuery, type Dashboard, ReportRangeQuery } from '@storefront/domain/console/reports';
import { CURRENCIES } from '@storefront/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { rightsAt, seesVenue } from '../staff/staff-access.ts';
import { readDashboard } from './dashboard.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: reports'];
const VenueParams = z.object({ venue: z.string() });
const LangPart = z.object({ lang: Lang.default('ja') });
const VenueQuery = ReportRangeQuery.and(LangPart);
const AcrossQuery = AcrossVenuesQuery.and(LangPart);

// The answer's shape, for the serializer and the API document; it must stay the contract's `Dashboard`.
const count = z.number().int();
const Totals = z.object({
  amount: count,
  orders: count,
  tickets: count,
  discount: count,
  coupon_orders: count,
  refunds: count,
  refunded_amount: count,
  date_changes: count,
  date_change_amount: count,
});
const Row = z.object({ key: z.string(), label: z.string(), orders: count, quantity: count, amount: count });
const Period = z.object({ from: z.string(), to: z.string() });
const DashboardAnswer = z.object({
  venues: z.array(z.string()),
  time_zone: z.string(),
  currency: z.enum(CURRENCIES),
  today: z.object({ date: z.string(), current: Totals, previous: Totals }),
  week: Period.extend({ current: Totals, previous: Totals }),
  range: Period,
  previous_range: Period,
  totals: Totals,
  previous_totals: Totals,
  daily: z.array(z.object({ date: z.string(), amount: count, orders: count, tickets: count, refunded_amount: count })),
  products: z.array(Row),
  options: z.array(Row),
  set_products: z.array(Row),
  channels: z.array(Row),
  payment_methods: z.array(Row),
  coupons: z.array(Row),
  occupancy: z.array(z.object({ date: z.string(), hour: count, capacity: count, sold: count })),
  generated_at: z.string(),
}) satisfies z.ZodType<Dashboard>;

export const dashboardConsoleRoutes =
  (ctx: { db: Database; sites: SitesService }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, sites } = ctx;

    app.get(
      '/venues/:venue/reports/dashboard',
      {
        config: { console: { right: 'reports:read', scope: 'venue' } },
        schema: {
          tags,
          description:
            "A venue's dashboard (`Dashboard`): today and this week beside yesterday and last week, the range beside the period before it, its days, breakdowns and occupancy.",
          params: VenueParams,
          querystring: VenueQuery,
          response: { 200: DashboardAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { from, to, lang } = request.query;
        const dashboard = await readDashboard(db, [venueOf(request)], { from, to }, lang);
        return reply.header('cache-control', 'no-store').send(dashboard);
      },
    );

    app.get(
      '/reports/dashboard',
      {
        // Any signed-in member: the venues counted are those where they hold `reports:read`.
        config: { console: { signedIn: true } },
        schema: {
          tags,
          description:
            'The dashboard across venues (`Dashboard`): every venue where the caller holds `reports:read`, or those named in `venues` (codes, comma separated).',
          querystring: AcrossQuery,
          response: { 200: DashboardAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { access } = authOf(request);
        const { from, to, lang, venues: asked } = request.query;
        const all = await sites.list();
        const readable = all.filter((site) => rightsAt(access, site.id).has('reports:read'));
        let chosen = readable;
        if (asked !== undefined && asked.trim() !== '') {
          const codes = [...new Set(asked.split(',').map((code) => code.trim()))];
          chosen = [];
          for (const code of codes) {
            const site = all.find((s) => s.code === code);
            // A venue the caller does not see is as unknown as one that does not exist.
            if (!site || !seesVenue(access, site.id)) throw invalidField('venues', `names an unknown venue "${code}"`);
            if (!readable.includes(site))
              throw specError('forbidden', { message: `this needs the right reports:read at ${code}` });
            chosen.push(site);
          }
        }
        if (chosen.length === 0) throw specError('forbidden', { message: 'this needs the right reports:read at a venue' });
        const dashboard = await readDashboard(db, chosen, { from, to }, lang);
        return reply.header('cache-control', 'no-store').send(dashboard);
      },
    );
  };
