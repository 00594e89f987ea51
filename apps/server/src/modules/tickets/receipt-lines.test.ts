import { describe, expect, it } from 'vitest';
import { receiptExtras } from './receipt-lines.ts';

describe('receipt lines beyond the items', () => {
  it('has nothing to add for an order never changed, worth what its items cost', () => {
    expect(receiptExtras({ fees: [], worth: 4000, itemsTotal: 4000 }, 'en')).toEqual({ lines: [], discounts: [] });
  });

  it('adds one fee line per fee rate, counting the admissions moved', () => {
    const { lines } = receiptExtras(
      {
        fees: [
          { quantity: 2, fee: 1000 },
          { quantity: 2, fee: 1000 },
          { quantity: 2, fee: 600 },
        ],
        worth: 4000,
        itemsTotal: 4000,
      },
      'ja',
    );
    expect(lines).toEqual([
      { name: '日時変更手数料', quantity: 4, unitPrice: 500, amount: 2000 },
      { name: '日時変更手数料', quantity: 2, unitPrice: 300, amount: 600 },
    ]);
  });

  it('shows a difference kept as a line and a price lower than booked as a discount', () => {
    const kept = receiptExtras({ fees: [], worth: 2200, itemsTotal: 2000 }, 'en');
    expect(kept.lines).toEqual([{ name: 'Difference from the price as booked', quantity: 1, unitPrice: 200, amount: 200 }]);
    expect(kept.discounts).toEqual([]);
    const lower = receiptExtras({ fees: [], worth: 1800, itemsTotal: 2000 }, 'en');
    expect(lower.lines).toEqual([]);
    expect(lower.discounts).toEqual([{ name: 'Difference from the price as booked', amount: 200 }]);
  });
});
