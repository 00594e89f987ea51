/** Contracts of the order calls of SPEC §7 (orders, ordercoupons, checkout). */
import { z } from 'zod';
import { PAYMENT_METHOD_IDS } from '../constants.ts';
import { Id, InputText, Lang, PositiveId, Uuid } from './common.ts';

const Count = z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0).max(100);

export const OptionValueInput = z.object({ option_value_id: PositiveId, quantity: Count });
export const SetProductInput = z.object({ set_product_id: PositiveId, quantity: Count });

/** The create-order payload of SPEC §3. `quantity` is the number of admissions. */
export const CreateOrderBody = z.object({
  lang: Lang.default('ja'),
  product_uuid: Uuid,
  time_span_id: PositiveId,
  quantity: z.number({ error: 'must be a number' }).int().min(1, { error: 'must be at least 1' }).max(100),
  option_values: z.array(OptionValueInput).min(1, { error: 'must choose at least one ticket type' }).max(30),
  set_products: z.array(SetProductInput).max(30).default([]),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/** A change to a temporary order: a new selection (all four together), details, payment method. */
export const UpdateOrderBody = z
  .object({
    lang: Lang.optional(),
    time_span_id: PositiveId.optional(),
    quantity: z.number().int().min(1).max(100).optional(),
    option_values: z.array(OptionValueInput).min(1).max(30).optional(),
    set_products: z.array(SetProductInput).max(30).optional(),
    customer_info: z.record(InputText.max(64), InputText.max(2000)).optional(),
    payment_method: z.enum(PAYMENT_METHOD_IDS, { error: 'must be a payment method identifier' }).optional(),
  })
  .refine(
    (b) => {
      const selection = [b.time_span_id, b.quantity, b.option_values].filter((v) => v !== undefined).length;
      return selection === 0 || selection === 3;
    },
    { path: ['time_span_id'], error: 'time_span_id, quantity and option_values change together' },
  );
export type UpdateOrderBody = z.infer<typeof UpdateOrderBody>;

export const CustomerInfo = z.object({
  address: z.string().optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  gender: z.string().optional(),
  age: z.string().optional(),
  phone: z.string().optional(),
  residentArea: z.string().optional(),
  acceptMailMagazine: z.boolean().optional(),
  questionnaire1: z.string().optional(),
  questionnaire2: z.string().optional(),
  questionnaire3: z.string().optional(),
});

/** The temporary order of SPEC §3, with what the storefront needs besides. */
export const TemporaryOrder = z.object({
  order_token: z.string(),
  status: z.enum(['pending', 'ready_checkout', 'paying', 'completed', 'cancelled']),
  lang: Lang,
  price: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  expiresAt: z.iso.datetime(),
  customerInfo: CustomerInfo.nullable(),
  customerFields: z.record(z.string(), z.string()).nullable(),
  paymentMethod: z.string().nullable(),
  mainProduct: z.object({
    uuid: z.string(),
    name: z.string(),
    description: z.string(),
    saleType: z.string(),
    quantity: z.number().int(),
    reservationFrom: z.iso.datetime(),
    reservationTo: z.iso.datetime(),
    productTimeSpanID: z.number().int(),
    presentedBy: z.string(),
    caution: z.string(),
    options: z.array(
      z.object({ id: z.number().int(), name: z.string(), type: z.string(), price: z.number().int(), quantity: z.number().int() }),
    ),
  }),
  setProducts: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), quantity: z.number().int() })),
  coupons: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), discount: z.number().int() })),
  membershipPromotion: z.object({ name: z.string(), discount: z.number().int() }).nullable(),
});
export type TemporaryOrder = z.infer<typeof TemporaryOrder>;

export const OrderTokenParams = z.object({ id: InputText.regex(/^[\w-]{16,64}$/, { error: 'must be an order token' }) });
export const OrderCouponParams = OrderTokenParams.extend({ couponId: Id });

export const ApplyCouponBody = z.object({ coupon: InputText.trim().min(1, { error: 'must not be empty' }).max(64) });
export const ApplyCouponResult = z.object({
  coupon_id: z.number().int(),
  coupon_name: z.string(),
  coupon_discount: z.number().int(),
  order: TemporaryOrder,
});

/** Card details for the sandbox gateway; real providers tokenise in the browser instead. */
export const CardInput = z.object({
  number: InputText.regex(/^\d{12,19}$/, { error: 'must be 12 to 19 digits' }),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: InputText.regex(/^\d{3,4}$/, { error: 'must be 3 or 4 digits' }),
  name: InputText.trim().min(1).max(30),
});

export const CheckoutBody = z.object({
  payment_method: z.enum(PAYMENT_METHOD_IDS, { error: 'must be a payment method identifier' }),
  card: CardInput.optional(),
  /**
   * A token from the provider's browser script or the d-pay carrier login, instead of card details.
   * Adyen's is what its card component encrypted (four encrypted fields and the browser's details).
   */
  card_token: InputText.min(8).max(24_000).optional(),
});

export const CheckoutResult = z.object({
  status: z.literal('completed'),
  reservation_number: z.string(),
  reservation_token: z.string(),
  total: z.number().int(),
});

/** Mail-only confirmation (SPEC §1): the visitor's address, to which the link is sent. */
export const OrderMailBody = z.object({ email: InputText.trim().min(1).max(254), lang: Lang.optional() });
export const OrderMailParams = z.object({ id: InputText.regex(/^[\w-]{16,64}$/, { error: 'must be a mail token' }) });
export const OrderMailResult = z.object({ order_token: z.string() });
