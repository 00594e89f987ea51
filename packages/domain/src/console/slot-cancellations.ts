/**
 * Contracts of calling off slots or a day (`/console/api/v1/venues/:venue/slot-cancellations`):
 * staff choose slots as the calendar does, see the orders and the money, confirm, and a durable job
 * cancels every order's admissions, refunds each through the provider that took the money and mails
 * each visitor in their language (decision 018). `orders:refund` to preview and start one,
 * `orders:read` to follow its progress.
 */
import { z } from 'zod';
import { InputText } from '../api/common.ts';
import { CalendarSelection, checkSelection } from './calendar.ts';
import { Reason } from './order-refunds.ts';

/** A cancellation's days at most: a closure, not a season. */
export const MAX_CANCELLATION_DAYS = 31;
export const MAX_MESSAGE_LENGTH = 1000;
/** Slots, failed refunds and failed orders listed in one answer at most (the counts are whole). */
export const MAX_LISTED = 200;

const Message = InputText.pipe(z.string().max(MAX_MESSAGE_LENGTH, { error: `must be at most ${MAX_MESSAGE_LENGTH} characters` }));

export const SlotCancellationPreviewBody = z
  .object({ selection: CalendarSelection })
  .superRefine((body, ctx) => checkSelection(body.selection, ctx, MAX_CANCELLATION_DAYS));
export type SlotCancellationPreviewBody = z.infer<typeof SlotCancellationPreviewBody>;

export const SlotCancellationBody = z
  .object({
    selection: CalendarSelection,
    /** Kept in the audit log and on every refund. */
    reason: Reason,
    /** The venue's words to its visitors, put into every mail as written; none when empty. */
    message: Message.optional(),
  })
  .superRefine((body, ctx) => checkSelection(body.selection, ctx, MAX_CANCELLATION_DAYS));
export type SlotCancellationBody = z.infer<typeof SlotCancellationBody>;

export const CancelledSlot = z.object({
  slot_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.record(z.string(), z.string()),
  date: z.string(),
  start_time: z.string(),
  /** Orders with an admission still valid, those admissions, and what is left to refund of them. */
  orders: z.number().int(),
  admissions: z.number().int(),
  refundable: z.number().int(),
});
export type CancelledSlot = z.infer<typeof CancelledSlot>;

export const SlotCancellationPreview = z.object({
  currency: z.string(),
  /** The selected slots not over yet, the first MAX_LISTED by time. */
  slots: z.array(CancelledSlot),
  slot_count: z.number().int(),
  /** Selected slots already over: left as they are. */
  over_count: z.number().int(),
  orders: z.number().int(),
  admissions: z.number().int(),
  /** At most what the job refunds: paid and not yet refunded on those orders. */
  refundable: z.number().int(),
});
export type SlotCancellationPreview = z.infer<typeof SlotCancellationPreview>;

const Totals = z.object({ count: z.number().int(), amount: z.number().int() });

export const JOB_STATUSES = ['running', 'done'] as const;

export const SlotCancellationSummary = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  requested_by: z.string(),
  reason: z.string(),
  slot_count: z.number().int(),
  /** The first and last visit dates of its slots. */
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  orders: z.object({
    total: z.number().int(),
    done: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  }),
});
export type SlotCancellationSummary = z.infer<typeof SlotCancellationSummary>;

export const SlotCancellationList = z.object({ jobs: z.array(SlotCancellationSummary) });
export type SlotCancellationList = z.infer<typeof SlotCancellationList>;

export const SlotCancellationProgress = SlotCancellationSummary.extend({
  message: z.string().nullable(),
  currency: z.string(),
  slots: z.array(CancelledSlot.omit({ orders: true, admissions: true, refundable: true })),
  /** The refunds the job wrote, by how the provider answered (pending: not answered yet). */
  refunds: z.object({ succeeded: Totals, pending: Totals, failed: Totals }),
  admissions_cancelled: z.number().int(),
  mails: z.number().int(),
  /** Orders done per second so far; null until two are done. */
  orders_per_second: z.number().nullable(),
  /** Refunds a provider refused, to follow up from the order (retry or refund by hand). */
  failed_refunds: z.array(
    z.object({
      refund_id: z.string(),
      order_id: z.string(),
      reservation_number: z.string().nullable(),
      amount: z.number().int(),
      failure_reason: z.string().nullable(),
    }),
  ),
  /** Orders the job gave up on after repeated errors: their admissions stand. */
  failed_orders: z.array(
    z.object({ order_id: z.string(), reservation_number: z.string().nullable(), error: z.string().nullable() }),
  ),
});
export type SlotCancellationProgress = z.infer<typeof SlotCancellationProgress>;
