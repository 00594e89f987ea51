/** What the new series form holds (text as typed), the contract's rule made of it, and the console's text for each of its issues. */
import { SlotSeriesRule as RuleContract, type SlotSeriesRuleInput } from '@storefront/domain/console/slot-series';
import { z } from 'zod';

const DateRow = z.object({ date: z.string() });

/** Times as the form holds them: both kinds' inputs, the kind choosing which count. */
const TimesInput = z.object({
  kind: z.enum(['hours', 'start_times']),
  opens_at: z.string(),
  closes_at: z.string(),
  start_times: z.string(),
});
type TimesInput = z.infer<typeof TimesInput>;

const ExceptionRow = z.object({ date: z.string(), times: TimesInput });

function timesOf(times: TimesInput): SlotSeriesRuleInput['times'] {
  return times.kind === 'hours'
    ? { kind: 'hours' as const, opens_at: times.opens_at, closes_at: times.closes_at }
    : { kind: 'start_times' as const, start_times: times.start_times.split(/[\s,、]+/).filter(Boolean) };
}

/** What the form holds (text as typed); the transform makes the contract's rule of it. */
export const SeriesForm = z
  .object({
    product_ids: z.array(z.string()),
    weekdays: z.array(z.string()),
    times: TimesInput,
    slot_minutes: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    closed_dates: z.array(DateRow),
    holiday_dates: z.array(DateRow),
    // Every row is sent, a blank one too, so that an issue's `exceptions.<n>` is the row shown n-th.
    exceptions: z.array(ExceptionRow),
    capacity: z.string(),
  })
  .transform(
    (values): SlotSeriesRuleInput => ({
      product_ids: values.product_ids.map(Number),
      weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
      times: timesOf(values.times),
      slot_minutes: Number(values.slot_minutes),
      valid_from: values.valid_from,
      valid_to: values.valid_to,
      closed_dates: values.closed_dates.map((row) => row.date).filter(Boolean),
      holiday_dates: values.holiday_dates.map((row) => row.date).filter(Boolean),
      exceptions: values.exceptions.map((row) => ({ date: row.date, times: timesOf(row.times) })),
      capacity: Number(values.capacity),
    }),
  )
  .pipe(RuleContract);
export type SeriesFormValues = z.input<typeof SeriesForm>;

export const MESSAGES: Record<string, string> = {
  'times.opens_at': 'slotSeries.timeRule',
  'times.closes_at': 'slotSeries.toAfterFrom',
  'times.start_times': 'slotSeries.startTimesRule',
  slot_minutes: 'slotSeries.slotMinutesRule',
  valid_to: 'slotSeries.validToRule',
  weekdays: 'slotSeries.weekdaysRule',
  'exceptions.*.date': 'slotSeries.exceptionDateRule',
  'exceptions.*.times': 'slotSeries.exceptionSlotsRule',
  'exceptions.*.times.opens_at': 'slotSeries.timeRule',
  'exceptions.*.times.closes_at': 'slotSeries.toAfterFrom',
  'exceptions.*.times.start_times': 'slotSeries.startTimesRule',
};
