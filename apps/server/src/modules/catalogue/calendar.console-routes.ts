/**
 * The console's calendar of a venue (`/console/api/v1/venues/:venue/calendar`): reading the slots
 * of a range with their stock, prices and the days' colours (catalogue:read), and one change made
 * to many slots or days at once (catalogue:write), audited in its transaction.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { CalendarChangeBody, CalendarChangeResult, CalendarQuery, CalendarView } from '@storefront/domain/console/calendar';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import type { CatalogueConsoleContext } from './catalogue-changes.ts';
import { applyCalendarChange } from './change-calendar.ts';
import { readCalendar } from './read-calendar.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: calendar'];
const params = z.object({ venue: z.string() });

export const calendarConsoleRoutes =
  (ctx: CatalogueConsoleContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues/:venue/calendar',
      {
        config: { console: { right: 'catalogue:read', scope: 'venue' } },
        schema: { tags, params, querystring: CalendarQuery, response: { 200: CalendarView, ...errors } },
      },
      async (request) => readCalendar(ctx.db, venueOf(request), request.query),
    );
    app.post(
      '/venues/:venue/calendar/changes',
      {
        config: { console: { right: 'catalogue:write', scope: 'venue' } },
        schema: { tags, params, body: CalendarChangeBody, response: { 200: CalendarChangeResult, ...errors } },
      },
      async (request) => applyCalendarChange(ctx, venueOf(request), authOf(request).actor, request.body),
    );
  };
