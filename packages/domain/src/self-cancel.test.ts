import { describe, expect, it } from 'vitest';
import { selfCancelDeadline, selfCancelRefund, selfCancelRefusal } from './self-cancel.ts';

const startsAt = new Date('2026-12-01T02:00:00Z');
const rule = { hoursBefore: 24, fee: 300 };

describe('a visitor cancelling their own booking', () => {
  it('may until the hours before the slot start, not a millisecond later', () => {
    const deadline = selfCancelDeadline(rule, startsAt);
    expect(deadline.toISOString()).toBe('2026-11-30T02:00:00.000Z');
    const booking = { startsAt, valid: 2, used: 0 };
    expect(selfCancelRefusal(rule, booking, deadline)).toBeNull();
    expect(selfCancelRefusal(rule, booking, new Date(deadline.getTime() + 1))).toBe('deadline passed');
  });

  it('may not without a rule, after a gate admitted one of the party, or with nothing left', () => {
    const early = new Date('2026-11-01T00:00:00Z');
    expect(selfCancelRefusal(null, { startsAt, valid: 2, used: 0 }, early)).toBe('not allowed');
    expect(selfCancelRefusal(rule, { startsAt, valid: 1, used: 1 }, early)).toBe('visit begun');
    expect(selfCancelRefusal(rule, { startsAt, valid: 0, used: 0 }, early)).toBe('nothing to cancel');
  });

  it('gets the shares less the fee, at least nothing and at most what is left', () => {
    expect(selfCancelRefund(4000, 300, 4000)).toBe(3700);
    expect(selfCancelRefund(200, 300, 4000)).toBe(0);
    expect(selfCancelRefund(4000, 0, 1500)).toBe(1500);
  });
});
