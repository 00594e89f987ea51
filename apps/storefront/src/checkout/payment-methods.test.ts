import type { PaymentMethod } from '@storefront/domain/api/catalogue';
import { PAYMENT_METHOD_IDS } from '@storefront/domain/constants';
import { describe, expect, it } from 'vitest';
import { initialMethod, methodMark, methodNote, methodsFor } from './payment-methods.ts';

const method = (id: PaymentMethod['method'], position: number): PaymentMethod => ({
  method: id,
  provider: id === 'free' ? 'free' : 'sandbox',
  name: `name of ${id}`,
  position,
});
const methods = [method('stripe_secure', 2), method('free', 6), method('gmo_3ds', 1), method('alipay', 5)];

describe('methodsFor', () => {
  it('offers only free for an order of 0', () => {
    expect(methodsFor(methods, 0).map((m) => m.method)).toEqual(['free']);
  });
  it('hides free for an order that costs money, by position', () => {
    expect(methodsFor(methods, 2400).map((m) => m.method)).toEqual(['gmo_3ds', 'stripe_secure', 'alipay']);
  });
  it('shows each method with the site’s own name, its gateway, its kind and its mark', () => {
    expect(methodsFor(methods, 2400)).toEqual([
      {
        method: 'gmo_3ds',
        provider: 'sandbox',
        name: 'name of gmo_3ds',
        kind: 'card',
        mark: 'card',
        noteKey: 'payment_3ds_note',
      },
      {
        method: 'stripe_secure',
        provider: 'sandbox',
        name: 'name of stripe_secure',
        kind: 'card',
        mark: 'card',
        noteKey: 'payment_3ds_note',
      },
      {
        method: 'alipay',
        provider: 'sandbox',
        name: 'name of alipay',
        kind: 'wallet',
        mark: 'alipay',
        noteKey: 'payment_wallet_note',
      },
    ]);
  });
  it('leaves out a method the storefront does not know', () => {
    const unknown = { ...method('gmo', 0), method: 'cash_on_delivery' } as unknown as PaymentMethod;
    expect(methodsFor([unknown, method('gmo', 1)], 100).map((m) => m.method)).toEqual(['gmo']);
  });
  it('shows all sixteen identifiers of a site that enables them all', () => {
    const all = PAYMENT_METHOD_IDS.map((id, index) => method(id, index));
    expect(methodsFor(all, 100)).toHaveLength(15);
    expect(methodsFor(all, 0)).toHaveLength(1);
  });
});

describe('method marks', () => {
  it('draws each family with its own mark', () => {
    expect(Object.fromEntries(PAYMENT_METHOD_IDS.map((id) => [id, methodMark(id)]))).toEqual({
      gmo: 'card',
      gmo_3ds: 'card',
      gmo_paypay: 'paypay',
      gmo_d_pay: 'd-pay',
      adyen_credit: 'card',
      adyen_alipay: 'alipay',
      adyen_we_chat_pay: 'wechatpay',
      alipay: 'alipay',
      stripe: 'card',
      stripe_secure: 'card',
      softbank_credit: 'card',
      softbank_3ds: 'card',
      softbank_alipay: 'alipay',
      softbank_paypay: 'paypay',
      d_pay: 'd-pay',
      free: 'free',
    });
  });
  it('tells the visitor what comes after choosing the method', () => {
    expect(methodNote('gmo')).toBeNull();
    expect(methodNote('softbank_3ds')).toBe('payment_3ds_note');
    expect(methodNote('gmo_paypay')).toBe('payment_wallet_note');
    expect(methodNote('d_pay')).toBe('payment_d_pay_note');
    expect(methodNote('free')).toBe('payment_free_note');
  });
});

describe('initialMethod', () => {
  const usable = methodsFor(methods, 2400);
  it('chooses the only method there is', () => {
    expect(initialMethod(methodsFor(methods, 0), 'gmo_3ds')).toBe('free');
  });
  it('keeps an earlier choice that still applies, else nothing', () => {
    expect(initialMethod(usable, null, 'alipay')).toBe('alipay');
    expect(initialMethod(usable, 'free', 'stripe_secure')).toBe('stripe_secure');
    expect(initialMethod(usable, 'free', null)).toBe('');
  });
});
