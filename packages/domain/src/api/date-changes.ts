/**
 * Date-change calls (SPEC §2 change-date routes, §4 change-date flow). SPEC §7 leaves their paths
 * unnamed; they live under `/<site>/api/v1/timechanges/…` (docs/decisions/008-date-change.md):
 *
 * - `GET    timechanges/tickets/{reservationToken}`: what the ticket is and may change to
 * - `POST   timechanges/tickets/{reservationToken}`: a new change holding the new slot
 * - `GET    timechanges/{timechangeToken}`: the change and its amounts
 * - `DELETE timechanges/{timechangeToken}`: gives up a pending change (its hold goes back)
 * - `POST   timechanges/{timechangeToken}/confirm`: completes a change with nothing to pay
 * - `POST   timechanges/{timechangeToken}/checkout`: pays the difference (then the payment returns)
 */
import { z } from 'zod';
import { PAYMENT_METHOD_IDS } from '../constants.ts';
import { CHEAPER_CHANGE_POLICIES, DATE_CHANGE_STATUSES } from '../date-change.ts';
import { InputText, Lang, PositiveId } from './common.ts';
import { CardInput } from './orders.ts';
import { BearerToken } from './tickets.ts';

export const DateChangeTicketParams = z.object({ token: BearerToken });
export const DateChangeParams = z.object({ timechangeToken: BearerToken });
export const DateChangeQuery = z.object({ lang: Lang.default('ja') });

export const CreateDateChangeBody = z.object({
  lang: Lang.default('ja'),
  time_span_id: PositiveId,
  /** Where the confirmation goes instead of the reservation's own address; checked by the server. */
  email: InputText.trim().max(254).optional(),
});
export type CreateDateChangeBody = z.infer<typeof CreateDateChangeBody>;

/** The reservation token travels with the change's own token: the pair must belong together. */
export const ConfirmDateChangeBody = z.object({ reservation_token: BearerToken });

export const DateChangeCheckoutBody = z.object({
  reservation_token: BearerToken,
  payment_method: z.enum(PAYMENT_METHOD_IDS, { error: 'must be a payment method identifier' }),
  card: CardInput.optional(),
  card_token: InputText.min(8).max(256).optional(),
});

const Slot = z.object({
  timeSpanId: z.number().int(),
  date: z.string(),
  reservationFrom: z.iso.datetime(),
  reservationTo: z.iso.datetime(),
});
const Line = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
});
const Product = z.object({ uuid: z.uuid(), name: z.string(), type: z.enum(['period', 'date', 'time']) });

/** A ticket as the change-date page starts from. */
export const DateChangeTicket = z.object({
  reservationNumber: z.string(),
  product: Product,
  current: Slot,
  quantity: z.number().int(),
  options: z.array(Line),
  setProducts: z.array(Line),
  paid: z.number().int(),
  currency: z.string(),
  /** The last moment this ticket may change. */
  changeableUntil: z.iso.datetime(),
  feePerAdmission: z.number().int(),
  cheaperNewSlot: z.enum(CHEAPER_CHANGE_POLICIES),
});
export type DateChangeTicket = z.infer<typeof DateChangeTicket>;

export const DateChangeAmounts = z.object({
  paid: z.number().int(),
  newTotal: z.number().int(),
  fee: z.number().int(),
  toPay: z.number().int(),
  toRefund: z.number().int(),
});

export const DateChangeView = z.object({
  /** Only in the answer that made the change (it is stored hashed). */
  time_change_token: z.string().optional(),
  status: z.enum(DATE_CHANGE_STATUSES),
  expiresAt: z.iso.datetime(),
  reservationNumber: z.string(),
  product: Product,
  from: Slot,
  to: Slot,
  quantity: z.number().int(),
  options: z.array(Line),
  setProducts: z.array(Line),
  coupons: z.array(z.object({ code: z.string(), name: z.string(), discount: z.number().int() })),
  amounts: DateChangeAmounts,
  cheaperNewSlot: z.enum(CHEAPER_CHANGE_POLICIES),
  currency: z.string(),
});
export type DateChangeView = z.infer<typeof DateChangeView>;

/** A completed change. The reservation token stays the same: it opens the ticket at its new slot. */
export const CompletedDateChange = z.object({
  status: z.literal('completed'),
  reservation_number: z.string(),
  total: z.number().int(),
  /** A cheaper change's difference given back; failed means the venue pays it back by hand. */
  refund: z.object({ amount: z.number().int(), status: z.enum(['refunded', 'refund_failed']) }).nullable(),
});
export type CompletedDateChange = z.infer<typeof CompletedDateChange>;
