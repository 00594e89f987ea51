/**
 * Contracts of one order in the console (`/console/api/v1/venues/:venue/orders/:order`): the order
 * with its admissions, payments, refunds and a timeline read from what the shop already records
 * (right `orders:read`); resending the ticket mail, editing the visitor's contact details and
 * adding a staff note (right `orders:write`). The contact fields keep the shop's SPEC §5 rules, so
 * the console's form and the server refuse the same values.
 */
import { z } from 'zod';
import { InputText } from '../api/common.ts';
import { CURRENCIES } from '../constants.ts';
import { email as emailRule, phone as phoneRule } from '../customer/validation.ts';

export const MAX_NOTE_LENGTH = 2000;
/** The shop's own limit on a name (customer-info's `fullname`). */
export const MAX_CONTACT_NAME_LENGTH = 100;

/** An address as the shop accepts it (SPEC §5 `email`), trimmed. */
export const ContactEmail = InputText.trim()
  .min(1, { error: 'is required' })
  .refine((value) => emailRule(value) === null, { error: 'must be an e-mail address' });

const ContactPhone = InputText.trim().refine((value) => phoneRule(value) === null, {
  error: 'must be 9 to 12 digits, or three groups of digits joined by hyphens',
});

const ContactName = InputText.trim().max(MAX_CONTACT_NAME_LENGTH, {
  error: `must be at most ${MAX_CONTACT_NAME_LENGTH} characters`,
});

/**
 * A change of the visitor's contact details: only the fields given change. An empty name or phone
 * clears it; the address cannot be emptied (the order's mail goes to it).
 */
export const OrderContactChanges = z
  .object({ fullname: ContactName.optional(), email: ContactEmail.optional(), phone: ContactPhone.optional() })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'must change at least one of fullname, email, phone',
  });
export type OrderContactChanges = z.infer<typeof OrderContactChanges>;

export const OrderContact = z.object({ fullname: z.string(), email: z.string(), phone: z.string() });
export type OrderContact = z.infer<typeof OrderContact>;

/** Resending the ticket mail: to the order's address, or to a corrected one given here (the order keeps its own). */
export const ResendTicketMailBody = z.object({ email: ContactEmail.optional() });
export type ResendTicketMailBody = z.infer<typeof ResendTicketMailBody>;

export const ResentTicketMail = z.object({ mail_id: z.string(), to: z.string() });
export type ResentTicketMail = z.infer<typeof ResentTicketMail>;

export const NewOrderNoteBody = z.object({
  body: InputText.trim()
    .min(1, { error: 'must not be empty' })
    .max(MAX_NOTE_LENGTH, { error: `must be at most ${MAX_NOTE_LENGTH} characters` }),
});
export type NewOrderNoteBody = z.infer<typeof NewOrderNoteBody>;

export const OrderNote = z.object({ id: z.string(), body: z.string(), staff_label: z.string(), created_at: z.string() });
export type OrderNote = z.infer<typeof OrderNote>;

const Localized = z.record(z.string(), z.string());

export const ORDER_LINE_KINDS = ['option', 'set_product'] as const;

/** One line of what was bought, at the unit price the visitor was shown (kept on the order). */
export const OrderLine = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  id: z.number(),
  name: Localized,
  quantity: z.number(),
  unit_price: z.number().nullable(),
  amount: z.number().nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const ADMISSION_STATUSES = ['valid', 'used', 'cancelled'] as const;

export const OrderAdmission = z.object({
  id: z.string(),
  position: z.number(),
  option_id: z.number(),
  option_name: Localized,
  status: z.enum(ADMISSION_STATUSES),
  cancelled_at: z.string().nullable(),
  /** Handed to someone else through a share (claimed or not): the share's id. */
  share_id: z.string().nullable(),
  checked_in_at: z.string().nullable(),
});
export type OrderAdmission = z.infer<typeof OrderAdmission>;

/** A payment attempt's status in the ledger (it moves only forward; `payments.schema.ts`). */
export const PAYMENT_STATUSES = [
  'started',
  'requires_action',
  'pending',
  'captured',
  'failed',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What became of the refund of a cheaper date change's difference. */
export const DATE_CHANGE_REFUND_STATUSES = ['refunded', 'refund_failed'] as const;

/** What became of a held place when its hold ended: sold with its order or date change, or given back. */
export const HOLD_OUTCOMES = ['sold', 'released'] as const;
export type HoldOutcome = (typeof HOLD_OUTCOMES)[number];

export const OrderPayment = z.object({
  id: z.string(),
  payment_number: z.string(),
  attempt: z.number(),
  method: z.string(),
  provider: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Paid for a date change of the order rather than the order itself. */
  is_date_change: z.boolean(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

export const OrderRefund = z.object({
  id: z.string(),
  kind: z.enum(['provider', 'outside']),
  payment_number: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  requested_by: z.enum(['staff', 'visitor', 'system']),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const TIMELINE_KINDS = [
  'order_created',
  'hold_taken',
  'hold_ended',
  'order_completed',
  'payment_started',
  'payment_event',
  'mail',
  'share_created',
  'share_claimed',
  'check_in',
  'date_change_started',
  'date_change_completed',
  'refund',
  'note',
  'audit',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One thing that happened to the order, in time order. `detail` holds the kind's own facts (a
 * payment's number and amount, a mail's subject, a note's text), flat, for a screen to word.
 */
export const TimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** Who did it, when the record says (a staff member's label for notes and audited changes). */
  actor: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** A mail entry's mail, for its view as sent. */
  mail_id: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** Where the order stands after its cancellations: every admission standing, some cancelled, or all. */
export const ORDER_STANDINGS = ['completed', 'partly_cancelled', 'cancelled'] as const;
export type OrderStandingStatus = (typeof ORDER_STANDINGS)[number];

/**
 * What became of the money: nothing given back, some or all of it given back, a refund still
 * waiting for its provider, or one that failed (the visitor is still owed it).
 */
export const REFUND_STANDINGS = ['none', 'partly_refunded', 'refunded', 'pending', 'failed'] as const;
export type RefundStanding = (typeof REFUND_STANDINGS)[number];

/**
 * Where an order's money stands, from what its kept payments took and its refunds by status: a
 * failed refund first (the visitor is still owed it), then one still waiting, then how much of
 * what was paid went back. The order's detail and its export say the same.
 */
export function refundStanding(money: { paid: number; succeeded: number; pending: number; failed: number }): RefundStanding {
  if (money.failed > 0) return 'failed';
  if (money.pending > 0) return 'pending';
  if (money.succeeded === 0) return 'none';
  return money.succeeded >= money.paid ? 'refunded' : 'partly_refunded';
}

/**
 * The order as it stands now, for its summary: the status after cancellations and refunds, the
 * admissions still standing, and the money kept (paid less what went back or is going back; a
 * failed refund does not count as given back) beside what was paid.
 */
export const OrderStanding = z.object({
  status: z.enum(ORDER_STANDINGS),
  refund_status: z.enum(REFUND_STANDINGS),
  admissions: z.object({
    total: z.number(),
    /** Still valid or used at the gate: not cancelled. */
    standing: z.number(),
    used: z.number(),
    cancelled: z.number(),
  }),
  /** What the order's kept payments took (its own and its date changes'). */
  paid: z.number(),
  /** Given back or on its way back (succeeded and pending refunds). */
  refunded: z.number(),
  /** Of `refunded`, what still waits for the provider. */
  refund_pending: z.number(),
  /** Refunds that failed: still the visitor's to get back. */
  refund_failed: z.number(),
  /** `paid` − `refunded`. */
  kept: z.number(),
});
export type OrderStanding = z.infer<typeof OrderStanding>;

export const OrderDetail = z.object({
  id: z.string(),
  reservation_number: z.string(),
  status: z.string(),
  channel: z.string(),
  lang: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  product: z.object({ id: z.number(), name: Localized, type: z.string() }),
  slot: z.object({
    id: z.number(),
    date: z.string(),
    /** The start and end in the venue's time (HH:mm); null for an all-day product. */
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
  }),
  /** How many admissions were bought (the order as made; `standing` says how many still stand). */
  quantity: z.number(),
  standing: OrderStanding,
  lines: z.array(OrderLine),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  currency: z.enum(CURRENCIES),
  coupon_codes: z.array(z.string()),
  payment_method: z.string().nullable(),
  /** The name of each payment method the order names (its own and its payments'), per language, as the shop shows it. */
  payment_method_names: z.record(z.string(), Localized),
  contact: OrderContact,
  /** Every field the visitor gave, as given (resident area, questionnaires, …). */
  customer_fields: z.record(z.string(), z.string()),
  admissions: z.array(OrderAdmission),
  payments: z.array(OrderPayment),
  refunds: z.array(OrderRefund),
  notes: z.array(OrderNote),
  timeline: z.array(TimelineEntry),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** One mail as it was sent, for its view in the console. */
export const OrderMail = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  lang: z.string(),
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  text: z.string(),
  html: z.string(),
});
export type OrderMail = z.infer<typeof OrderMail>;
