/**
 * Contracts of the console's slot series: a rule that makes a product's time slots for a span of
 * days (weekdays, opening hours cut into slots or a list of start times, closures, exceptions),
 * its preview, what applying it did, and a venue's list of series. The checks that need no
 * database live here, so the console's form and the server refuse the same rules.
 */
import { z } from 'zod';
import { InputText, IsoDate, PositiveId } from '../api/common.ts';
import { daysBetween } from '../dates.ts';

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The longest span one series covers: two years, leap day included. */
export const MAX_SERIES_DAYS = 731;
/** The most slots one series makes (pretix's cap on a bulk creation). */
export const MAX_SERIES_SLOTS = 100_000;
export const MAX_SERIES_PRODUCTS = 20;
export const MAX_SLOT_MINUTES = 24 * 60;
export const MIN_SLOT_MINUTES = 5;
export const MAX_STARTS_PER_DAY = 288;
export const MAX_LISTED_DATES = 366;
export const MAX_SLOT_CAPACITY = 100_000;
/** The most slots a preview lists one by one (those of the month asked for). */
export const MAX_PREVIEW_DETAILS = 2_000;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A venue-local time of day, `HH:MM` (00:00–23:59). */
export const TimeOfDay = InputText.regex(TIME_PATTERN, { error: 'must be a time of day written HH:MM' });

/** Minutes since midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** `HH:MM` of minutes since midnight. */
export function timeOfMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Opening hours cut into slots, or a list of start times; each slot lasts the series' slot length. */
export const SlotTimes = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('hours'), opens_at: TimeOfDay, closes_at: TimeOfDay }),
    z.object({
      kind: z.literal('start_times'),
      start_times: z
        .array(TimeOfDay)
        .min(1, { error: 'must list at least one start time' })
        .max(MAX_STARTS_PER_DAY, { error: `must list at most ${MAX_STARTS_PER_DAY} start times` }),
    }),
  ],
  { error: 'must be opening hours (kind "hours") or start times (kind "start_times")' },
);
export type SlotTimes = z.infer<typeof SlotTimes>;

/** Why these times cannot be cut into slots of `slotMinutes`, with the field at fault; null when they can. */
export function slotTimesProblem(
  times: SlotTimes,
  slotMinutes: number,
): { field: 'closes_at' | 'start_times' | 'slot_minutes'; message: string } | null {
  if (times.kind === 'hours') {
    const from = minutesOf(times.opens_at);
    const to = minutesOf(times.closes_at);
    if (to <= from) return { field: 'closes_at', message: 'must be after opens_at' };
    if ((to - from) % slotMinutes !== 0)
      return { field: 'slot_minutes', message: `must divide the opening hours (${to - from} minutes) into whole slots` };
    return null;
  }
  const starts = times.start_times.map(minutesOf).sort((a, b) => a - b);
  for (let i = 1; i < starts.length; i++) {
    if ((starts[i] ?? 0) - (starts[i - 1] ?? 0) < slotMinutes)
      return { field: 'start_times', message: 'must be at least one slot length apart, so that slots do not overlap' };
  }
  return null;
}

/** The start minutes (since venue-local midnight) of a day's slots. */
export function startMinutesOf(times: SlotTimes, slotMinutes: number): number[] {
  if (times.kind === 'start_times') return [...new Set(times.start_times.map(minutesOf))].sort((a, b) => a - b);
  const starts: number[] = [];
  for (let at = minutesOf(times.opens_at); at + slotMinutes <= minutesOf(times.closes_at); at += slotMinutes) starts.push(at);
  return starts;
}

const DateList = z
  .array(IsoDate)
  .max(MAX_LISTED_DATES, { error: `must list at most ${MAX_LISTED_DATES} dates` })
  .default([]);

/** A day with hours of its own: other hours on an open weekday, or an extra open day on a closed one. */
export const SlotSeriesException = z.object({ date: IsoDate, times: SlotTimes });
export type SlotSeriesException = z.infer<typeof SlotSeriesException>;

export const SlotSeriesRule = z
  .object({
    /** The venue's products the slots are for (not archived). */
    product_ids: z
      .array(PositiveId)
      .min(1, { error: 'must list at least one product' })
      .max(MAX_SERIES_PRODUCTS, { error: `must list at most ${MAX_SERIES_PRODUCTS} products` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not list a product twice' }),
    /** ISO weekdays the venue is open: 1 Monday … 7 Sunday. */
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: 'must be weekdays 1 (Monday) to 7 (Sunday)' })
      .max(7, { error: 'must list each weekday at most once' })
      .refine((days) => new Set(days).size === days.length, { error: 'must list each weekday at most once' }),
    times: SlotTimes,
    slot_minutes: z
      .number({ error: 'must be a number of minutes' })
      .int({ error: 'must be a whole number of minutes' })
      .min(MIN_SLOT_MINUTES, { error: `must be at least ${MIN_SLOT_MINUTES} minutes` })
      .max(MAX_SLOT_MINUTES, { error: `must be at most ${MAX_SLOT_MINUTES} minutes` }),
    /** The first and last venue-local day of the series. */
    valid_from: IsoDate,
    valid_to: IsoDate,
    /** Days the venue is closed (works, a private event). */
    closed_dates: DateList,
    /** Public holidays the venue is closed on. */
    holiday_dates: DateList,
    exceptions: z
      .array(SlotSeriesException)
      .max(MAX_LISTED_DATES, { error: `must list at most ${MAX_LISTED_DATES} exceptions` })
      .default([]),
    /** Places in each slot. */
    capacity: z
      .number({ error: 'must be a number of places' })
      .int({ error: 'must be a whole number of places' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_SLOT_CAPACITY, { error: `must be at most ${MAX_SLOT_CAPACITY}` }),
  })
  .superRefine((rule, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const span = daysBetween(rule.valid_from, rule.valid_to);
    if (span < 0) issue(['valid_to'], 'must not be before valid_from');
    else if (span + 1 > MAX_SERIES_DAYS) issue(['valid_to'], `must be at most ${MAX_SERIES_DAYS} days after valid_from`);
    const timesProblem = slotTimesProblem(rule.times, rule.slot_minutes);
    if (timesProblem) {
      issue(timesProblem.field === 'slot_minutes' ? ['slot_minutes'] : ['times', timesProblem.field], timesProblem.message);
    }
    const inSpan = (date: string) => date >= rule.valid_from && date <= rule.valid_to;
    const closed = new Set([...rule.closed_dates, ...rule.holiday_dates]);
    const seen = new Set<string>();
    rule.exceptions.forEach((exception, index) => {
      if (!inSpan(exception.date)) issue(['exceptions', index, 'date'], 'must be between valid_from and valid_to');
      else if (closed.has(exception.date)) issue(['exceptions', index, 'date'], 'is also a closed day');
      else if (seen.has(exception.date)) issue(['exceptions', index, 'date'], 'is listed twice');
      seen.add(exception.date);
      const problem = slotTimesProblem(exception.times, rule.slot_minutes);
      if (problem) {
        issue(
          problem.field === 'slot_minutes' ? ['exceptions', index, 'times'] : ['exceptions', index, 'times', problem.field],
          problem.field === 'slot_minutes' ? `must be whole slots of slot_minutes (${problem.message})` : problem.message,
        );
      }
    });
    if (rule.weekdays.length === 0 && rule.exceptions.length === 0)
      issue(['weekdays'], 'must list at least one weekday, unless exceptions name open days');
  });
export type SlotSeriesRule = z.infer<typeof SlotSeriesRule>;
export type SlotSeriesRuleInput = z.input<typeof SlotSeriesRule>;

/** A preview: the rule, and optionally the month (`yyyy-MM`) whose slots to list one by one. */
export const SlotSeriesPreviewBody = z.object({
  rule: SlotSeriesRule,
  month: InputText.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month written yyyy-MM' }).optional(),
});
export type SlotSeriesPreviewBody = z.infer<typeof SlotSeriesPreviewBody>;

export const SLOT_STATUSES = ['new', 'existing', 'overlap'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** One day of a preview: slots to make, slots already there (same product and start), slots refused as overlapping. */
export const SlotSeriesDay = z.object({
  date: z.string(),
  new: z.number().int(),
  existing: z.number().int(),
  overlap: z.number().int(),
  /** Set on a day the rule closes although its weekday is open. */
  closed: z.enum(['closure', 'holiday']).optional(),
});
export type SlotSeriesDay = z.infer<typeof SlotSeriesDay>;

export const SlotSeriesCounts = z.object({
  new: z.number().int(),
  existing: z.number().int(),
  overlap: z.number().int(),
});
export type SlotSeriesCounts = z.infer<typeof SlotSeriesCounts>;

export const PreviewSlot = z.object({
  date: z.string(),
  product_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(SLOT_STATUSES),
});
export type PreviewSlot = z.infer<typeof PreviewSlot>;

export const SlotSeriesPreview = z.object({
  /** Days in the span with slots wanted, or closed by the rule; in date order. */
  days: z.array(SlotSeriesDay),
  totals: SlotSeriesCounts,
  /** The slots of the month asked for (at most MAX_PREVIEW_DETAILS), or null when none was asked. */
  month: z.object({ month: z.string(), slots: z.array(PreviewSlot), truncated: z.boolean() }).nullable(),
});
export type SlotSeriesPreview = z.infer<typeof SlotSeriesPreview>;

/** A series as the venue's list shows it, with its slots as they are now. */
export const SlotSeriesSummary = z.object({
  id: z.number().int(),
  rule: SlotSeriesRule,
  created_at: z.string(),
  /** Slots the series made that still exist. */
  slots: z.number().int(),
  /** Of them, those still to come. */
  future_slots: z.number().int(),
  /** Of those to come, those with places sold or held: deleting the series keeps them. */
  future_slots_kept: z.number().int(),
});
export type SlotSeriesSummary = z.infer<typeof SlotSeriesSummary>;

/** A product a series may be for: the venue's products that are not archived. */
export const SlotSeriesProduct = z.object({ id: z.number().int(), key: z.string(), name: z.record(z.string(), z.string()) });
export type SlotSeriesProduct = z.infer<typeof SlotSeriesProduct>;

export const SlotSeriesList = z.object({
  series: z.array(SlotSeriesSummary),
  /** What a new series may be for. */
  products: z.array(SlotSeriesProduct),
  /** The venue's time zone, in which a rule's dates and times are read. */
  time_zone: z.string(),
});
export type SlotSeriesList = z.infer<typeof SlotSeriesList>;

/** What applying a rule did: slots made, and slots skipped as already there or overlapping. */
export const SlotSeriesApplied = z.object({
  id: z.number().int(),
  created: z.number().int(),
  existing: z.number().int(),
  overlap: z.number().int(),
});
export type SlotSeriesApplied = z.infer<typeof SlotSeriesApplied>;

/** What deleting a series did: future slots removed, and those kept because places are sold or held. */
export const SlotSeriesDeleted = z.object({ deleted: z.number().int(), kept: z.number().int() });
export type SlotSeriesDeleted = z.infer<typeof SlotSeriesDeleted>;
