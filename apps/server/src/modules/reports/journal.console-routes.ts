/**
 * The accountant's sales journal of a venue, right `reports:read` at the venue, under
 * `/console/api/v1/venues/:venue/reports/journal`: the journal itself (`Journal`) and the same
 * lines as a CSV or XLSX file with a closing totals row. A file leaves the system with the
 * venue's takings, so each export writes an audit entry (`report` `exported`, with the report,
 * the range and the format) before its first byte is sent.
 */
import { ErrorBody, Lang } from '@storefront/domain/api/common';
import { JOURNAL_KIND_WORDS } from '@storefront/domain/console/key-words';
import { type Journal, JournalExportQuery, ReportRangeQuery } from '@storefront/domain/console/reports';
import { CURRENCIES, type LanguageCode } from '@storefront/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type JournalVenue, salesJournal } from '../payments/sales-journal.ts';
import type { Site } from '../sites/site.ts';
import { venueOf } from '../sites/venue-request.ts';
import { headingsLanguage, reportLanguage, sendReportExport } from './report-export.console-routes.ts';
import type { ReportColumn, ReportTable } from './report-export.ts';
import { JOURNAL_HEADINGS, TOTALS_KEY } from './report-headings.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['console: reports'];
const read = { console: { right: 'reports:read', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
/** The language of the payment methods' names; the venue's default when not given. */
const LangPart = z.object({ lang: Lang.optional() });
const JournalQuery = ReportRangeQuery.and(LangPart);
const ExportQuery = JournalExportQuery.and(LangPart);
/** The contract's `Journal`, as the answer is checked and documented. */
const JournalAnswer = z.object({
  venue: z.string(),
  time_zone: z.string(),
  currency: z.enum(CURRENCIES),
  tax_rate: z.number(),
  range: z.object({ from: z.string(), to: z.string() }),
  lines: z.array(
    z.object({
      date: z.string(),
      payment_method: z.string(),
      payment_method_label: z.string(),
      kind: z.enum(['sale', 'refund']),
      count: z.number().int(),
      amount: z.number().int(),
      tax: z.number().int(),
      net: z.number().int(),
    }),
  ),
  totals: z.object({
    sales: z.number().int(),
    refunds: z.number().int(),
    amount: z.number().int(),
    tax: z.number().int(),
    net: z.number().int(),
  }),
}) satisfies z.ZodType<Journal>;
/** A stream Fastify sends as it is, unserialised. */
const JournalFile = z
  .any()
  .describe(
    'text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet: day, kind, payment method, its name, count, amount, tax, net; a totals row last. Headings, kinds and the totals label in the console’s language, or keys with headings=keys',
  );

/** The journal's columns, in the file. */
const JOURNAL_COLUMNS: ReportColumn[] = [
  { name: 'date', kind: 'date', width: 22 },
  { name: 'kind', kind: 'text', width: 10 },
  { name: 'payment_method', kind: 'text', width: 20 },
  { name: 'payment_method_name', kind: 'text', width: 32 },
  { name: 'count', kind: 'count' },
  { name: 'amount', kind: 'money' },
  { name: 'tax', kind: 'money' },
  { name: 'net', kind: 'money' },
];

/** The journal as a file's table: its lines (their kind in words unless the file keeps keys), then the totals. */
function journalTable(journal: Journal, words: LanguageCode | 'keys'): ReportTable {
  return {
    sheet: 'journal',
    columns: JOURNAL_COLUMNS,
    rows: journal.lines.map((line) => [
      line.date,
      words === 'keys' ? line.kind : JOURNAL_KIND_WORDS[words][line.kind],
      line.payment_method,
      line.payment_method_label,
      line.count,
      line.amount,
      line.tax,
      line.net,
    ]),
    totals: () => [TOTALS_KEY, null, null, null, null, journal.totals.amount, journal.totals.tax, journal.totals.net],
    headings: JOURNAL_HEADINGS,
  };
}

const journalVenue = (venue: Site): JournalVenue => ({
  id: venue.id,
  code: venue.code,
  timeZone: venue.timeZone,
  currency: venue.currency,
});

export const journalConsoleRoutes =
  (db: Database): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/venues/:venue/reports/journal',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: JournalQuery, response: { 200: JournalAnswer, ...errors } },
      },
      async (request) => {
        const venue = venueOf(request);
        const { from, to, lang } = request.query;
        return salesJournal(db, journalVenue(venue), { from, to }, await reportLanguage(db, venue, lang));
      },
    );

    app.get(
      '/venues/:venue/reports/journal/export',
      {
        config: read,
        schema: { tags, params: VenueParams, querystring: ExportQuery, response: { 200: JournalFile, ...errors } },
      },
      async (request, reply) => {
        const venue = venueOf(request);
        const { from, to, format, lang, headings } = request.query;
        const journal = await salesJournal(db, journalVenue(venue), { from, to }, await reportLanguage(db, venue, lang));
        const words = headingsLanguage(request, lang, headings);
        return sendReportExport(db, request, reply, {
          report: 'journal',
          range: { from, to },
          format,
          table: journalTable(journal, words),
          headings: words,
        });
      },
    );
  };
