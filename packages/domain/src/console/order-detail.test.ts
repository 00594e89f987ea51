import { describe, expect, it } from 'vitest';
import { refundStanding } from './order-detail.ts';

describe('where an order’s money stands', () => {
  const money = (paid: number, succeeded = 0, pending = 0, failed = 0) => ({ paid, succeeded, pending, failed });

  it('says nothing went back, some of it, or all of it', () => {
    expect(refundStanding(money(3000))).toBe('none');
    expect(refundStanding(money(3000, 1000))).toBe('partly_refunded');
    expect(refundStanding(money(3000, 3000))).toBe('refunded');
  });

  it('puts a failed refund before a waiting one, and a waiting one before what went back', () => {
    expect(refundStanding(money(3000, 3000, 0, 500))).toBe('failed');
    expect(refundStanding(money(3000, 1000, 500, 500))).toBe('failed');
    expect(refundStanding(money(3000, 1000, 500))).toBe('pending');
    expect(refundStanding(money(3000, 0, 3000))).toBe('pending');
  });
});
