import { describe, expect, it } from 'vitest';
import { DiscountNotCalculable, discountOf, isCalculable } from './discount.ts';

describe('discountOf', () => {
  it('subtracts a fixed amount', () => {
    expect(discountOf(2400, { discount_type: 'fixed', discount_amount: 500 })).toBe(500);
  });

  it('never takes more than the price with a fixed amount', () => {
    expect(discountOf(300, { discount_type: 'fixed', discount_amount: 500 })).toBe(300);
    expect(discountOf(0, { discount_type: 'fixed', discount_amount: 500 })).toBe(0);
  });

  it('rounds a percent down: 10 % of 1,555 is 155', () => {
    expect(discountOf(1555, { discount_type: 'percent', discount_amount: 10 })).toBe(155);
    expect(discountOf(1999, { discount_type: 'percent', discount_amount: 33 })).toBe(659);
  });

  it('takes the whole price at 100 % and nothing at 0 %', () => {
    expect(discountOf(1555, { discount_type: 'percent', discount_amount: 100 })).toBe(1555);
    expect(discountOf(1555, { discount_type: 'percent', discount_amount: 0 })).toBe(0);
    expect(discountOf(1555, { discount_type: 'fixed', discount_amount: 0 })).toBe(0);
  });

  it('accepts a fractional percent and still rounds down', () => {
    expect(discountOf(1000, { discount_type: 'percent', discount_amount: 12.5 })).toBe(125);
    expect(discountOf(999, { discount_type: 'percent', discount_amount: 12.5 })).toBe(124);
  });

  it('throws DiscountNotCalculable for a percent above 100', () => {
    const item = { discount_type: 'percent', discount_amount: 101 } as const;
    expect(() => discountOf(1000, item)).toThrow(DiscountNotCalculable);
    try {
      discountOf(1000, item);
    } catch (error) {
      expect(error).toMatchObject({ error: 'discount not calculable', item, name: 'DiscountNotCalculable' });
    }
  });

  it('throws DiscountNotCalculable for a negative or non-finite amount', () => {
    expect(() => discountOf(1000, { discount_type: 'fixed', discount_amount: -1 })).toThrow(DiscountNotCalculable);
    expect(() => discountOf(1000, { discount_type: 'percent', discount_amount: -5 })).toThrow(DiscountNotCalculable);
    expect(() => discountOf(1000, { discount_type: 'percent', discount_amount: Number.NaN })).toThrow(DiscountNotCalculable);
    expect(() => discountOf(1000, { discount_type: 'fixed', discount_amount: Number.POSITIVE_INFINITY })).toThrow(
      DiscountNotCalculable,
    );
  });

  it('throws DiscountNotCalculable for a fixed amount that is not whole minor units', () => {
    expect(() => discountOf(1000, { discount_type: 'fixed', discount_amount: 12.5 })).toThrow(DiscountNotCalculable);
  });

  it('rejects a price that is not whole minor units at least zero', () => {
    const item = { discount_type: 'fixed', discount_amount: 100 } as const;
    expect(() => discountOf(-1, item)).toThrow(RangeError);
    expect(() => discountOf(10.5, item)).toThrow(RangeError);
  });
});

describe('isCalculable', () => {
  it('accepts percents from 0 to 100 and whole fixed amounts from 0', () => {
    expect(isCalculable({ discount_type: 'percent', discount_amount: 0 })).toBe(true);
    expect(isCalculable({ discount_type: 'percent', discount_amount: 100 })).toBe(true);
    expect(isCalculable({ discount_type: 'fixed', discount_amount: 1_000_000 })).toBe(true);
    expect(isCalculable({ discount_type: 'percent', discount_amount: 100.5 })).toBe(false);
    expect(isCalculable({ discount_type: 'fixed', discount_amount: -100 })).toBe(false);
  });
});
