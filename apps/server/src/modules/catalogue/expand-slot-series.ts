/**
 * A slot series' days and start times, before any time zone: which venue-local dates the rule
 * opens (rrule's weekly recurrence, less closures, plus the exceptions' extra days) and the start
 * minutes of each. Turning a date and a minute into an instant is left to the database, which
 * knows the venue's zone and its daylight-saving changes (`apply-slot-series.ts`).
 */
import { type SlotSeriesRule, startMinutesOf } from '@storefront/domain/console/slot-series';
import rrulePackage from 'rrule';

// rrule ships CommonJS to Node: its classes come through the default export.
const { RRule, RRuleSet } = rrulePackage;

/** rrule's weekdays by ISO number (1 Monday … 7 Sunday). */
const RRULE_WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** The days as parallel arrays, ready for `unnest`: regular days share `starts`; exception days carry their own. */
export type ExpandedSeries = {
  /** Days with the rule's own times. */
  days: string[];
  /** Their start minutes since venue-local midnight. */
  starts: number[];
  /** One entry per (exception day, start minute). */
  exceptionDays: string[];
  exceptionStarts: number[];
  /** Days of an open weekday that the rule closes, and why. */
  closed: Map<string, 'closure' | 'holiday'>;
  /** Slots per product. */
  slotCount: number;
};

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

export function expandSlotSeries(rule: SlotSeriesRule): ExpandedSeries {
  const set = new RRuleSet();
  // rrule counts in UTC; a venue-local date is kept as that date's UTC midnight, so no zone enters here.
  if (rule.weekdays.length > 0) {
    set.rrule(
      new RRule({
        freq: RRule.DAILY,
        byweekday: rule.weekdays.map((day) => RRULE_WEEKDAYS[day - 1] ?? RRule.MO),
        dtstart: utcMidnight(rule.valid_from),
        until: utcMidnight(rule.valid_to),
      }),
    );
  }
  const exceptions = new Map(rule.exceptions.map((exception) => [exception.date, exception.times]));
  for (const date of exceptions.keys()) set.rdate(utcMidnight(date));
  for (const date of [...rule.closed_dates, ...rule.holiday_dates]) set.exdate(utcMidnight(date));

  const starts = startMinutesOf(rule.times, rule.slot_minutes);
  const days: string[] = [];
  const exceptionDays: string[] = [];
  const exceptionStarts: number[] = [];
  for (const instant of set.all()) {
    const date = dateOf(instant);
    const own = exceptions.get(date);
    if (!own) {
      days.push(date);
      continue;
    }
    for (const minute of startMinutesOf(own, rule.slot_minutes)) {
      exceptionDays.push(date);
      exceptionStarts.push(minute);
    }
  }

  // A closure on a day the weekdays would open is shown as closed; one on a closed weekday is moot.
  const closed = new Map<string, 'closure' | 'holiday'>();
  const openWeekday = new Set(rule.weekdays);
  const isoWeekday = (date: string) => ((utcMidnight(date).getUTCDay() + 6) % 7) + 1;
  for (const [dates, why] of [
    [rule.holiday_dates, 'holiday'],
    [rule.closed_dates, 'closure'],
  ] as const) {
    for (const date of dates) {
      if (date >= rule.valid_from && date <= rule.valid_to && openWeekday.has(isoWeekday(date))) closed.set(date, why);
    }
  }
  return {
    days,
    starts,
    exceptionDays,
    exceptionStarts,
    closed,
    slotCount: days.length * starts.length + exceptionStarts.length,
  };
}
