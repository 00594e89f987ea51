import { describe, expect, it } from 'vitest';
import { checkoutBlocker, inShopTime, minutesLeft, orderLines, reservationOf } from './order-summary.ts';
import type { TemporaryOrder } from './purchase-api.ts';

const mainProduct: TemporaryOrder['mainProduct'] = {
  uuid: 'u',
  name: 'Admission',
  description: '',
  saleType: 'ticket',
  quantity: 3,
  // 01:00–02:00 in Tokyo on 1 May, still 30 April in UTC.
  reservationFrom: '2026-04-30T16:00:00.000Z',
  reservationTo: '2026-04-30T17:00:00.000Z',
  productTimeSpanID: 42,
  presentedBy: '',
  caution: '',
  options: [
    { id: 1, name: 'Adult', type: 'admission', price: 2400, quantity: 2 },
    { id: 2, name: 'Child', type: 'admission', price: 1200, quantity: 0 },
    { id: 3, name: 'Audio guide', type: 'addon', price: 500, quantity: 1 },
  ],
};

describe('reservationOf', () => {
  it('gives the date and the slot in Japan, whatever the browser’s zone', () => {
    expect(reservationOf({ mainProduct })).toEqual({ date: '2026-05-01', from: '01:00', to: '02:00' });
    expect(inShopTime('2026-05-01T01:30:00Z')).toEqual({ date: '2026-05-01', time: '10:30' });
  });
});

describe('orderLines', () => {
  it('lists what is on the order with amounts, dropping what is not', () => {
    const lines = orderLines({ mainProduct, setProducts: [{ id: 9, name: 'Catalogue', price: 3000, quantity: 1 }] });
    expect(lines.options).toEqual([
      { id: 1, name: 'Adult', unitPrice: 2400, quantity: 2, amount: 4800 },
      { id: 3, name: 'Audio guide', unitPrice: 500, quantity: 1, amount: 500 },
    ]);
    expect(lines.setProducts).toEqual([{ id: 9, name: 'Catalogue', unitPrice: 3000, quantity: 1, amount: 3000 }]);
  });
});

describe('minutesLeft', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('rounds up, and stops at 0', () => {
    expect(minutesLeft('2026-05-01T00:14:01Z', now)).toBe(15);
    expect(minutesLeft('2026-05-01T00:14:00Z', now)).toBe(14);
    expect(minutesLeft('2026-04-30T23:59:00Z', now)).toBe(0);
  });
});

describe('checkoutBlocker', () => {
  const ready = { customerFields: { email: 'a@example.com' }, paymentMethod: 'gmo_3ds', price: 2400 };
  const context = { hasCard: true, hasSignIn: true };
  it('lets a complete order through', () => {
    expect(checkoutBlocker(ready, context)).toBeNull();
    expect(checkoutBlocker({ ...ready, paymentMethod: 'free', price: 0 }, { ...context, hasCard: false })).toBeNull();
  });
  it('sends the visitor for missing details, unless the site has no sign-in step', () => {
    expect(checkoutBlocker({ ...ready, customerFields: null }, context)).toBe('/sign-in');
    expect(checkoutBlocker({ ...ready, customerFields: null }, { ...context, hasSignIn: false })).toBeNull();
  });
  it('sends the visitor back to payment without a method or a card', () => {
    expect(checkoutBlocker({ ...ready, paymentMethod: null }, context)).toBe('/payment');
    expect(checkoutBlocker(ready, { ...context, hasCard: false })).toBe('/payment');
  });
  it('needs no card for a wallet or the carrier login', () => {
    expect(checkoutBlocker({ ...ready, paymentMethod: 'gmo_paypay' }, { ...context, hasCard: false })).toBeNull();
    expect(checkoutBlocker({ ...ready, paymentMethod: 'd_pay' }, { ...context, hasCard: false })).toBeNull();
  });
  it('sends the visitor back to payment when a coupon changed whether the order is free', () => {
    expect(checkoutBlocker({ ...ready, price: 0 }, context)).toBe('/payment');
    expect(checkoutBlocker({ ...ready, paymentMethod: 'free' }, context)).toBe('/payment');
  });
});
