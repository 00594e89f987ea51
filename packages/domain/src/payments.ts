/**
 * What each payment method identifier of SPEC §9 asks of the visitor and where its browser comes
 * back to (SPEC §2 payment returns). Server and storefront decide alike from this table.
 */
import type { PaymentMethodId, PaymentProviderId } from './constants.ts';

/**
 * - `free`: nothing to pay.
 * - `card`: card details on the payment page; may still need a 3-D Secure redirect.
 * - `wallet`: the visitor approves on the wallet's own page and comes back.
 * - `carrier`: the mobile carrier's login first (d-pay): `/d-pay-confirm` with its state code.
 */
export type PaymentKind = 'free' | 'card' | 'wallet' | 'carrier';

/** The return route a redirect comes back to (SPEC §2). */
export type ReturnRoute = 'gmo3ds' | 'sbps3ds' | 'adyen' | 'wallet' | 'd-pay' | 'none';

export type PaymentMethodProfile = {
  kind: PaymentKind;
  /** Card payments that always go through a 3-D Secure challenge. */
  threeDSecure: boolean;
  returnRoute: ReturnRoute;
  /** The `{paymentType}` segment of `/payment-callback/{paymentType}/{status}` for wallets. */
  paymentType: string;
};

const profile = (kind: PaymentKind, returnRoute: ReturnRoute, paymentType: string, threeDSecure = false) => ({
  kind,
  threeDSecure,
  returnRoute,
  paymentType,
});

export const PAYMENT_METHOD_PROFILES: Record<PaymentMethodId, PaymentMethodProfile> = {
  gmo: profile('card', 'gmo3ds', 'gmo'),
  gmo_3ds: profile('card', 'gmo3ds', 'gmo', true),
  gmo_paypay: profile('wallet', 'wallet', 'paypay'),
  gmo_d_pay: profile('carrier', 'd-pay', 'd_pay'),
  adyen_credit: profile('card', 'adyen', 'adyen', true),
  adyen_alipay: profile('wallet', 'adyen', 'alipay'),
  adyen_we_chat_pay: profile('wallet', 'adyen', 'wechatpay'),
  alipay: profile('wallet', 'wallet', 'alipay'),
  stripe: profile('card', 'wallet', 'stripe'),
  stripe_secure: profile('card', 'wallet', 'stripe', true),
  softbank_credit: profile('card', 'sbps3ds', 'softbank'),
  softbank_3ds: profile('card', 'sbps3ds', 'softbank', true),
  softbank_alipay: profile('wallet', 'wallet', 'alipay'),
  softbank_paypay: profile('wallet', 'wallet', 'paypay'),
  d_pay: profile('carrier', 'd-pay', 'd_pay'),
  free: profile('free', 'none', 'free'),
};

export function paymentProfile(method: string | null | undefined): PaymentMethodProfile | null {
  if (!method) return null;
  return (PAYMENT_METHOD_PROFILES as Record<string, PaymentMethodProfile>)[method] ?? null;
}

/** True when the payment page must collect card details for this method. */
export function needsCard(method: string | null | undefined): boolean {
  return paymentProfile(method)?.kind === 'card';
}

/**
 * The storefront path (inside the hash) a provider redirect returns to, with the payment number
 * the storefront hands back to the server to finish the payment.
 */
export function returnPath(
  method: PaymentMethodId,
  paymentNumber: string,
  options: { dateChange?: boolean; status?: 'success' | 'cancel' } = {},
): string {
  const p = PAYMENT_METHOD_PROFILES[method];
  const number = encodeURIComponent(paymentNumber);
  const dateChange = options.dateChange ? 'true' : 'false';
  switch (p.returnRoute) {
    case 'gmo3ds':
      return `/payment-callback/gmo3ds?md=${number}&time_change=${dateChange}`;
    case 'sbps3ds':
      return `/payment-callback/sbps3ds?payment_number=${number}&time_change=${dateChange}`;
    case 'adyen':
      return `/adyen-callback?payment_number=${number}&time_change=${dateChange}`;
    case 'd-pay':
      return `/d-pay-confirm?payment_number=${number}`;
    default:
      return `/payment-callback/${p.paymentType}${options.status ? `/${options.status}` : ''}?payment_number=${number}&time_change=${dateChange}`;
  }
}

/**
 * The names a venue's methods are shown under (issue 20): what the visitor pays with ("Credit
 * card", its `payment_method_<id>` text), not the processor behind it. Only where two of the
 * venue's methods would read the same does each of those take its longer name naming the processor
 * (its `payment_method_<id>_detail` text, "Credit card (GMO, 3-D Secure)"). A missing text falls
 * back to the longer one, then to the identifier.
 */
export function paymentMethodNames(methods: readonly string[], text: (key: string) => string | undefined): Map<string, string> {
  const short = new Map(
    methods.map((method) => [method, text(`payment_method_${method}`) ?? text(`payment_method_${method}_detail`) ?? method]),
  );
  const uses = new Map<string, number>();
  for (const name of short.values()) uses.set(name, (uses.get(name) ?? 0) + 1);
  return new Map(
    methods.map((method) => {
      const name = short.get(method) as string;
      return [method, (uses.get(name) ?? 0) > 1 ? (text(`payment_method_${method}_detail`) ?? name) : name];
    }),
  );
}

/**
 * Which methods a provider can take: Adyen its three (cards, Alipay, WeChat Pay), PayPay the two
 * PayPay wallets, Stripe cards, the sandbox every method but `free`, and `free` only `free`.
 */
export function providerTakes(provider: PaymentProviderId, method: PaymentMethodId): boolean {
  switch (provider) {
    case 'free':
      return method === 'free';
    case 'sandbox':
      return method !== 'free';
    case 'stripe':
      return PAYMENT_METHOD_PROFILES[method].kind === 'card';
    case 'adyen':
      return method === 'adyen_credit' || method === 'adyen_alipay' || method === 'adyen_we_chat_pay';
    case 'paypay':
      return method === 'gmo_paypay' || method === 'softbank_paypay';
  }
}
