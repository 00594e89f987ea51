/**
 * A dashboard's figures, for one venue or several: today and this week beside the day and week
 * before, the chosen period beside the one before it, daily sales, the breakdowns and the occupancy
 * heat map. Each chart has its table (read by screen readers, shown to anyone who asks) and, at a
 * venue, the table's CSV and XLSX downloads.
 */

import type { BreakdownRow, Dashboard, DashboardTable, SalesTotals } from '@storefront/domain/console/reports';
import type { LanguageCode } from '@storefront/domain/constants';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakdownChart, DailyChart } from './dashboard-charts.tsx';
import { OccupancyHeatMap } from './occupancy-heat-map.tsx';
import { type ReportFormats, useReportFormats } from './report-format.ts';

/** The downloads of one table, or none (across venues there are none). */
export type ExportLinks = ((table: DashboardTable, title: string) => ReactNode) | null;

const TOTALS: (keyof SalesTotals)[] = [
  'amount',
  'orders',
  'tickets',
  'discount',
  'coupon_orders',
  'refunds',
  'refunded_amount',
  'date_changes',
  'date_change_amount',
];
const AMOUNTS = new Set<keyof SalesTotals>(['amount', 'discount', 'refunded_amount', 'date_change_amount']);

const BREAKDOWNS = ['products', 'options', 'set_products', 'channels', 'payment_methods', 'coupons'] as const;
type Breakdown = (typeof BREAKDOWNS)[number];

export function DashboardView(props: { dashboard: Dashboard; lang: LanguageCode; exports: ExportLinks; venueNames?: string }) {
  const { t } = useTranslation();
  const { dashboard } = props;
  const formats = useReportFormats(props.lang, dashboard.currency);
  return (
    <div className="report">
      <p className="report-stated">
        {t('reports.stated', {
          currency: dashboard.currency,
          timeZone: dashboard.time_zone,
          at: formats.dateTime(dashboard.generated_at, dashboard.time_zone),
        })}
      </p>
      {props.venueNames ? <p className="report-stated">{t('reports.venuesCounted', { venues: props.venueNames })}</p> : null}
      <div className="report-cards">
        <PeriodCard
          title={t('reports.cards.today')}
          period={formats.dayWithWeekday(dashboard.today.date)}
          current={dashboard.today.current}
          previous={dashboard.today.previous}
          against="yesterday"
          formats={formats}
        />
        <PeriodCard
          title={t('reports.cards.week')}
          period={formats.range(dashboard.week)}
          current={dashboard.week.current}
          previous={dashboard.week.previous}
          against="lastWeek"
          formats={formats}
        />
      </div>
      <TotalsTable dashboard={dashboard} formats={formats} />
      <ChartPanel
        title={t('reports.daily.title')}
        table="daily"
        exports={props.exports}
        isEmpty={dashboard.daily.every((day) => day.amount === 0 && day.refunded_amount === 0)}
        chart={
          <DailyChart
            days={dashboard.daily}
            formats={formats}
            label={t('reports.daily.title')}
            names={{ amount: t('reports.daily.amount'), refunded: t('reports.daily.refunded') }}
          />
        }
        tableNode={
          <table className="data-table report-table">
            <caption>{t('reports.daily.caption', { range: formats.range(dashboard.range) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.daily.date')}</th>
                <th scope="col">{t('reports.daily.amount')}</th>
                <th scope="col">{t('reports.daily.orders')}</th>
                <th scope="col">{t('reports.daily.tickets')}</th>
                <th scope="col">{t('reports.daily.refunded')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.daily.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formats.dayWithWeekday(day.date)}</th>
                  <td className="number">{formats.money(day.amount)}</td>
                  <td className="number">{formats.count(day.orders)}</td>
                  <td className="number">{formats.count(day.tickets)}</td>
                  <td className="number">{formats.money(day.refunded_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <div className="report-grid">
        {BREAKDOWNS.map((breakdown) => (
          <BreakdownPanel
            key={breakdown}
            breakdown={breakdown}
            rows={dashboard[breakdown]}
            formats={formats}
            exports={props.exports}
          />
        ))}
      </div>
      <section className="panel report-panel" aria-labelledby="report-occupancy">
        <header className="panel-header report-panel-header">
          <h2 id="report-occupancy">{t('reports.occupancy.title')}</h2>
          {props.exports?.('occupancy', t('reports.occupancy.title'))}
        </header>
        <OccupancyHeatMap cells={dashboard.occupancy} formats={formats} />
      </section>
    </div>
  );
}

function PeriodCard(props: {
  title: string;
  period: string;
  current: SalesTotals;
  previous: SalesTotals;
  against: 'yesterday' | 'lastWeek';
  formats: ReportFormats;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { formats } = props;
  const figures = [
    { key: 'amount', value: formats.money(props.current.amount), previous: formats.money(props.previous.amount) },
    { key: 'orders', value: formats.count(props.current.orders), previous: formats.count(props.previous.orders) },
    { key: 'tickets', value: formats.count(props.current.tickets), previous: formats.count(props.previous.tickets) },
  ] as const;
  return (
    <section className="panel report-card" aria-labelledby={id}>
      <h2 id={id}>
        {props.title} <span className="report-card-period">{props.period}</span>
      </h2>
      <dl>
        {figures.map((figure) => {
          const change = formats.change(props.current[figure.key], props.previous[figure.key]);
          const direction = Math.sign(props.current[figure.key] - props.previous[figure.key]);
          return (
            <div key={figure.key} className={`report-figure report-figure-${figure.key}`}>
              <dt>{t(`reports.cards.${figure.key}`)}</dt>
              <dd>
                <span className="report-figure-value">{figure.value}</span>
                <span className={`report-change report-change-${direction > 0 ? 'up' : direction < 0 ? 'down' : 'even'}`}>
                  {change === null
                    ? t(`reports.cards.${props.against}None`)
                    : t(`reports.cards.${props.against}`, { change, previous: figure.previous })}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function TotalsTable(props: { dashboard: Dashboard; formats: ReportFormats }) {
  const { t } = useTranslation();
  const { dashboard, formats } = props;
  const show = (key: keyof SalesTotals, value: number) => (AMOUNTS.has(key) ? formats.money(value) : formats.count(value));
  return (
    <section className="panel report-panel" aria-labelledby="report-totals">
      <h2 id="report-totals">{t('reports.totals.title')}</h2>
      <div className="table-scroll">
        <table className="data-table report-table">
          <caption className="visually-hidden">
            {t('reports.totals.caption', {
              range: formats.range(dashboard.range),
              previous: formats.range(dashboard.previous_range),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.totals.figure')}</th>
              <th scope="col">
                {t('reports.totals.current')}
                <span className="report-range-note">{formats.range(dashboard.range)}</span>
              </th>
              <th scope="col">
                {t('reports.totals.previous')}
                <span className="report-range-note">{formats.range(dashboard.previous_range)}</span>
              </th>
              <th scope="col">{t('reports.totals.change')}</th>
            </tr>
          </thead>
          <tbody>
            {TOTALS.map((key) => (
              <tr key={key}>
                <th scope="row">{t(`reports.totals.${key}`)}</th>
                <td className="number">{show(key, dashboard.totals[key])}</td>
                <td className="number">{show(key, dashboard.previous_totals[key])}</td>
                <td className="number">{formats.change(dashboard.totals[key], dashboard.previous_totals[key]) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A chart and its table: the chart shows, the table is read by screen readers; "Show as table"
 * swaps them for everyone. The table is in the page once either way; with nothing to show, a
 * sentence says so instead of both.
 */
function ChartPanel(props: {
  title: string;
  table: DashboardTable;
  exports: ExportLinks;
  chart: ReactNode;
  tableNode: ReactNode;
  isEmpty: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="panel report-panel" aria-labelledby={id}>
      <header className="panel-header report-panel-header">
        <h2 id={id}>{props.title}</h2>
        <div className="report-panel-actions">
          {props.exports?.(props.table, props.title)}
          {props.isEmpty ? null : (
            <button type="button" className="button button-small" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {t('reports.chart.showTable')}
            </button>
          )}
        </div>
      </header>
      {props.isEmpty ? <p className="report-empty">{t('reports.chart.none')}</p> : null}
      {props.isEmpty || asTable ? null : (
        <figure className="report-figure-chart" aria-label={t('reports.chart.described', { title: props.title })}>
          {props.chart}
        </figure>
      )}
      {props.isEmpty ? null : <div className={asTable ? 'table-scroll' : 'visually-hidden'}>{props.tableNode}</div>}
    </section>
  );
}

function BreakdownPanel(props: { breakdown: Breakdown; rows: BreakdownRow[]; formats: ReportFormats; exports: ExportLinks }) {
  const { t } = useTranslation();
  const { breakdown, formats } = props;
  const title = t(`reports.breakdown.${breakdown}`);
  const label = (row: BreakdownRow) =>
    breakdown === 'channels' ? t(`salesChannels.${row.key}`, { defaultValue: row.label }) : row.label;
  const rows = props.rows.map((row) => ({ ...row, label: label(row) }));
  return (
    <ChartPanel
      title={title}
      table={breakdown}
      exports={props.exports}
      isEmpty={rows.length === 0}
      chart={
        <BreakdownChart rows={rows} formats={formats} label={title} amountName={t(`reports.breakdown.amount.${breakdown}`)} />
      }
      tableNode={
        <table className="data-table report-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t(`reports.breakdown.label.${breakdown}`)}</th>
              <th scope="col">{t('reports.breakdown.orders')}</th>
              <th scope="col">{t(`reports.breakdown.quantity.${breakdown}`)}</th>
              <th scope="col">{t(`reports.breakdown.amount.${breakdown}`)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td className="number">{formats.count(row.orders)}</td>
                <td className="number">{formats.count(row.quantity)}</td>
                <td className="number">{formats.money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
