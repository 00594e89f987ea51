import { describe, expect, it } from 'vitest';
import { dayStatus, remainingOf, slotStatus } from './stock.ts';

const open = { isOnSale: true, isPast: false };

describe('stock', () => {
  it('subtracts sold and held places and never goes below zero', () => {
    expect(remainingOf({ capacity: 100, sold: 60, held: 15 })).toBe(25);
    expect(remainingOf({ capacity: 10, sold: 8, held: 5 })).toBe(0);
  });

  it('reports a slot as available, few, sold out or closed', () => {
    expect(slotStatus({ capacity: 100, sold: 10, held: 0, ...open }, 10)).toBe('available');
    expect(slotStatus({ capacity: 100, sold: 85, held: 5, ...open }, 10)).toBe('few');
    expect(slotStatus({ capacity: 100, sold: 90, held: 10, ...open }, 10)).toBe('sold_out');
    expect(slotStatus({ capacity: 100, sold: 0, held: 0, isOnSale: true, isPast: true }, 10)).toBe('closed');
    expect(slotStatus({ capacity: 100, sold: 0, held: 0, isOnSale: false, isPast: false }, 10)).toBe('closed');
  });

  it('sums a day over its open slots only', () => {
    const past = { capacity: 50, sold: 0, held: 0, isOnSale: true, isPast: true };
    expect(dayStatus([], 10)).toEqual({ status: 'closed', remaining: 0 });
    expect(dayStatus([past], 10)).toEqual({ status: 'closed', remaining: 0 });
    expect(dayStatus([past, { capacity: 50, sold: 50, held: 0, ...open }], 10)).toEqual({ status: 'sold_out', remaining: 0 });
    expect(dayStatus([{ capacity: 50, sold: 45, held: 0, ...open }], 10)).toEqual({ status: 'few', remaining: 5 });
    expect(dayStatus([{ capacity: 50, sold: 0, held: 0, ...open }, past], 10)).toEqual({ status: 'available', remaining: 50 });
  });
});
