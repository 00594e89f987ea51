/**
 * Contracts of the console's calendar: a venue's slots over a range of days with their stock,
 * prices and the days' colours, and one change made to many slots (or days) at once. The rules of
 * a selection live here so that the console's side panel and the server refuse the same input.
 */
import { z } from 'zod';
import { Id, InputText, MAX_INT4, PositiveId } from '../api/common.ts';
import { daysBetween } from '../dates.ts';
import { FilterDate } from './date-filters.ts';

/** The widest range the calendar reads at once: two months and a few days either side. */
export const MAX_CALENDAR_READ_DAYS = 62;
/** The widest range one change may select: a year. */
export const MAX_CALENDAR_CHANGE_DAYS = 366;
/** The most slots a change may name one by one. */
export const MAX_CHANGE_SLOT_IDS = 10_000;
/** The most refused slots an answer lists; the count says how many there were in all. */
export const MAX_LISTED_REFUSALS = 200;

/** A colour of the shop's calendar, as `#rrggbb`. */
export const COLOR_CODE_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A venue-local wall-clock time, `HH:mm`. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const TimeOfDay = InputText.regex(TIME_OF_DAY_PATTERN, { error: 'must be a time written HH:mm' });
const Count = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_INT4, { error: 'is too large' });

function rangeProblem(from: string, to: string, maxDays: number): string | null {
  const days = daysBetween(from, to);
  if (days < 0) return 'must not be before from';
  if (days >= maxDays) return `must be less than ${maxDays} days after from`;
  return null;
}

// ---- reading ----

export const CalendarQuery = z.object({ from: FilterDate, to: FilterDate, product_id: Id.optional() }).superRefine((q, ctx) => {
  const problem = rangeProblem(q.from, q.to, MAX_CALENDAR_READ_DAYS);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

const Localized = z.record(z.string(), z.string());

export const CalendarOption = z.object({
  id: z.number().int(),
  name: Localized,
  type: z.enum(['admission', 'addon']),
  /** The option's own price; a slot's `prices` replace it at that slot. */
  price: z.number().int(),
});

export const CalendarProduct = z.object({
  id: z.number().int(),
  name: Localized,
  type: z.enum(['period', 'date', 'time']),
  archived: z.boolean(),
  options: z.array(CalendarOption),
});
export type CalendarProduct = z.infer<typeof CalendarProduct>;

export const CalendarSlot = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  /** The venue-local date and wall-clock times of the slot. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number().int(),
  sold: z.number().int(),
  /** Places under live holds (visitors mid-purchase). */
  held: z.number().int(),
  on_sale: z.boolean(),
  is_past: z.boolean(),
  /** This slot's own prices, over its options' prices. */
  prices: z.array(z.object({ option_id: z.number().int(), price: z.number().int() })),
});
export type CalendarSlot = z.infer<typeof CalendarSlot>;

export const CalendarView = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  products: z.array(CalendarProduct),
  slots: z.array(CalendarSlot),
  colors: z.array(z.object({ date: z.string(), color_code: z.string() })),
});
export type CalendarView = z.infer<typeof CalendarView>;

// ---- changing ----

/**
 * Which slots a change is for: the slots named one by one, or those of a date range, narrowed
 * by weekdays (0 Sunday … 6 Saturday), by the time of day they start (from inclusive, to
 * exclusive) and by products. A colour change is for the days of the selected slots (with a date
 * range: its days of the chosen weekdays, whether or not they have slots).
 */
export const CalendarSelection = z.object({
  slot_ids: z
    .array(PositiveId)
    .min(1, { error: 'must name at least one slot' })
    .max(MAX_CHANGE_SLOT_IDS, { error: `must name at most ${MAX_CHANGE_SLOT_IDS} slots` })
    .optional(),
  from: FilterDate.optional(),
  to: FilterDate.optional(),
  weekdays: z
    .array(z.number({ error: 'must list weekdays 0–6' }).int().min(0).max(6, { error: 'must list weekdays 0–6' }))
    .min(1, { error: 'must list at least one weekday' })
    .max(7)
    .optional(),
  time_from: TimeOfDay.optional(),
  time_to: TimeOfDay.optional(),
  product_ids: z.array(PositiveId).min(1, { error: 'must list at least one product' }).max(100).optional(),
});
export type CalendarSelection = z.infer<typeof CalendarSelection>;

export const CalendarChange = z.discriminatedUnion(
  'kind',
  [
    /** The slots' capacity, absolute; refused for a slot where it is below sold plus live holds. */
    z.object({ kind: z.literal('capacity'), capacity: Count }),
    /** Opens or closes the slots' sale. */
    z.object({ kind: z.literal('sale'), on_sale: z.boolean({ error: 'must be true or false' }) }),
    /** A slot's price of an option; null clears it back to the option's price. */
    z.object({
      kind: z.literal('slot_prices'),
      prices: z
        .array(z.object({ option_id: PositiveId, price: Count.nullable() }))
        .min(1, { error: 'must set at least one option' })
        .max(50)
        .refine((list) => new Set(list.map((p) => p.option_id)).size === list.length, { error: 'lists an option twice' }),
    }),
    /** The shop calendar's colour of the selected days; null removes it. */
    z.object({
      kind: z.literal('calendar_colors'),
      color_code: InputText.regex(COLOR_CODE_PATTERN, { error: 'must be a colour written #rrggbb' }).nullable(),
    }),
  ],
  { error: 'must have kind capacity, sale, slot_prices or calendar_colors' },
);
export type CalendarChange = z.infer<typeof CalendarChange>;

/**
 * How the parts of a selection go together: slot ids alone, or a range (no wider than a change
 * may select) with its narrowing. Checked once the whole body is well formed, so a malformed
 * field is always the one named.
 */
export function checkSelection(s: CalendarSelection, ctx: z.RefinementCtx, maxDays = MAX_CALENDAR_CHANGE_DAYS) {
  const at = (key: string) => ['selection', key];
  if (s.slot_ids) {
    for (const key of ['from', 'to', 'weekdays', 'time_from', 'time_to', 'product_ids'] as const) {
      if (s[key] !== undefined) ctx.addIssue({ code: 'custom', path: at(key), message: 'must not be given with slot_ids' });
    }
    return;
  }
  if (s.from === undefined) ctx.addIssue({ code: 'custom', path: at('from'), message: 'is required without slot_ids' });
  if (s.to === undefined) ctx.addIssue({ code: 'custom', path: at('to'), message: 'is required without slot_ids' });
  if (s.from !== undefined && s.to !== undefined) {
    const problem = rangeProblem(s.from, s.to, maxDays);
    if (problem) ctx.addIssue({ code: 'custom', path: at('to'), message: problem });
  }
  if (s.time_from !== undefined && s.time_to !== undefined && s.time_to <= s.time_from)
    ctx.addIssue({ code: 'custom', path: at('time_to'), message: 'must be after time_from' });
}

export const CalendarChangeBody = z
  .object({ selection: CalendarSelection, change: CalendarChange })
  .superRefine((body, ctx) => checkSelection(body.selection, ctx));
export type CalendarChangeBody = z.infer<typeof CalendarChangeBody>;

/** Why a slot was left as it was: over already, sold and held above the new capacity, or none of the options is its product's. */
export const REFUSAL_CODES = ['slot_over', 'below_sold_and_held', 'no_such_option'] as const;

export const CalendarRefusal = z.object({
  slot_id: z.number().int(),
  product_id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  code: z.enum(REFUSAL_CODES),
  /** In English, for API clients; the console shows its own text for the code. */
  reason: z.string(),
  sold: z.number().int(),
  held: z.number().int(),
});
export type CalendarRefusal = z.infer<typeof CalendarRefusal>;

export const CalendarChangeResult = z.object({
  /** Slots selected (for a colour change: days). */
  selected: z.number().int(),
  /** Slots changed (for a colour change: days). */
  changed: z.number().int(),
  unit: z.enum(['slots', 'days']),
  refused_count: z.number().int(),
  /** Refused slots with the reason, the first `MAX_LISTED_REFUSALS` of them. */
  refused: z.array(CalendarRefusal),
  /** Slots closed with tickets sold: their orders stand until cancelled from Orders. */
  with_tickets: z.array(CalendarRefusal.omit({ reason: true, code: true }).extend({ notice: z.string() })),
});
export type CalendarChangeResult = z.infer<typeof CalendarChangeResult>;
