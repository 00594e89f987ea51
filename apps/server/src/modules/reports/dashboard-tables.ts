/**
 * The dashboard's tables as files (`GET …/reports/dashboard/export?table=`): each table of the
 * venue's dashboard for the range, as the screen shows it, with a totals row where amounts add up.
 */
import { SALES_CHANNEL_WORDS, wordFor } from '@storefront/domain/console/key-words';
import type { BreakdownRow, Dashboard, DashboardTable } from '@storefront/domain/console/reports';
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { readDashboard } from './dashboard.ts';
import type { DashboardTableRows } from './report-export.console-routes.ts';
import type { ReportColumn, ReportTable } from './report-export.ts';
import { DASHBOARD_TABLE_HEADINGS, TOTALS_KEY } from './report-headings.ts';

const BREAKDOWN_COLUMNS: ReportColumn[] = [
  { name: 'key', kind: 'text', width: 20 },
  { name: 'name', kind: 'text', width: 32 },
  { name: 'orders', kind: 'count' },
  { name: 'quantity', kind: 'count' },
  { name: 'amount', kind: 'money' },
];

const sum = <T>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);

function breakdownTable(sheet: string, rows: BreakdownRow[], name: (row: BreakdownRow) => string): ReportTable {
  return {
    sheet,
    columns: BREAKDOWN_COLUMNS,
    rows: rows.map((r) => [r.key, name(r), r.orders, r.quantity, r.amount]),
    totals: () => [TOTALS_KEY, '', sum(rows, (r) => r.orders), sum(rows, (r) => r.quantity), sum(rows, (r) => r.amount)],
  };
}

/**
 * One table of a dashboard. Channels travel as keys (`web`, `spot`): a file worded in a language
 * names them as the console does, one kept in keys keeps the key as the name.
 */
function dashboardTable(dashboard: Dashboard, table: DashboardTable, words: LanguageCode | 'keys'): ReportTable {
  return { ...tableOf(dashboard, table, words), headings: DASHBOARD_TABLE_HEADINGS };
}

function tableOf(dashboard: Dashboard, table: DashboardTable, words: LanguageCode | 'keys'): ReportTable {
  switch (table) {
    case 'daily':
      return {
        sheet: 'daily',
        columns: [
          { name: 'date', kind: 'date' },
          { name: 'amount', kind: 'money' },
          { name: 'orders', kind: 'count' },
          { name: 'tickets', kind: 'count' },
          { name: 'refunded_amount', kind: 'money' },
        ],
        rows: dashboard.daily.map((d) => [d.date, d.amount, d.orders, d.tickets, d.refunded_amount]),
        totals: () => [
          TOTALS_KEY,
          sum(dashboard.daily, (d) => d.amount),
          sum(dashboard.daily, (d) => d.orders),
          sum(dashboard.daily, (d) => d.tickets),
          sum(dashboard.daily, (d) => d.refunded_amount),
        ],
      };
    case 'occupancy':
      return {
        sheet: 'occupancy',
        columns: [
          { name: 'date', kind: 'date' },
          { name: 'hour', kind: 'text', width: 8 },
          { name: 'capacity', kind: 'count' },
          { name: 'sold', kind: 'count' },
          { name: 'sold_share', kind: 'percent' },
        ],
        rows: dashboard.occupancy.map((c) => [
          c.date,
          `${String(c.hour).padStart(2, '0')}:00`,
          c.capacity,
          c.sold,
          c.capacity === 0 ? null : Math.round((c.sold / c.capacity) * 1000) / 10,
        ]),
      };
    case 'channels':
      return breakdownTable(table, dashboard.channels, (row) =>
        words === 'keys' ? row.label : wordFor(SALES_CHANNEL_WORDS[words], row.key),
      );
    default:
      return breakdownTable(table, dashboard[table], (row) => row.label);
  }
}

/** The port `report-export.console-routes.ts` asks for a table's rows. */
export function dashboardTableRows(db: Database): DashboardTableRows {
  return async ({ venue, range, table, lang, words }) =>
    dashboardTable(await readDashboard(db, [venue], range, lang), table, words);
}
