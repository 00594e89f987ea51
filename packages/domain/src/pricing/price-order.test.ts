import { describe, expect, it } from 'vitest';
import { DiscountNotCalculable } from './discount.ts';
import { type AppliedCouponInput, type OptionInput, type PriceOrderInput, priceOrder } from './price-order.ts';

const adult: OptionInput = { id: 1, name: 'Adult', type: 'admission', price: 3200, quantity: 2 };
const child: OptionInput = { id: 2, name: 'Child', type: 'admission', price: 1200, quantity: 1 };
const guide: OptionInput = { id: 3, name: 'Audio guide', type: 'addon', price: 500, quantity: 1 };

function order(overrides: Partial<PriceOrderInput> = {}): PriceOrderInput {
  return { options: [], setProducts: [], coupons: [], membershipPromotion: null, ...overrides };
}

function coupon(overrides: Partial<AppliedCouponInput> = {}): AppliedCouponInput {
  return { code: 'SAVE', name: 'Save', discount_type: 'fixed', discount_amount: 500, isInvitation: false, ...overrides };
}

function invitation(code: string, overrides: Partial<AppliedCouponInput> = {}): AppliedCouponInput {
  return coupon({
    code,
    name: `Invitation ${code}`,
    discount_type: 'percent',
    discount_amount: 100,
    isInvitation: true,
    ...overrides,
  });
}

describe('priceOrder', () => {
  it('prices options and set products as lines with a subtotal', () => {
    const priced = priceOrder(
      order({ options: [adult, guide], setProducts: [{ id: 10, name: 'Catalogue', price: 1800, quantity: 1 }] }),
    );
    expect(priced.lines).toEqual([
      { kind: 'option', id: 1, name: 'Adult', unitPrice: 3200, quantity: 2, amount: 6400 },
      { kind: 'option', id: 3, name: 'Audio guide', unitPrice: 500, quantity: 1, amount: 500 },
      { kind: 'set_product', id: 10, name: 'Catalogue', unitPrice: 1800, quantity: 1, amount: 1800 },
    ]);
    expect(priced).toMatchObject({ subtotal: 8700, discount: 0, total: 8700, coupons: [], membershipPromotion: null });
  });

  it('drops lines with quantity 0', () => {
    const priced = priceOrder(
      order({
        options: [adult, { ...child, quantity: 0 }],
        setProducts: [{ id: 10, name: 'Catalogue', price: 1800, quantity: 0 }],
      }),
    );
    expect(priced.lines.map((line) => line.id)).toEqual([1]);
    expect(priced.subtotal).toBe(6400);
    expect(priced.admissions).toBe(2);
  });

  it('counts admissions over admission options only', () => {
    expect(priceOrder(order({ options: [adult, child, { ...guide, quantity: 4 }] })).admissions).toBe(3);
  });

  it('prices an empty order at zero', () => {
    expect(priceOrder(order())).toEqual({
      lines: [],
      subtotal: 0,
      admissions: 0,
      coupons: [],
      membershipPromotion: null,
      discount: 0,
      total: 0,
    });
  });

  it('subtracts a fixed coupon', () => {
    const priced = priceOrder(order({ options: [adult], coupons: [coupon()] }));
    expect(priced.coupons).toEqual([{ code: 'SAVE', name: 'Save', discount: 500 }]);
    expect(priced).toMatchObject({ subtotal: 6400, discount: 500, total: 5900 });
  });

  it('rounds a percent coupon down: 10 % of 1,555 is 155', () => {
    const options: OptionInput[] = [{ id: 1, name: 'Adult', type: 'admission', price: 1555, quantity: 1 }];
    const priced = priceOrder(order({ options, coupons: [coupon({ discount_type: 'percent', discount_amount: 10 })] }));
    expect(priced).toMatchObject({ subtotal: 1555, discount: 155, total: 1400 });
  });

  it('applies the membership promotion to the subtotal, then the coupon to what remains', () => {
    const priced = priceOrder(
      order({
        options: [adult, guide],
        membershipPromotion: { name: 'Members', discount_type: 'fixed', discount_amount: 900 },
        coupons: [coupon({ discount_type: 'percent', discount_amount: 10 })],
      }),
    );
    // 6,900 − 900 = 6,000; 10 % of 6,000 = 600.
    expect(priced.membershipPromotion).toEqual({ name: 'Members', discount: 900 });
    expect(priced.coupons[0]?.discount).toBe(600);
    expect(priced).toMatchObject({ subtotal: 6900, discount: 1500, total: 5400 });
  });

  it('takes a percent membership promotion of the subtotal', () => {
    const priced = priceOrder(
      order({ options: [adult], membershipPromotion: { name: 'Members', discount_type: 'percent', discount_amount: 15 } }),
    );
    expect(priced.membershipPromotion).toEqual({ name: 'Members', discount: 960 });
    expect(priced.total).toBe(5440);
  });

  it('covers the most expensive admission with an invitation', () => {
    const priced = priceOrder(order({ options: [child, adult, guide], coupons: [invitation('INV1')] }));
    expect(priced.coupons).toEqual([{ code: 'INV1', name: 'Invitation INV1', discount: 3200 }]);
    expect(priced.total).toBe(1200 + 3200 + 500);
  });

  it('covers the two most expensive admissions with two invitations', () => {
    const vip: OptionInput = { id: 4, name: 'VIP', type: 'admission', price: 5000, quantity: 1 };
    const priced = priceOrder(order({ options: [child, adult, vip], coupons: [invitation('INV1'), invitation('INV2')] }));
    expect(priced.coupons.map((c) => c.discount)).toEqual([5000, 3200]);
    expect(priced).toMatchObject({ subtotal: 12600, discount: 8200, total: 4400 });
  });

  it('never lets an invitation cover an add-on, however expensive', () => {
    const dinner: OptionInput = { id: 5, name: 'Dinner', type: 'addon', price: 9000, quantity: 1 };
    const priced = priceOrder(order({ options: [dinner, child], coupons: [invitation('INV1')] }));
    expect(priced.coupons[0]?.discount).toBe(1200);
  });

  it('applies an invitation percent or fixed amount to one admission price', () => {
    const priced = priceOrder(
      order({
        options: [adult],
        coupons: [
          invitation('HALF', { discount_amount: 50 }),
          invitation('OFF', { discount_type: 'fixed', discount_amount: 5000 }),
        ],
      }),
    );
    // Half of one adult, then a fixed amount capped at the second adult's price.
    expect(priced.coupons.map((c) => c.discount)).toEqual([1600, 3200]);
    expect(priced.total).toBe(1600);
  });

  it('handles a large admission quantity without listing every ticket', () => {
    const crowd: OptionInput = { id: 6, name: 'Crowd', type: 'admission', price: 1000, quantity: 50_000_000 };
    const priced = priceOrder(order({ options: [crowd], coupons: [invitation('INV1')] }));
    expect(priced).toMatchObject({ admissions: 50_000_000, discount: 1000, total: 49_999_999_000 });
  });

  it('discounts nothing with an invitation beyond the admissions', () => {
    const priced = priceOrder(order({ options: [child, guide], coupons: [invitation('INV1'), invitation('INV2')] }));
    expect(priced.coupons.map((c) => c.discount)).toEqual([1200, 0]);
    expect(priced.total).toBe(500);
  });

  it('applies the regular coupon before invitations whatever the applied order', () => {
    const priced = priceOrder(
      order({
        options: [adult],
        coupons: [invitation('INV1'), coupon({ discount_type: 'fixed', discount_amount: 6000 })],
      }),
    );
    // The fixed coupon takes 6,000 of 6,400 first; the invitation gets only the 400 left.
    expect(priced.coupons).toEqual([
      { code: 'INV1', name: 'Invitation INV1', discount: 400 },
      { code: 'SAVE', name: 'Save', discount: 6000 },
    ]);
    expect(priced.total).toBe(0);
  });

  it('never goes below zero and caps each discount at what remains', () => {
    const priced = priceOrder(
      order({
        options: [child],
        membershipPromotion: { name: 'Members', discount_type: 'fixed', discount_amount: 1000 },
        coupons: [coupon({ discount_amount: 5000 }), invitation('INV1')],
      }),
    );
    expect(priced.membershipPromotion?.discount).toBe(1000);
    expect(priced.coupons.map((c) => c.discount)).toEqual([200, 0]);
    expect(priced).toMatchObject({ subtotal: 1200, discount: 1200, total: 0 });
  });

  it('caps a membership promotion larger than the subtotal', () => {
    const priced = priceOrder(
      order({ options: [child], membershipPromotion: { name: 'Members', discount_type: 'fixed', discount_amount: 5000 } }),
    );
    expect(priced).toMatchObject({ membershipPromotion: { name: 'Members', discount: 1200 }, discount: 1200, total: 0 });
  });

  it('throws DiscountNotCalculable for a coupon that could not pass checkCoupon', () => {
    expect(() =>
      priceOrder(order({ options: [adult], coupons: [coupon({ discount_type: 'percent', discount_amount: 120 })] })),
    ).toThrow(DiscountNotCalculable);
  });

  it('rejects prices and quantities that are not whole numbers at least zero', () => {
    expect(() => priceOrder(order({ options: [{ ...adult, price: 10.5 }] }))).toThrow(RangeError);
    expect(() => priceOrder(order({ options: [{ ...adult, quantity: -1 }] }))).toThrow(RangeError);
    expect(() => priceOrder(order({ setProducts: [{ id: 1, name: 'x', price: -5, quantity: 1 }] }))).toThrow(RangeError);
  });
});
