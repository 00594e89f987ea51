/**
 * The caller's own summary mails under `/console/api/v1` (issue 18 part 4): `GET` and `PUT
 * account/report-mails`. Any signed-in member; a venue may be named where they hold `reports:read`.
 * Venue names are in `lang` (the console's language), else in the member's own.
 */
import { ErrorBody, Lang } from '@storefront/domain/api/common';
import { REPORT_MAIL_FREQUENCIES, type ReportMails, ReportMailsBody } from '@storefront/domain/console/reports';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { authOf } from '../staff/console-request.ts';
import { replaceReportMails, reportMailsOf } from './report-mails.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['console: reports'];
const signedIn = { console: { signedIn: true as const } };
const LangQuery = z.object({ lang: Lang.optional() });

// The answer's shape, for the serializer and the API document; it must stay the contract's `ReportMails`.
const ReportMailsAnswer = z.object({
  subscriptions: z.array(
    z.object({ venue: z.string(), frequency: z.enum(REPORT_MAIL_FREQUENCIES), last_sent_at: z.string().nullable() }),
  ),
  venues: z.array(z.object({ code: z.string(), name: z.string() })),
}) satisfies z.ZodType<ReportMails>;

export const reportMailsConsoleRoutes =
  (ctx: { db: Database; sites: SitesService }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, sites } = ctx;

    app.get(
      '/account/report-mails',
      {
        config: signedIn,
        schema: {
          tags,
          description:
            "The caller's subscriptions to the daily and weekly summary mails (`ReportMails`), and the venues they may subscribe to.",
          querystring: LangQuery,
          response: { 200: ReportMailsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { account, access } = authOf(request);
        const lang = request.query.lang ?? account.language;
        const answer = await reportMailsOf(db, await sites.list(), { staffId: account.id, access }, lang);
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );
    app.put(
      '/account/report-mails',
      {
        config: signedIn,
        schema: {
          tags,
          description:
            "Replaces the caller's summary-mail subscriptions (`ReportMailsBody`); a subscription kept keeps the period it last mailed.",
          querystring: LangQuery,
          body: ReportMailsBody,
          response: { 200: ReportMailsAnswer, ...errors },
        },
      },
      async (request) => {
        const { account, access, actor } = authOf(request);
        const lang = request.query.lang ?? account.language;
        return replaceReportMails(db, await sites.list(), { staffId: account.id, access, actor }, request.body, lang);
      },
    );
  };
