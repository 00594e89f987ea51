/**
 * Sending a report as a file from the console, the one way every report export goes: the audit
 * entry first (`report` `exported`, naming the report, its range and format, and what else picks
 * the rows), then the file as a download named after the report, the venue and the range.
 *
 * And the dashboard's tables as files, right `reports:read` at the venue:
 * `GET /console/api/v1/venues/:venue/reports/dashboard/export?from&to&format&table[&lang][&headings]`. The
 * rows come from a port the reports plugin fills (the dashboard's figures answer a table's columns and
 * rows); this file only checks the query, audits and writes the file.
 */
import { ErrorBody, type ExportHeadings, Lang } from '@storefront/domain/api/common';
import { DashboardExportQuery, type DashboardTable } from '@storefront/domain/console/reports';
import type { LanguageCode } from '@storefront/domain/constants';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { languageCodesOf } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf, memberLanguageOf } from '../staff/console-request.ts';
import { type ExportFormatName, REPORT_CONTENT_TYPES, type ReportTable, reportFile, reportFileName } from './report-export.ts';

export type ReportExport = {
  /** The report's name in the audit entry: `journal`, `dashboard`. */
  report: string;
  /** How the file's name starts, when not with the report's name alone (`dashboard-daily`). */
  fileStem?: string;
  range: { from: string; to: string };
  format: ExportFormatName;
  table: ReportTable;
  /** What else the audit entry should say picked the rows (a dashboard's table). */
  details?: Record<string, unknown>;
  /** The headings' language, or `keys` for the columns' machine keys. */
  headings: LanguageCode | 'keys';
};

/** Audits the export (one insert, before the first byte is sent) and sends the file. */
export async function sendReportExport(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  file: ReportExport,
): Promise<FastifyReply> {
  const venue = venueOf(request);
  const { actor } = authOf(request);
  await recordAudit(db, actor, {
    venue: { id: venue.id, code: venue.code },
    objectType: 'report',
    objectId: file.report,
    action: 'exported',
    changes: { report: file.report, ...file.details, range: file.range, format: file.format },
  });
  return reply
    .header('content-type', REPORT_CONTENT_TYPES[file.format])
    .header(
      'content-disposition',
      `attachment; filename="${reportFileName(file.fileStem ?? file.report, venue.code, file.range, file.format)}"`,
    )
    .header('cache-control', 'no-store')
    .send(reportFile(file.format, file.table, { timeZone: venue.timeZone, currency: venue.currency, headings: file.headings }));
}

/** The language a report names things in: the one asked for, else the venue's default. */
export async function reportLanguage(db: Database, venue: Site, lang: LanguageCode | undefined): Promise<LanguageCode> {
  return lang ?? (await languageCodesOf(db, [venue.id])).get(venue.id)?.[0] ?? 'ja';
}

/**
 * The language of a file's headings: `keys` when asked for, else the language the console asks
 * in (its own), else the member's (`staff_accounts.language`).
 */
export function headingsLanguage(
  request: FastifyRequest,
  lang: LanguageCode | undefined,
  headings: ExportHeadings | undefined,
): LanguageCode | 'keys' {
  return headings === 'keys' ? 'keys' : (lang ?? memberLanguageOf(request));
}

/** The columns and rows of one of the dashboard's tables, for a venue and a range. */
export type DashboardTableRows = (request: {
  venue: Site;
  range: { from: string; to: string };
  table: DashboardTable;
  /** The language of the things' names (products, options, payment methods). */
  lang: LanguageCode;
  /** The file's wording: the language of its headings and of the keys' values, or `keys`. */
  words: LanguageCode | 'keys';
}) => Promise<ReportTable>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: reports'];
const read = { console: { right: 'reports:read', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const ExportQuery = DashboardExportQuery.and(z.object({ lang: Lang.optional() }));
const TableFile = z
  .any()
  .describe(
    'text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: one of the dashboard’s tables, days and times in the venue’s time zone, amounts in its currency',
  );

export const dashboardExportConsoleRoutes =
  (options: { db: Database; tableRows: DashboardTableRows }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/venues/:venue/reports/dashboard/export',
      { config: read, schema: { tags, params: VenueParams, querystring: ExportQuery, response: { 200: TableFile, ...errors } } },
      async (request, reply) => {
        const venue = venueOf(request);
        const { from, to, format, table, lang, headings } = request.query;
        const words = headingsLanguage(request, lang, headings);
        const rows = await options.tableRows({
          venue,
          range: { from, to },
          table,
          lang: await reportLanguage(options.db, venue, lang),
          words,
        });
        return sendReportExport(options.db, request, reply, {
          report: 'dashboard',
          fileStem: `dashboard-${table}`,
          range: { from, to },
          format,
          table: rows,
          details: { table },
          headings: words,
        });
      },
    );
  };
