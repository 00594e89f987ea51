/**
 * `/reports`: the figures of several venues added up, for a member who may read more than one
 * venue's (right `reports:read` at each). All of them unless some are chosen; each venue's days are
 * its own calendar's. The downloads are each venue's own, on its dashboard.
 */
import type { ConsoleVenue } from '@storefront/domain/console/auth';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { hasVenueRight, useSession } from '../../lib/session.ts';
import { CheckboxField, FieldSet } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { DashboardView } from './dashboard-view.tsx';
import { RangePicker } from './range-picker.tsx';
import { RANGE_PRESETS, useReportRange } from './report-range.ts';
import { reportQueries } from './reports-api.ts';
import '../../ui/data-table.css';
import './reports.css';

export default function AcrossVenuesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const readable = session.venues.filter((venue) => hasVenueRight(session, venue, 'reports:read'));
  return (
    <Screen name="reports-across" title={t('reports.acrossTitle')}>
      {readable.length === 0 ? <Notice kind="error">{t('problem.forbidden')}</Notice> : <AcrossVenues readable={readable} />}
    </Screen>
  );
}

function AcrossVenues(props: { readable: ConsoleVenue[] }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { range, today, setRange, search, setSearch } = useReportRange();
  const codes = new Set(props.readable.map((venue) => venue.code));
  const chosen = (search.get('venues') ?? '').split(',').filter((code) => codes.has(code));
  const counted = chosen.length === 0 ? [...codes] : chosen;
  const dashboard = useQuery({ ...reportQueries.acrossVenues(range, chosen, lang), placeholderData: keepPreviousData });
  const choose = (code: string, isChosen: boolean) => {
    const next = isChosen ? [...counted, code] : counted.filter((other) => other !== code);
    setSearch((current) => {
      const updated = new URLSearchParams(current);
      const ordered = props.readable.map((venue) => venue.code).filter((other) => next.includes(other));
      if (ordered.length === 0 || ordered.length === props.readable.length) updated.delete('venues');
      else updated.set('venues', ordered.join(','));
      return updated;
    });
  };
  const names = (dashboard.data?.venues ?? [])
    .map((code) => props.readable.find((venue) => venue.code === code)?.name ?? code)
    .join(', ');
  return (
    <>
      <FieldSet legend={t('reports.venuesLegend')} hint={t('reports.venuesHint')} className="report-venues">
        <div className="check-columns">
          {props.readable.map((venue) => (
            <CheckboxField
              key={venue.code}
              label={venue.name}
              checked={counted.includes(venue.code)}
              // At least one venue stays counted.
              disabled={counted.length === 1 && counted.includes(venue.code)}
              onChange={(event) => choose(venue.code, event.target.checked)}
            />
          ))}
        </div>
      </FieldSet>
      <RangePicker key={`${range.from}|${range.to}`} range={range} today={today} presets={RANGE_PRESETS} onChange={setRange} />
      <ProblemNotice error={dashboard.error} />
      {dashboard.isPending ? <Loading /> : null}
      {dashboard.data ? (
        <div aria-busy={dashboard.isFetching}>
          <DashboardView dashboard={dashboard.data} lang={lang} exports={null} venueNames={names} />
          <p className="report-stated">
            {t('reports.downloadsAtVenue')}{' '}
            {dashboard.data.venues.map((code, index) => (
              <span key={code}>
                {index > 0 ? ', ' : null}
                <Link to={`${paths.venueReports(code)}?from=${range.from}&to=${range.to}`}>
                  {props.readable.find((venue) => venue.code === code)?.name ?? code}
                </Link>
              </span>
            ))}
          </p>
        </div>
      ) : null}
    </>
  );
}
