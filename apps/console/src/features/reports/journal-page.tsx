/**
 * `/venues/:code/reports/journal` (right `reports:read`): the accountant's sales journal, a line per
 * day, payment method and kind (sales, or refunds as negative amounts), with the consumption tax each
 * amount includes and the period's totals; the time zone, currency and tax rate stated; downloads as
 * CSV and XLSX. A month by default: this month so far, or last month.
 */
import type { Journal } from '@storefront/domain/console/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { ExportLinks } from './export-links.tsx';
import { RangePicker } from './range-picker.tsx';
import { type ReportFormats, useReportFormats } from './report-format.ts';
import { type RangePreset, useReportRange } from './report-range.ts';
import { journalExportUrl, reportQueries } from './reports-api.ts';
import '../../ui/data-table.css';
import './reports.css';

const JOURNAL_PRESETS: readonly RangePreset[] = ['this-month', 'last-month'];

export default function JournalPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="journal" title={(venue) => t('reports.journal.title', { venue: venue.name })} right="reports:read">
      {({ venue }) => <VenueJournal venue={venue.code} venueName={venue.name} />}
    </VenueGate>
  );
}

function VenueJournal(props: { venue: string; venueName: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { range, today, setRange } = useReportRange();
  const journal = useQuery({ ...reportQueries.journal(props.venue, range, lang), placeholderData: keepPreviousData });
  const title = t('reports.journal.title', { venue: props.venueName });
  return (
    <Screen
      name="journal"
      title={title}
      actions={
        <div className="button-row">
          <ExportLinks
            title={t('reports.journal.linesTitle')}
            href={(format) => journalExportUrl(props.venue, format, range, lang)}
          />
          <Link className="button button-small" to={`${paths.venueReports(props.venue)}?from=${range.from}&to=${range.to}`}>
            {t('reports.journal.openDashboard')}
          </Link>
        </div>
      }
    >
      <RangePicker key={`${range.from}|${range.to}`} range={range} today={today} presets={JOURNAL_PRESETS} onChange={setRange} />
      <ProblemNotice error={journal.error} />
      {journal.isPending ? <Loading /> : null}
      {journal.data ? <JournalTable journal={journal.data} lang={lang} busy={journal.isFetching} /> : null}
    </Screen>
  );
}

function JournalTable(props: { journal: Journal; lang: ReturnType<typeof currentLanguage>; busy: boolean }) {
  const { t } = useTranslation();
  const { journal } = props;
  const formats: ReportFormats = useReportFormats(props.lang, journal.currency);
  return (
    <div aria-busy={props.busy}>
      <p className="report-stated">
        {t('reports.journal.stated', {
          currency: journal.currency,
          timeZone: journal.time_zone,
          rate: formats.percent(journal.tax_rate / 100),
        })}
      </p>
      <div className="table-scroll">
        <table className="data-table report-table journal-table">
          <caption>{t('reports.journal.caption', { range: formats.range(journal.range) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.journal.date')}</th>
              <th scope="col">{t('reports.journal.method')}</th>
              <th scope="col">{t('reports.journal.kind')}</th>
              <th scope="col">{t('reports.journal.count')}</th>
              <th scope="col">{t('reports.journal.amount')}</th>
              <th scope="col">{t('reports.journal.tax')}</th>
              <th scope="col">{t('reports.journal.net')}</th>
            </tr>
          </thead>
          <tbody>
            {journal.lines.length === 0 ? (
              <tr>
                <td colSpan={7} className="data-table-empty">
                  {t('reports.journal.none')}
                </td>
              </tr>
            ) : (
              journal.lines.map((line) => (
                <tr key={`${line.date}|${line.payment_method}|${line.kind}`} className={`journal-${line.kind}`}>
                  <th scope="row">{formats.dayWithWeekday(line.date)}</th>
                  <td>{line.payment_method_label || line.payment_method}</td>
                  <td>{t(`reports.journal.kinds.${line.kind}`)}</td>
                  <td className="number">{formats.count(line.count)}</td>
                  <td className="number">{formats.money(line.amount)}</td>
                  <td className="number">{formats.money(line.tax)}</td>
                  <td className="number">{formats.money(line.net)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t('reports.journal.totals', {
                  sales: formats.money(journal.totals.sales),
                  refunds: formats.money(journal.totals.refunds),
                })}
              </th>
              <td className="number">{formats.money(journal.totals.amount)}</td>
              <td className="number">{formats.money(journal.totals.tax)}</td>
              <td className="number">{formats.money(journal.totals.net)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
