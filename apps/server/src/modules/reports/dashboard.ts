/**
 * The dashboard of one venue or several (issue 18 part 1, decision 023): today and this week beside
 * yesterday and last week, a range beside the period before it, the range's days and breakdowns,
 * and the occupancy of its visit dates. Figures come by venue-local day from `figuresOfDays`
 * (summaries of closed days, live counts of the others) and are added up here; labels are looked
 * up once per venue in the caller's language.
 */

import type {
  BreakdownRow,
  DailyFigures,
  Dashboard,
  OccupancyCell,
  ReportRangeQuery,
  SalesTotals,
} from '@storefront/domain/console/reports';
import { previousRange } from '@storefront/domain/console/reports';
import { addDays, todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import type { DayFigure } from '../../lib/day-figures.ts';
import { figureLabels } from '../catalogue/figure-labels.ts';
import { slotOccupancy } from '../catalogue/slot-occupancy.ts';
import { couponNames } from '../orders/sales-figures.ts';
import type { Site } from '../sites/site.ts';
import { figuresOfDays } from './dashboard-days.ts';

type Range = { from: string; to: string };

const emptyTotals = (): SalesTotals => ({
  amount: 0,
  orders: 0,
  tickets: 0,
  discount: 0,
  coupon_orders: 0,
  refunds: 0,
  refunded_amount: 0,
  date_changes: 0,
  date_change_amount: 0,
});

/** Adds a day's figures to totals. */
function addToTotals(totals: SalesTotals, f: DayFigure): void {
  if (f.figure === 'sales') {
    totals.amount += f.amount;
    totals.orders += f.orders;
    totals.tickets += f.quantity;
  } else if (f.figure === 'discount') {
    totals.discount += f.amount;
    totals.coupon_orders += f.orders;
  } else if (f.figure === 'refund') {
    totals.refunds += f.orders;
    totals.refunded_amount += f.amount;
  } else if (f.figure === 'date_change') {
    totals.date_changes += f.orders;
    totals.date_change_amount += f.amount;
  }
}

function totalsOf(figures: DayFigure[], range: Range): SalesTotals {
  const totals = emptyTotals();
  for (const f of figures) if (f.day >= range.from && f.day <= range.to) addToTotals(totals, f);
  return totals;
}

/** Monday of the week of a date (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Ranges that overlap or touch become one, so a day is read once. */
function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : 1));
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && addDays(last.to, 1) >= range.from) {
      if (range.to > last.to) last.to = range.to;
    } else merged.push({ ...range });
  }
  return merged;
}

const BREAKDOWNS = {
  product: 'products',
  option: 'options',
  set_product: 'set_products',
  channel: 'channels',
  payment_method: 'payment_methods',
  coupon: 'coupons',
} as const;
type BreakdownFigure = keyof typeof BREAKDOWNS;
const isBreakdown = (figure: string): figure is BreakdownFigure => figure in BREAKDOWNS;

type VenueFigures = {
  today: { date: string; current: SalesTotals; previous: SalesTotals };
  week: { from: string; to: string; current: SalesTotals; previous: SalesTotals };
  totals: SalesTotals;
  previous: SalesTotals;
  daily: Map<string, DailyFigures>;
  breakdowns: Record<BreakdownFigure, Map<string, BreakdownRow>>;
  occupancy: OccupancyCell[];
};

async function venueFigures(db: Database, venue: Site, range: Range, lang: string, now: Date): Promise<VenueFigures> {
  const previous = previousRange(range);
  const today = todayIn(venue.timeZone, now);
  const week = { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
  const lastWeek = { from: addDays(week.from, -7), to: addDays(week.from, -1) };
  const spans = mergeRanges([
    { from: previous.from, to: range.to },
    { from: lastWeek.from, to: week.to },
  ]);
  const [read, occupancy] = await Promise.all([
    Promise.all(spans.map((span) => figuresOfDays(db, venue, span.from, span.to))),
    slotOccupancy(db, venue.id, venue.timeZone, range),
  ]);
  const figures = read.flat();

  const daily = new Map<string, DailyFigures>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1))
    daily.set(day, { date: day, amount: 0, orders: 0, tickets: 0, refunded_amount: 0 });
  const raw = Object.fromEntries(Object.keys(BREAKDOWNS).map((f) => [f, new Map<string, BreakdownRow>()])) as Record<
    BreakdownFigure,
    Map<string, BreakdownRow>
  >;
  for (const f of figures) {
    if (f.day < range.from || f.day > range.to) continue;
    const day = daily.get(f.day);
    if (day && f.figure === 'sales') {
      day.amount += f.amount;
      day.orders += f.orders;
      day.tickets += f.quantity;
    } else if (day && f.figure === 'refund') day.refunded_amount += f.amount;
    if (!isBreakdown(f.figure)) continue;
    const rows = raw[f.figure];
    const row = rows.get(f.key) ?? { key: f.key, label: f.key, orders: 0, quantity: 0, amount: 0 };
    row.orders += f.orders;
    row.quantity += f.quantity;
    row.amount += f.amount;
    rows.set(f.key, row);
  }

  const ids = (figure: BreakdownFigure) => [...raw[figure].keys()].map(Number).filter(Number.isInteger);
  const [labels, coupons] = await Promise.all([
    figureLabels(db, venue.id, lang, {
      productIds: ids('product'),
      optionIds: ids('option'),
      setProductIds: ids('set_product'),
      methods: [...raw.payment_method.keys()].filter((m) => m !== ''),
    }),
    couponNames(db, venue.id, [...raw.coupon.keys()]),
  ]);
  const name = (figure: BreakdownFigure, key: string): string => {
    switch (figure) {
      case 'product':
        return labels.products.get(Number(key)) ?? key;
      case 'option':
        return labels.options.get(Number(key)) ?? key;
      case 'set_product':
        return labels.setProducts.get(Number(key)) ?? key;
      case 'payment_method':
        return labels.methods.get(key) ?? key;
      case 'coupon': {
        const couponName = coupons.get(key);
        return couponName ? localize(couponName, lang) || key : key;
      }
      default:
        // Channels travel as keys ('web', 'spot'): the console names the ones it knows.
        return key;
    }
  };
  for (const figure of Object.keys(raw) as BreakdownFigure[])
    for (const row of raw[figure].values()) row.label = name(figure, row.key);

  return {
    today: {
      date: today,
      current: totalsOf(figures, { from: today, to: today }),
      previous: totalsOf(figures, { from: addDays(today, -1), to: addDays(today, -1) }),
    },
    week: { ...week, current: totalsOf(figures, week), previous: totalsOf(figures, lastWeek) },
    totals: totalsOf(figures, range),
    previous: totalsOf(figures, previous),
    daily,
    breakdowns: raw,
    occupancy,
  };
}

function addTotals(into: SalesTotals, more: SalesTotals): void {
  for (const key of Object.keys(into) as (keyof SalesTotals)[]) into[key] += more[key];
}

const byAmount = (a: BreakdownRow, b: BreakdownRow) => b.amount - a.amount || b.quantity - a.quantity || (a.key < b.key ? -1 : 1);

/**
 * The dashboard of `venues` (at least one; the first gives the time zone, currency and today's
 * date named in the answer, each venue's figures are counted by its own calendar) for a range.
 */
export async function readDashboard(
  db: Database,
  venues: readonly Site[],
  query: ReportRangeQuery,
  lang: string,
  now: Date = clock.now(),
): Promise<Dashboard> {
  const [first] = venues;
  if (!first) throw new Error('a dashboard needs a venue');
  const range = { from: query.from, to: query.to };
  const each = await Promise.all(venues.map((venue) => venueFigures(db, venue, range, lang, now)));
  const [head] = each as [VenueFigures, ...VenueFigures[]];

  const today = { date: head.today.date, current: emptyTotals(), previous: emptyTotals() };
  const week = { from: head.week.from, to: head.week.to, current: emptyTotals(), previous: emptyTotals() };
  const totals = emptyTotals();
  const previousTotals = emptyTotals();
  const daily = new Map<string, DailyFigures>();
  const breakdowns = Object.fromEntries(Object.keys(BREAKDOWNS).map((f) => [f, new Map<string, BreakdownRow>()])) as Record<
    BreakdownFigure,
    Map<string, BreakdownRow>
  >;
  const occupancy = new Map<string, OccupancyCell>();
  for (const venue of each) {
    addTotals(today.current, venue.today.current);
    addTotals(today.previous, venue.today.previous);
    addTotals(week.current, venue.week.current);
    addTotals(week.previous, venue.week.previous);
    addTotals(totals, venue.totals);
    addTotals(previousTotals, venue.previous);
    for (const [date, day] of venue.daily) {
      const into = daily.get(date) ?? { date, amount: 0, orders: 0, tickets: 0, refunded_amount: 0 };
      into.amount += day.amount;
      into.orders += day.orders;
      into.tickets += day.tickets;
      into.refunded_amount += day.refunded_amount;
      daily.set(date, into);
    }
    for (const figure of Object.keys(BREAKDOWNS) as BreakdownFigure[]) {
      for (const row of venue.breakdowns[figure].values()) {
        const into = breakdowns[figure].get(row.key);
        if (!into) breakdowns[figure].set(row.key, { ...row });
        else {
          into.orders += row.orders;
          into.quantity += row.quantity;
          into.amount += row.amount;
        }
      }
    }
    for (const cell of venue.occupancy) {
      const key = `${cell.date} ${cell.hour}`;
      const into = occupancy.get(key);
      if (!into) occupancy.set(key, { ...cell });
      else {
        into.capacity += cell.capacity;
        into.sold += cell.sold;
      }
    }
  }
  const listed = (figure: BreakdownFigure) => [...breakdowns[figure].values()].sort(byAmount);
  return {
    venues: venues.map((v) => v.code),
    time_zone: first.timeZone,
    currency: first.currency,
    today,
    week,
    range,
    previous_range: previousRange(range),
    totals,
    previous_totals: previousTotals,
    daily: [...daily.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
    products: listed('product'),
    options: listed('option'),
    set_products: listed('set_product'),
    channels: listed('channel'),
    payment_methods: listed('payment_method'),
    coupons: listed('coupon'),
    occupancy: [...occupancy.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.hour - b.hour)),
    generated_at: now.toISOString(),
  };
}
