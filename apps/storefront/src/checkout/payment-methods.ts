/**
 * The methods the payment page offers (SPEC §9 identifiers, configured per site): which apply to
 * the order, in what order, with what mark and what the visitor is told about each.
 */
import type { PaymentMethod } from '@storefront/domain/api/catalogue';
import { type PaymentKind, paymentProfile } from '@storefront/domain/payments';

/** The family a method's mark is drawn from. */
export type MethodMark = 'card' | 'paypay' | 'alipay' | 'wechatpay' | 'd-pay' | 'free';

export type MethodEntry = {
  method: PaymentMethod['method'];
  /** The gateway behind it (whose card-token script turns a card into a token). */
  provider: PaymentMethod['provider'];
  /** The site's own name for it (its `payment_method_<id>` text). */
  name: string;
  kind: PaymentKind;
  mark: MethodMark;
  /** What happens after choosing it, or null when nothing needs saying. */
  noteKey: string | null;
};

const WALLET_MARKS: Readonly<Record<string, MethodMark>> = { paypay: 'paypay', alipay: 'alipay', wechatpay: 'wechatpay' };

export function methodMark(method: string): MethodMark {
  const profile = paymentProfile(method);
  if (!profile) return 'card';
  switch (profile.kind) {
    case 'free':
      return 'free';
    case 'carrier':
      return 'd-pay';
    case 'wallet':
      return WALLET_MARKS[profile.paymentType] ?? 'card';
    case 'card':
      return 'card';
  }
}

export function methodNote(method: string): string | null {
  const profile = paymentProfile(method);
  if (!profile) return null;
  switch (profile.kind) {
    case 'card':
      return profile.threeDSecure ? 'payment_3ds_note' : null;
    case 'wallet':
      return 'payment_wallet_note';
    case 'carrier':
      return 'payment_d_pay_note';
    case 'free':
      return 'payment_free_note';
  }
}

const isFreeMethod = (method: string | null | undefined) => paymentProfile(method)?.kind === 'free';

/**
 * The methods this order can use, by position: an order of 0 can only be free, one that costs
 * money anything but free. Methods the storefront does not know are left out.
 */
export function methodsFor(methods: readonly PaymentMethod[], total: number): MethodEntry[] {
  return methods
    .filter((method) => paymentProfile(method.method) !== null && (total === 0) === isFreeMethod(method.method))
    .sort((a, b) => a.position - b.position)
    .map((method) => ({
      method: method.method,
      provider: method.provider,
      name: method.name,
      kind: paymentProfile(method.method)?.kind ?? 'card',
      mark: methodMark(method.method),
      noteKey: methodNote(method.method),
    }));
}

/** The method to start with: the only one there is, else the one chosen before if it still applies. */
export function initialMethod(usable: readonly { method: string }[], ...chosenBefore: (string | null | undefined)[]): string {
  if (usable.length === 1) return usable[0]?.method ?? '';
  for (const method of chosenBefore) if (method && usable.some((candidate) => candidate.method === method)) return method;
  return '';
}
