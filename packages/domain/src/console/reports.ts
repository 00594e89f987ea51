/**
 * Contracts of the figures (issue 18, decision 023): the dashboard, the accounting journal, their
 * exports and the scheduled report mails. Right `reports:read` at the venue (or, across venues,
 * at each venue counted). Amounts are in the venue's currency's minor units (yen), tax included, as
 * the shop sells; days are the venue's
 * own calendar days (its time zone, stated in every answer and export).
 *
 * Routes, all under `/console/api/v1`:
 * - `GET venues/:venue/reports/dashboard?from&to` and `GET reports/dashboard?from&to[&venues=a,b]`
 *   (across the venues the caller may read; all of them when `venues` is not given): `Dashboard`.
 * - `GET venues/:venue/reports/journal?from&to`: `Journal`.
 * - Exports, each audited (`report.exported`), `format=csv` (streamed) or `format=xlsx`:
 *   `GET venues/:venue/reports/journal/export?from&to&format` and
 *   `GET venues/:venue/reports/dashboard/export?from&to&format&table=<DashboardTable>`.
 * - `GET account/report-mails` and `PUT account/report-mails` (`ReportMailsBody`): the caller's
 *   own subscriptions to the daily or weekly summary mail.
 */
import { z } from 'zod';
import { ExportHeadingsParam, InputText } from '../api/common.ts';
import type { Currency } from '../constants.ts';
import { addDays, daysBetween } from '../dates.ts';
import { FilterDate } from './date-filters.ts';

/** A report's days at most: a year, and a leap day. */
export const MAX_REPORT_DAYS = 366;
/** The consumption tax every price includes, in percent (prices are tax-inclusive). */
export const CONSUMPTION_TAX_RATE = 10;

/** The tax a tax-inclusive amount includes, rounded down (a refund's negative amount: towards zero). */
export function includedTax(amount: number, rate = CONSUMPTION_TAX_RATE): number {
  const tax = Math.floor((Math.abs(amount) * rate) / (100 + rate));
  return amount < 0 && tax > 0 ? -tax : tax;
}

/** `from` and `to` are both counted. */
export const ReportRangeQuery = z.object({ from: FilterDate, to: FilterDate }).superRefine((range, ctx) => {
  if (range.to < range.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (daysBetween(range.from, range.to) + 1 > MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
});
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;

/** Venue codes, comma separated; none: every venue the caller may read the figures of. */
export const AcrossVenuesQuery = ReportRangeQuery.and(z.object({ venues: InputText.optional() }));

/** The period just before a range, as long as it (what the dashboard compares with). */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

export type SalesTotals = {
  /** Takings of the orders completed in the period (what their visitors paid). */
  amount: number;
  orders: number;
  /** Admissions sold. */
  tickets: number;
  /** Coupon discounts given on those orders. */
  discount: number;
  /** Orders that used at least one coupon. */
  coupon_orders: number;
  /** Refunds that succeeded in the period, and their amount (positive). */
  refunds: number;
  refunded_amount: number;
  /** Date changes completed in the period, and the fees and differences paid for them. */
  date_changes: number;
  date_change_amount: number;
};

/** One row of a breakdown: a product, an option, a channel, a payment method, a coupon. */
export type BreakdownRow = {
  key: string;
  /** In the caller's language where the thing has a name in several. */
  label: string;
  orders: number;
  /** Admissions for a product, pieces for an option or a set product, uses for a coupon. */
  quantity: number;
  amount: number;
};

export type DailyFigures = { date: string; amount: number; orders: number; tickets: number; refunded_amount: number };

/** A cell of the occupancy heat map: the slots of a day starting in one hour of the day. */
export type OccupancyCell = { date: string; hour: number; capacity: number; sold: number };

export const DASHBOARD_TABLES = [
  'daily',
  'products',
  'options',
  'set_products',
  'channels',
  'payment_methods',
  'coupons',
  'occupancy',
] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

export type Dashboard = {
  /** The venues counted, by code. */
  venues: string[];
  time_zone: string;
  currency: Currency;
  /** Today and this week (Monday to Sunday) in the venue's time zone, beside yesterday and last week. */
  today: { date: string; current: SalesTotals; previous: SalesTotals };
  week: { from: string; to: string; current: SalesTotals; previous: SalesTotals };
  range: { from: string; to: string };
  previous_range: { from: string; to: string };
  totals: SalesTotals;
  previous_totals: SalesTotals;
  daily: DailyFigures[];
  products: BreakdownRow[];
  options: BreakdownRow[];
  set_products: BreakdownRow[];
  channels: BreakdownRow[];
  payment_methods: BreakdownRow[];
  coupons: BreakdownRow[];
  occupancy: OccupancyCell[];
  /** When the figures were read. */
  generated_at: string;
};

/** A line of the sales journal: one day, one payment method, sales or refunds. */
export type JournalLine = {
  date: string;
  payment_method: string;
  payment_method_label: string;
  kind: 'sale' | 'refund';
  /** Payments kept, or refunds succeeded. */
  count: number;
  /** Tax included; a refund's is negative. */
  amount: number;
  /** The consumption tax the amount includes (`includedTax`), negative for a refund. */
  tax: number;
  /** `amount - tax`. */
  net: number;
};

export type Journal = {
  venue: string;
  time_zone: string;
  currency: Currency;
  tax_rate: number;
  range: { from: string; to: string };
  lines: JournalLine[];
  totals: { sales: number; refunds: number; amount: number; tax: number; net: number };
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(', ')}` });
export const JournalExportQuery = ReportRangeQuery.and(
  z.object({ format: ExportFormat, headings: ExportHeadingsParam.optional() }),
);
export const DashboardExportQuery = ReportRangeQuery.and(
  z.object({
    format: ExportFormat,
    table: z.enum(DASHBOARD_TABLES, { error: `must be one of ${DASHBOARD_TABLES.join(', ')}` }),
    headings: ExportHeadingsParam.optional(),
  }),
);

export const REPORT_MAIL_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportMailFrequency = (typeof REPORT_MAIL_FREQUENCIES)[number];
/** The hour of the venue's day the summary of the day (or week, on Mondays) before is sent. */
export const REPORT_MAIL_HOUR = 7;
/** Subscriptions one staff member may hold. */
export const MAX_REPORT_MAILS = 50;

export const ReportMailSubscription = z.object({
  venue: InputText.min(1, { error: 'must name a venue' }),
  frequency: z.enum(REPORT_MAIL_FREQUENCIES, { error: `must be one of ${REPORT_MAIL_FREQUENCIES.join(', ')}` }),
});
export type ReportMailSubscription = z.infer<typeof ReportMailSubscription>;

/** The whole list, replacing the caller's subscriptions. */
export const ReportMailsBody = z.object({
  subscriptions: z
    .array(ReportMailSubscription)
    .max(MAX_REPORT_MAILS, { error: `must hold at most ${MAX_REPORT_MAILS} subscriptions` })
    .refine((list) => new Set(list.map((s) => `${s.venue}|${s.frequency}`)).size === list.length, {
      error: 'names a subscription twice',
    }),
});
export type ReportMailsBody = z.infer<typeof ReportMailsBody>;

export type ReportMails = {
  subscriptions: Array<ReportMailSubscription & { last_sent_at: string | null }>;
  /** The venues the caller may subscribe to (those they may read the figures of). */
  venues: Array<{ code: string; name: string }>;
};
