import { describe, expect, it } from 'vitest';
import { type CouponContext, type CouponFacts, checkCoupon, checkCouponsAtDate } from './coupon-rules.ts';

const NOW = new Date('2026-11-01T03:00:00Z');

function facts(overrides: Partial<CouponFacts> = {}): CouponFacts {
  return {
    id: 1,
    code: 'SAVE500',
    discountType: 'fixed',
    discountAmount: 500,
    coverageFrom: '2026-11-01',
    coverageTo: '2026-11-30',
    expiresAt: '2026-11-30T15:00:00Z',
    channels: ['web', 'spot'],
    usageLimit: 100,
    usedCount: 10,
    campaign: null,
    isInvitation: false,
    isActive: true,
    productIds: null,
    ...overrides,
  };
}

function invitation(id: number, overrides: Partial<CouponFacts> = {}): CouponFacts {
  return facts({
    id,
    code: `INV${id}`,
    discountType: 'percent',
    discountAmount: 100,
    campaign: 'spring',
    isInvitation: true,
    ...overrides,
  });
}

function context(overrides: Partial<CouponContext> = {}): CouponContext {
  return {
    now: NOW,
    visitDate: '2026-11-22',
    channel: 'web',
    productId: 7,
    applied: [],
    admissions: 2,
    subtotal: 6400,
    remainingTotal: 6400,
    isDateChange: false,
    ...overrides,
  };
}

describe('checkCoupon', () => {
  it('accepts a valid regular coupon and a valid invitation', () => {
    expect(checkCoupon(facts(), context())).toBeNull();
    expect(checkCoupon(invitation(2), context())).toBeNull();
  });

  it('rejects a code that does not exist', () => {
    expect(checkCoupon(null, context())).toBe('coupon_code does not exist');
  });

  it('rejects an inactive coupon', () => {
    expect(checkCoupon(facts({ isActive: false }), context())).toBe('coupon not available');
  });

  it('rejects a coupon from the instant it expires', () => {
    expect(checkCoupon(facts({ expiresAt: '2026-11-01T02:59:59.999Z' }), context())).toBe('expired coupon');
    expect(checkCoupon(facts({ expiresAt: NOW.toISOString() }), context())).toBe('expired coupon');
    expect(checkCoupon(facts({ expiresAt: '2026-11-01T03:00:00.001Z' }), context())).toBeNull();
  });

  it('reads expiresAt with its offset', () => {
    // 12:00 in Tokyo is 03:00 UTC: NOW exactly.
    expect(checkCoupon(facts({ expiresAt: '2026-11-01T12:00:00+09:00' }), context())).toBe('expired coupon');
    expect(checkCoupon(facts({ expiresAt: '2026-11-01T12:00:01+09:00' }), context())).toBeNull();
  });

  it('treats an expiresAt that does not parse as expired', () => {
    expect(checkCoupon(facts({ expiresAt: 'soon' }), context())).toBe('expired coupon');
  });

  it('says time_change: expired coupon during a date change', () => {
    expect(checkCoupon(facts({ expiresAt: '2026-10-31T00:00:00Z' }), context({ isDateChange: true }))).toBe(
      'time_change: expired coupon',
    );
  });

  it('rejects a coupon past its coverage dates, both ends inclusive', () => {
    expect(checkCoupon(facts(), context({ visitDate: '2026-10-31' }))).toBe('out of coverage dates');
    expect(checkCoupon(facts(), context({ visitDate: '2026-12-01' }))).toBe('out of coverage dates');
    expect(checkCoupon(facts(), context({ visitDate: '2026-11-01' }))).toBeNull();
    expect(checkCoupon(facts(), context({ visitDate: '2026-11-30' }))).toBeNull();
  });

  it('says time_change: out of coverage dates during a date change', () => {
    expect(checkCoupon(facts(), context({ visitDate: '2026-12-01', isDateChange: true }))).toBe(
      'time_change: out of coverage dates',
    );
  });

  it('rejects a coupon not sold on the channel', () => {
    expect(checkCoupon(facts(), context({ channel: 'kiosk' }))).toBe('invalid channel');
    expect(checkCoupon(facts({ channels: [] }), context())).toBe('invalid channel');
    expect(checkCoupon(facts(), context({ channel: 'spot' }))).toBeNull();
  });

  it('rejects a coupon used up to its limit', () => {
    expect(checkCoupon(facts({ usageLimit: 10, usedCount: 10 }), context())).toBe('coupon limit reached');
    expect(checkCoupon(facts({ usageLimit: 10, usedCount: 11 }), context())).toBe('coupon limit reached');
    expect(checkCoupon(facts({ usageLimit: 0, usedCount: 0 }), context())).toBe('coupon limit reached');
    expect(checkCoupon(facts({ usageLimit: 10, usedCount: 9 }), context())).toBeNull();
    expect(checkCoupon(facts({ usageLimit: null, usedCount: 1_000_000 }), context())).toBeNull();
  });

  it('rejects a coupon for other products', () => {
    expect(checkCoupon(facts({ productIds: [1, 2] }), context())).toBe('coupon cannot be applied to specified order');
    expect(checkCoupon(facts({ productIds: [] }), context())).toBe('coupon cannot be applied to specified order');
    expect(checkCoupon(facts({ productIds: [1, 7] }), context())).toBeNull();
  });

  it('rejects an invitation code applied twice', () => {
    expect(checkCoupon(invitation(2), context({ applied: [invitation(2)] }))).toBe('duplicate invitation code');
  });

  it('rejects a regular coupon applied twice as multiple coupons', () => {
    expect(checkCoupon(facts(), context({ applied: [facts()] }))).toBe('multiple flat or fixed discount coupons');
  });

  it('rejects a second regular coupon', () => {
    const other = facts({ id: 9, code: 'TENOFF', discountType: 'percent', discountAmount: 10 });
    expect(checkCoupon(other, context({ applied: [facts()] }))).toBe('multiple flat or fixed discount coupons');
  });

  it('rejects an invitation with a regular coupon, either way round', () => {
    expect(checkCoupon(invitation(2), context({ applied: [facts()] }))).toBe('invitation with flat coupon');
    expect(checkCoupon(facts(), context({ applied: [invitation(2)] }))).toBe('invitation with flat coupon');
  });

  it('rejects invitations of different campaigns', () => {
    expect(checkCoupon(invitation(3, { campaign: 'autumn' }), context({ applied: [invitation(2)] }))).toBe('different campaigns');
    expect(checkCoupon(invitation(3, { campaign: null }), context({ applied: [invitation(2)] }))).toBe('different campaigns');
  });

  it('accepts invitations of one campaign, also when both have none', () => {
    expect(checkCoupon(invitation(3), context({ applied: [invitation(2)] }))).toBeNull();
    expect(checkCoupon(invitation(3, { campaign: null }), context({ applied: [invitation(2, { campaign: null })] }))).toBeNull();
  });

  it('rejects more invitations than admission tickets', () => {
    expect(checkCoupon(invitation(3), context({ admissions: 1, applied: [invitation(2)] }))).toBe(
      'invitation codes exceeding tickets',
    );
    expect(checkCoupon(invitation(2), context({ admissions: 0 }))).toBe('invitation codes exceeding tickets');
    expect(checkCoupon(invitation(3), context({ admissions: 2, applied: [invitation(2)] }))).toBeNull();
  });

  it('does not count a regular coupon against admissions', () => {
    expect(checkCoupon(facts(), context({ admissions: 0 }))).toBeNull();
  });

  it('rejects any coupon when nothing is left to discount', () => {
    expect(checkCoupon(facts(), context({ remainingTotal: 0 }))).toBe('no further discounts');
    expect(checkCoupon(invitation(3), context({ applied: [invitation(2)], remainingTotal: 0 }))).toBe('no further discounts');
  });

  it('rejects a discount that cannot be calculated', () => {
    expect(checkCoupon(facts({ discountType: 'percent', discountAmount: 101 }), context())).toBe('discount not calculable');
    expect(checkCoupon(facts({ discountAmount: 0 }), context())).toBe('discount not calculable');
    expect(checkCoupon(facts({ discountType: 'percent', discountAmount: 0 }), context())).toBe('discount not calculable');
    expect(checkCoupon(facts({ discountAmount: -500 }), context())).toBe('discount not calculable');
    expect(checkCoupon(facts({ discountType: 'percent', discountAmount: 100 }), context())).toBeNull();
  });

  it('rejects any discount on a subtotal of 0', () => {
    expect(checkCoupon(facts(), context({ subtotal: 0 }))).toBe('discount not calculable');
  });

  it('checks the rules in the order of SPEC §8, most basic first', () => {
    // Everything wrong at once; each step fixes the reported problem, revealing the next.
    let coupon = invitation(1, {
      isActive: false,
      expiresAt: '2026-10-01T00:00:00Z',
      coverageTo: '2026-11-15',
      channels: ['pos'],
      usageLimit: 5,
      usedCount: 5,
      productIds: [99],
      discountAmount: 0,
    });
    let ctx = context({
      applied: [coupon, facts({ id: 2 }), invitation(3, { campaign: 'autumn' })],
      admissions: 1,
      remainingTotal: 0,
      subtotal: 0,
    });
    const steps: [ReturnType<typeof checkCoupon>, () => void][] = [
      ['coupon not available', () => (coupon = { ...coupon, isActive: true })],
      ['expired coupon', () => (coupon = { ...coupon, expiresAt: '2026-12-01T00:00:00Z' })],
      ['out of coverage dates', () => (coupon = { ...coupon, coverageTo: '2026-11-30' })],
      ['invalid channel', () => (coupon = { ...coupon, channels: ['web'] })],
      ['coupon limit reached', () => (coupon = { ...coupon, usageLimit: null })],
      ['coupon cannot be applied to specified order', () => (coupon = { ...coupon, productIds: null })],
      ['duplicate invitation code', () => (ctx = { ...ctx, applied: ctx.applied.filter((c) => c.id !== 1) })],
      ['invitation with flat coupon', () => (ctx = { ...ctx, applied: ctx.applied.filter((c) => c.isInvitation) })],
      ['different campaigns', () => (ctx = { ...ctx, applied: [invitation(3)] })],
      ['invitation codes exceeding tickets', () => (ctx = { ...ctx, admissions: 2 })],
      ['no further discounts', () => (ctx = { ...ctx, remainingTotal: 6400 })],
      ['discount not calculable', () => (coupon = { ...coupon, discountAmount: 100 })],
      ['discount not calculable', () => (ctx = { ...ctx, subtotal: 6400 })],
      [null, () => {}],
    ];
    expect(checkCoupon(null, ctx)).toBe('coupon_code does not exist');
    for (const [expected, fix] of steps) {
      expect(checkCoupon(coupon, ctx)).toBe(expected);
      fix();
    }
  });

  it('reports a second regular coupon before mixing with invitations', () => {
    // Applied: a regular coupon and an invitation (as left by older data); a new regular coupon
    // breaks both rules and the multiple-coupons rule comes first.
    expect(checkCoupon(facts({ id: 9 }), context({ applied: [invitation(2), facts()] }))).toBe(
      'multiple flat or fixed discount coupons',
    );
  });

  it('reports expiry before coverage during a date change too', () => {
    const coupon = facts({ expiresAt: '2026-10-01T00:00:00Z' });
    expect(checkCoupon(coupon, context({ visitDate: '2027-01-01', isDateChange: true }))).toBe('time_change: expired coupon');
  });
});

describe('checkCouponsAtDate', () => {
  it('accepts an order without coupons or with coupons still valid at the new date', () => {
    expect(checkCouponsAtDate([], { now: NOW, visitDate: '2027-01-01' })).toBeNull();
    expect(checkCouponsAtDate([facts(), invitation(2)], { now: NOW, visitDate: '2026-11-30' })).toBeNull();
  });

  it('rejects a coupon that does not cover the new date', () => {
    expect(checkCouponsAtDate([facts()], { now: NOW, visitDate: '2026-12-01' })).toBe('time_change: out of coverage dates');
  });

  it('rejects a coupon that has expired since the order', () => {
    expect(checkCouponsAtDate([facts()], { now: new Date('2026-12-01T00:00:00Z'), visitDate: '2026-11-22' })).toBe(
      'time_change: expired coupon',
    );
  });

  it('returns the first failure, in the order the coupons are given', () => {
    const uncovered = invitation(2, { coverageTo: '2026-11-10' });
    const expired = invitation(3, { expiresAt: '2026-10-01T00:00:00Z' });
    const at = { now: NOW, visitDate: '2026-11-22' };
    expect(checkCouponsAtDate([facts(), uncovered, expired], at)).toBe('time_change: out of coverage dates');
    expect(checkCouponsAtDate([facts(), expired, uncovered], at)).toBe('time_change: expired coupon');
  });

  it('ignores the rules that do not depend on the date', () => {
    const usedUp = facts({ isActive: false, usageLimit: 1, usedCount: 1, channels: [] });
    expect(checkCouponsAtDate([usedUp], { now: NOW, visitDate: '2026-11-22' })).toBeNull();
  });
});
