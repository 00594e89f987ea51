import { describe, expect, it } from 'vitest';
import type { TemporaryOrder } from './purchase-api.ts';
import { purchaseEvent, pushToDataLayer, readConversionData, trackingItems } from './tracking.ts';

const order = {
  mainProduct: {
    productTimeSpanID: 42,
    options: [
      { id: 1, name: 'Adult', type: 'admission', price: 2400, quantity: 2 },
      { id: 2, name: 'Child', type: 'admission', price: 1200, quantity: 0 },
    ],
  },
} as unknown as Pick<TemporaryOrder, 'mainProduct'>;

describe('readConversionData', () => {
  it('reads what the order page kept', () => {
    const data = { options: [{ name: 'Adult', price: 2400, count: 2 }], timeSpanId: 7 };
    expect(readConversionData(data)).toEqual(data);
  });
  it('ignores anything else', () => {
    expect(readConversionData(null)).toBeNull();
    expect(readConversionData({ options: [], timeSpanId: '7' })).toBeNull();
    expect(readConversionData({ options: [{ name: 'Adult', price: '2400', count: 2 }], timeSpanId: 7 })).toBeNull();
  });
});

describe('trackingItems', () => {
  it('makes one item per option bought, named and categorised by the option, sku of slot and name', () => {
    const conversion = {
      options: [
        { name: 'Adult', price: 2400, count: 2 },
        { name: 'Student', price: 1800, count: 1 },
        { name: 'Child', price: 1200, count: 0 },
      ],
      timeSpanId: 7,
    };
    expect(trackingItems(conversion, order, 'JPY')).toEqual([
      { name: 'Adult', category: 'Adult', price: 2400, quantity: 2, sku: '7_Adult' },
      { name: 'Student', category: 'Student', price: 1800, quantity: 1, sku: '7_Student' },
    ]);
  });
  it('falls back to the order when no conversion data was kept', () => {
    expect(trackingItems(null, order, 'JPY')).toEqual([
      { name: 'Adult', category: 'Adult', price: 2400, quantity: 2, sku: '42_Adult' },
    ]);
  });
  it('gives prices in the currency’s own unit', () => {
    expect(trackingItems(null, order, 'USD')[0]?.price).toBe(24);
  });
});

describe('purchaseEvent', () => {
  it('is the purchase with its reservation number, items, and their price × count as the value', () => {
    const items = trackingItems(null, order, 'JPY');
    expect(purchaseEvent({ reservationNumber: 'R-1', currency: 'JPY', items })).toEqual({
      event: 'purchase',
      ecommerce: { transaction_id: 'R-1', value: 4800, currency: 'JPY', items },
    });
  });
  it('goes onto the data layer, made if missing, kept if there', () => {
    const event = purchaseEvent({ reservationNumber: 'R-1', currency: 'JPY', items: [] });
    const page: { dataLayer?: unknown[] } = {};
    pushToDataLayer(page, event);
    expect(page.dataLayer).toEqual([event]);
    pushToDataLayer(page, event);
    expect(page.dataLayer).toHaveLength(2);
  });
});
