import { describe, expect, it } from 'vitest';
import {
  type ChangeableTicket,
  changeAmounts,
  changeDeadline,
  changeRefusal,
  type DateChangeSettings,
  DEFAULT_DATE_CHANGE_SETTINGS,
} from './date-change.ts';

const now = new Date('2026-05-01T00:00:00Z');
const ticket: ChangeableTicket = {
  productKey: 'admission',
  channel: 'web',
  paymentMethod: 'gmo_3ds',
  isHolder: true,
  usedOrCancelled: 0,
  sharedAway: 0,
  startsAt: new Date('2026-05-03T01:00:00Z'),
};
const settings: DateChangeSettings = { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 60 };

describe('changeRefusal', () => {
  it('lets the holder of an unused web ticket change it before the deadline', () => {
    expect(changeRefusal(settings, ticket, now)).toBeNull();
  });

  it('refuses when the site does not allow changes or not for this product', () => {
    expect(changeRefusal({ ...settings, isEnabled: false }, ticket, now)).toBe('cannot change ticket');
    expect(changeRefusal({ ...settings, productKeys: ['night'] }, ticket, now)).toBe('cannot change ticket');
    expect(changeRefusal({ ...settings, productKeys: ['admission'] }, ticket, now)).toBeNull();
  });

  it('refuses a receiver, a spot ticket, a used admission and a shared party', () => {
    expect(changeRefusal(settings, { ...ticket, isHolder: false }, now)).toBe('cannot change ticket');
    expect(changeRefusal(settings, { ...ticket, channel: 'spot' }, now)).toBe('cannot change ticket');
    expect(changeRefusal(settings, { ...ticket, usedOrCancelled: 1 }, now)).toBe('cannot change ticket');
    expect(changeRefusal(settings, { ...ticket, sharedAway: 2 }, now)).toBe('cannot change ticket');
  });

  it('refuses after the deadline before the current slot starts', () => {
    const deadline = changeDeadline(settings, ticket.startsAt);
    expect(deadline.toISOString()).toBe('2026-05-03T00:00:00.000Z');
    expect(changeRefusal(settings, ticket, deadline)).toBeNull();
    expect(changeRefusal(settings, ticket, new Date(deadline.getTime() + 1))).toBe('cannot change ticket');
  });

  it('refuses tickets paid with a discounted payment method with their own error', () => {
    expect(changeRefusal({ ...settings, discountedPaymentMethods: ['gmo_3ds'] }, ticket, now)).toBe(
      'cannot change ticket because payment method discount',
    );
    expect(changeRefusal({ ...settings, discountedPaymentMethods: ['gmo_paypay'] }, ticket, now)).toBeNull();
  });
});

describe('changeAmounts', () => {
  it('costs nothing for the same price and no fee', () => {
    expect(changeAmounts(settings, { paid: 3800, newTotal: 3800, admissions: 1 })).toEqual({
      paid: 3800,
      newTotal: 3800,
      fee: 0,
      toPay: 0,
      toRefund: 0,
      resultingTotal: 3800,
    });
  });

  it('charges the difference and the fee per admission together', () => {
    const amounts = changeAmounts(
      { feePerAdmission: 300, cheaperNewSlot: 'no_refund' },
      { paid: 3000, newTotal: 3800, admissions: 2 },
    );
    expect(amounts).toMatchObject({ fee: 600, toPay: 1400, toRefund: 0, resultingTotal: 3800 });
  });

  it('keeps a cheaper difference as the ticket worth under no_refund', () => {
    const amounts = changeAmounts(
      { feePerAdmission: 0, cheaperNewSlot: 'no_refund' },
      { paid: 3800, newTotal: 3000, admissions: 1 },
    );
    expect(amounts).toMatchObject({ toPay: 0, toRefund: 0, resultingTotal: 3800 });
  });

  it('refunds a cheaper difference net of the fee under refund_difference', () => {
    const amounts = changeAmounts(
      { feePerAdmission: 300, cheaperNewSlot: 'refund_difference' },
      { paid: 3800, newTotal: 3000, admissions: 1 },
    );
    expect(amounts).toMatchObject({ toPay: 0, toRefund: 500, resultingTotal: 3000 });
  });

  it('rejects amounts that are not minor units', () => {
    expect(() => changeAmounts(settings, { paid: -1, newTotal: 0, admissions: 1 })).toThrow(RangeError);
    expect(() => changeAmounts(settings, { paid: 1.5, newTotal: 0, admissions: 1 })).toThrow(RangeError);
  });
});
