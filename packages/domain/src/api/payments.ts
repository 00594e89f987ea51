/** Payment calls of SPEC §7: checkout answers, 3-D Secure and wallet completion, d-pay. */
import { z } from 'zod';
import { PAYMENT_METHOD_IDS } from '../constants.ts';
import { InputText } from './common.ts';

const PaymentNumber = InputText.regex(/^[\w-]{8,64}$/, { error: 'must be a payment number' });

/** A finished order: its reservation. The token comes with the first answer only (it is stored hashed). */
export const CompletedCheckout = z.object({
  status: z.literal('completed'),
  reservation_number: z.string(),
  reservation_token: z.string().optional(),
  total: z.number().int(),
});

/** The visitor must go to the provider (3-D Secure challenge, wallet approval) and come back. */
export const RedirectCheckout = z.object({
  status: z.literal('requires_action'),
  redirect_url: z.string(),
  payment_number: z.string(),
});

export const CheckoutAnswer = z.discriminatedUnion('status', [CompletedCheckout, RedirectCheckout]);
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

/** `POST gmo-secure/exe-payment`: the 3-D Secure return of the gmo methods. */
export const ExePaymentBody = z.object({ md: PaymentNumber });

/** `POST orders/confirmcheckout`: every other return (sbps3ds, wallets, adyen, payment intents). */
export const ConfirmCheckoutBody = z.object({
  payment_number: PaymentNumber,
  payment_method_type: z.enum(PAYMENT_METHOD_IDS, { error: 'must be a payment method identifier' }).optional(),
  /** A wallet page's answer when the visitor came back without paying. */
  status: z.enum(['success', 'cancel']).optional(),
});

/** `GET payments/{payment_number}/return`: the browser back from a provider's redirect (Adyen). */
export const PaymentReturnParams = z.object({ payment_number: PaymentNumber });
/** What the provider sends the browser back with; Adyen's `redirectResult` is an opaque text. */
export const PaymentReturnQuery = z.object({ redirectResult: InputText.min(1).max(20_000).optional() });

/** `GET /d-account/v1/auth/{id}` (id: the order token): where the carrier login starts. */
export const DAccountAuth = z.object({ auth_url: z.string(), state_code: z.string() });

/** `GET /d-pay/v1/scptok/{id}` (id: the code the carrier login returned): the payment token. */
export const DPayToken = z.object({ payment_token: z.string(), expires_at: z.string() });
export const DPayParams = z.object({ id: InputText.regex(/^[\w-]{8,128}$/, { error: 'must be a token' }) });
