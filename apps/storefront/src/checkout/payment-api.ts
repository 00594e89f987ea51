/**
 * The payment calls of SPEC §7, typed from the contracts in packages/domain: checkout, the 3-D
 * Secure and wallet completions (240,000 ms like checkout), and the d-pay carrier login, which
 * lives beside the API under the site prefix (`/<site>/d-account/…`, `/<site>/d-pay/…`).
 */

import type { CheckoutBody } from '@storefront/domain/api/orders';
import type { CheckoutAnswer, ConfirmCheckoutBody, DAccountAuth, DPayToken } from '@storefront/domain/api/payments';
import { CHECKOUT_TIMEOUT_MS } from '@storefront/domain/constants';
import type { z } from 'zod';
import { type ApiClient, createApiClient } from '../lib/api/client.ts';

export type { CheckoutAnswer };
export type CompletedCheckout = Extract<CheckoutAnswer, { status: 'completed' }>;

const withTimeout = { timeoutMs: CHECKOUT_TIMEOUT_MS };
const segment = encodeURIComponent;

export function paymentApi(api: ApiClient, siteCode: string) {
  // Same client, rooted at the site prefix instead of its API: the carrier calls are not under /api/v1.
  const site = createApiClient(`/${segment(siteCode)}`);
  return {
    checkout: (orderToken: string, body: z.input<typeof CheckoutBody>) =>
      api.post<CheckoutAnswer>(`orders/checkout/${segment(orderToken)}`, body, withTimeout),
    /** The 3-D Secure return of the gmo methods. */
    exePayment: (md: string) => api.post<CheckoutAnswer>('gmo-secure/exe-payment', { md }, withTimeout),
    /** Every other return: softbank 3-D Secure, wallets, adyen, payment intents. */
    confirmCheckout: (body: z.input<typeof ConfirmCheckoutBody>) =>
      api.post<CheckoutAnswer>('orders/confirmcheckout', body, withTimeout),
    /** Where the carrier login for this order starts, and the state code it will come back with. */
    dAccountAuth: (orderToken: string) => site.get<z.infer<typeof DAccountAuth>>(`d-account/v1/auth/${segment(orderToken)}`),
    /** The payment token for the code the carrier login returned. */
    dPayToken: (code: string) => site.get<z.infer<typeof DPayToken>>(`d-pay/v1/scptok/${segment(code)}`),
  };
}

export type PaymentApi = ReturnType<typeof paymentApi>;
