/**
 * Contracts of the console's cancellations and refunds of an order
 * (`/console/api/v1/venues/:venue/orders/:order/cancellation`, `…/refunds`, `…/date-change`):
 * `orders:refund` to cancel admissions and move money, `orders:write` to change the date, and
 * `orders:read` to see what a cancellation would give back. Decision 017 holds the refund rule.
 */

import { z } from 'zod';
import { InputText, MAX_INT4, PositiveId, Uuid } from '../api/common.ts';
import { PAYMENT_PROVIDERS } from '../constants.ts';

export const MAX_REASON_LENGTH = 500;
export const MAX_CANCELLED_AT_ONCE = 200;

export const REFUND_MODES = ['provider', 'outside', 'none'] as const;
export type RefundMode = (typeof REFUND_MODES)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const Reason = InputText.pipe(
  z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(MAX_REASON_LENGTH, { error: `must be at most ${MAX_REASON_LENGTH} characters` }),
);

/** `?tickets=<id>,<id>`: the admissions to preview; none named means every admission still standing. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const CancellationQuery = z.object({
  tickets: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.split(',').every((id) => UUID_PATTERN.test(id.trim())), {
      error: 'must be admission ids (UUIDs) separated by commas',
    })
    .refine((value) => value === undefined || value.split(',').length <= MAX_CANCELLED_AT_ONCE, {
      error: `must name at most ${MAX_CANCELLED_AT_ONCE} admissions`,
    })
    .transform((value) => (value ? value.split(',').map((id) => id.trim().toLowerCase()) : undefined)),
});

/** One admission of the order, as the cancel dialog lists it. */
export const CancellableAdmission = z.object({
  id: z.string(),
  position: z.number().int(),
  option_name: z.record(z.string(), z.string()),
  status: z.enum(['valid', 'used', 'cancelled']),
  /** Only an admission still `valid` can be cancelled: one used at the gate or already cancelled cannot. */
  cancellable: z.boolean(),
  /** Its share of the order's total by the refund rule (decision 017). */
  share: z.number().int(),
});
export type CancellableAdmission = z.infer<typeof CancellableAdmission>;

/** A kept payment money can go back through, and how much of it is still unrefunded. */
export const RefundablePayment = z.object({
  payment_number: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  method: z.string(),
  amount: z.number().int(),
  refundable: z.number().int(),
});
export type RefundablePayment = z.infer<typeof RefundablePayment>;

export const CancellationPreview = z.object({
  order_id: z.string(),
  reservation_number: z.string().nullable(),
  currency: z.string(),
  total: z.number().int(),
  admissions: z.array(CancellableAdmission),
  /** The admissions this cancellation would cancel. */
  chosen: z.array(z.string()),
  /** Whether no admission would stand afterwards (set products are then given back too). */
  whole_order: z.boolean(),
  /** The refund proposed by the rule, never more than `refundable`. */
  proposed_amount: z.number().int(),
  /** Everything still unrefunded on the order's kept payments: the most any refund may be. */
  refundable: z.number().int(),
  payments: z.array(RefundablePayment),
});
export type CancellationPreview = z.infer<typeof CancellationPreview>;

export const RefundRequest = z
  .object({
    mode: z.enum(REFUND_MODES, { error: `must be one of ${REFUND_MODES.join(', ')}` }),
    amount: z.number().int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).max(MAX_INT4),
  })
  .refine((r) => (r.mode === 'none') === (r.amount === 0), {
    error: 'must be 0 exactly when the mode is none',
    path: ['amount'],
  });
export type RefundRequest = z.infer<typeof RefundRequest>;

export const CancellationBody = z.object({
  tickets: z.union([
    z.literal('all'),
    z
      .array(Uuid)
      .min(1, { error: 'must name at least one admission' })
      .max(MAX_CANCELLED_AT_ONCE, { error: `must name at most ${MAX_CANCELLED_AT_ONCE} admissions` }),
  ]),
  refund: RefundRequest,
  reason: Reason,
});
export type CancellationBody = z.infer<typeof CancellationBody>;

export const OrderRefund = z.object({
  id: z.string(),
  kind: z.enum(['provider', 'outside']),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  payment_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  requested_by: z.enum(['staff', 'visitor', 'system']),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const OrderRefundList = z.object({ refunds: z.array(OrderRefund) });
export type OrderRefundList = z.infer<typeof OrderRefundList>;

/** `?status=failed`: a venue's refunds in one status, newest first (failed: the follow-up list). */
export const VenueRefundQuery = z.object({
  status: z.enum(REFUND_STATUSES, { error: `must be one of ${REFUND_STATUSES.join(', ')}` }).default('failed'),
});
export const VenueRefund = OrderRefund.extend({ order_id: z.string(), reservation_number: z.string().nullable() });
export type VenueRefund = z.infer<typeof VenueRefund>;
export const VenueRefundList = z.object({ refunds: z.array(VenueRefund) });
export type VenueRefundList = z.infer<typeof VenueRefundList>;

export const CancellationResult = z.object({
  cancelled: z.array(z.string()),
  places_given_back: z.number().int(),
  refunds: z.array(OrderRefund),
});
export type CancellationResult = z.infer<typeof CancellationResult>;

/** A staff date change on the visitor's behalf (`orders:write`). */
export const StaffDateChangeBody = z.object({
  slot_id: PositiveId,
  /** Moves the ticket even after the venue's change deadline (recorded in the audit entry). */
  override_deadline: z.boolean().optional(),
  /** Moves to a dearer slot without the visitor paying the difference (recorded in the audit entry). */
  waive_difference: z.boolean().optional(),
  reason: Reason,
});
export type StaffDateChangeBody = z.infer<typeof StaffDateChangeBody>;

export const StaffDateChangeResult = z.object({
  reservation_number: z.string(),
  slot_id: z.number().int(),
  /** What the new slot costs against what was paid: positive when dearer (waived), negative when cheaper. */
  difference: z.number().int(),
  mail_queued: z.boolean(),
});
export type StaffDateChangeResult = z.infer<typeof StaffDateChangeResult>;

/** `?date=yyyy-MM-dd`: the slots of the order's product on a day, to move it to. */
export const SlotChoice = z.object({
  id: z.number().int(),
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  available: z.number().int(),
  is_current: z.boolean(),
});
export type SlotChoice = z.infer<typeof SlotChoice>;
export const SlotChoiceList = z.object({ slots: z.array(SlotChoice) });
export type SlotChoiceList = z.infer<typeof SlotChoiceList>;
