/**
 * `/venues/:code/reports` (right `reports:read` at the venue): how the venue is selling. Today and
 * this week at a glance, then the chosen period (this month so far unless another is chosen) beside
 * the one before, with charts, their tables and each table's downloads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { DashboardView } from './dashboard-view.tsx';
import { ExportLinks } from './export-links.tsx';
import { RangePicker } from './range-picker.tsx';
import { RANGE_PRESETS, useReportRange } from './report-range.ts';
import { dashboardExportUrl, reportQueries } from './reports-api.ts';
import '../../ui/data-table.css';
import './reports.css';

export default function DashboardPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="reports" title={(venue) => t('reports.title', { venue: venue.name })} right="reports:read">
      {({ venue }) => <VenueDashboard venue={venue.code} venueName={venue.name} />}
    </VenueGate>
  );
}

function VenueDashboard(props: { venue: string; venueName: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { range, today, setRange } = useReportRange();
  const dashboard = useQuery({ ...reportQueries.dashboard(props.venue, range, lang), placeholderData: keepPreviousData });
  return (
    <Screen
      name="reports"
      title={t('reports.title', { venue: props.venueName })}
      actions={
        <Link className="button" to={`${paths.venueJournal(props.venue)}?from=${range.from}&to=${range.to}`}>
          {t('reports.openJournal')}
        </Link>
      }
    >
      <RangePicker key={`${range.from}|${range.to}`} range={range} today={today} presets={RANGE_PRESETS} onChange={setRange} />
      <ProblemNotice error={dashboard.error} />
      {dashboard.isPending ? <Loading /> : null}
      {dashboard.data ? (
        <div aria-busy={dashboard.isFetching}>
          <DashboardView
            dashboard={dashboard.data}
            lang={lang}
            exports={(table, title) => (
              <ExportLinks title={title} href={(format) => dashboardExportUrl(props.venue, table, format, range, lang)} />
            )}
          />
        </div>
      ) : null}
    </Screen>
  );
}
