import { describe, expect, it } from 'vitest';
import { paymentMethodNames } from './payments.ts';

const texts: Record<string, string> = {
  payment_method_gmo_3ds: 'クレジットカード',
  payment_method_gmo_3ds_detail: 'クレジットカード（GMO・3Dセキュア）',
  payment_method_stripe: 'クレジットカード',
  payment_method_stripe_detail: 'クレジットカード（Stripe）',
  payment_method_gmo_paypay: 'PayPay',
  payment_method_gmo_paypay_detail: 'PayPay（GMO）',
  payment_method_free: 'お支払い不要',
  payment_method_free_detail: 'お支払い不要',
};
const text = (key: string) => texts[key];

describe('payment method names', () => {
  it('name the method, not the processor, when no two read the same', () => {
    expect(Object.fromEntries(paymentMethodNames(['gmo_3ds', 'gmo_paypay', 'free'], text))).toEqual({
      gmo_3ds: 'クレジットカード',
      gmo_paypay: 'PayPay',
      free: 'お支払い不要',
    });
  });

  it('add the processor only to the names that would collide', () => {
    expect(Object.fromEntries(paymentMethodNames(['gmo_3ds', 'stripe', 'gmo_paypay'], text))).toEqual({
      gmo_3ds: 'クレジットカード（GMO・3Dセキュア）',
      stripe: 'クレジットカード（Stripe）',
      gmo_paypay: 'PayPay',
    });
  });

  it('fall back to the longer name, then to the identifier', () => {
    expect(
      paymentMethodNames(['d_pay'], (key) => (key === 'payment_method_d_pay_detail' ? 'd払い' : undefined)).get('d_pay'),
    ).toBe('d払い');
    expect(paymentMethodNames(['d_pay'], () => undefined).get('d_pay')).toBe('d_pay');
  });
});
