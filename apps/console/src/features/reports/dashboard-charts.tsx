/**
 * The dashboard's charts (Recharts, decision 024): SVG with the library's keyboard layer (focus the
 * chart, then the arrow keys walk the bars and the tooltip reads each out). Every chart stands
 * beside a table of the same figures, which is what a screen reader reads.
 */
import type { BreakdownRow, DailyFigures } from '@storefront/domain/console/reports';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportFormats } from './report-format.ts';

const SALES = '#1d4ed8';
const REFUNDS = '#b42318';
const AXIS = { fontSize: 12, fill: '#56606e' };

export function DailyChart(props: {
  days: DailyFigures[];
  formats: ReportFormats;
  label: string;
  names: { amount: string; refunded: string };
}) {
  const { formats } = props;
  return (
    <BarChart
      responsive
      className="report-chart"
      style={{ width: '100%', height: 280 }}
      data={props.days}
      title={props.label}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
    >
      <CartesianGrid vertical={false} stroke="#e5e8ec" />
      <XAxis dataKey="date" tickFormatter={formats.shortDay} tick={AXIS} minTickGap={12} />
      <YAxis tickFormatter={formats.compactMoney} tick={AXIS} width={64} />
      {/* Sales before refunds, in the tooltip and the legend alike (not by their names' alphabet). */}
      <Tooltip
        itemSorter="dataKey"
        labelFormatter={(date) => formats.dayWithWeekday(String(date))}
        formatter={(value) => formats.money(Number(value))}
      />
      <Legend itemSorter="dataKey" />
      <Bar dataKey="amount" name={props.names.amount} fill={SALES} />
      <Bar dataKey="refunded_amount" name={props.names.refunded} fill={REFUNDS} />
    </BarChart>
  );
}

/** Rows as horizontal bars by amount, the largest first (the table keeps the server's order). */
export function BreakdownChart(props: { rows: BreakdownRow[]; formats: ReportFormats; label: string; amountName: string }) {
  const { formats } = props;
  const rows = [...props.rows].sort((a, b) => b.amount - a.amount);
  return (
    <BarChart
      responsive
      className="report-chart"
      layout="vertical"
      style={{ width: '100%', height: 48 + rows.length * 34 }}
      data={rows}
      title={props.label}
      margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
    >
      <CartesianGrid horizontal={false} stroke="#e5e8ec" />
      <XAxis type="number" tickFormatter={formats.compactMoney} tick={AXIS} />
      <YAxis type="category" dataKey="label" tick={AXIS} width={140} interval={0} />
      <Tooltip formatter={(value) => formats.money(Number(value))} />
      <Bar dataKey="amount" name={props.amountName} fill={SALES} />
    </BarChart>
  );
}
