import { describe, expect, it } from 'vitest';
import { destinationOf } from './route-failure.ts';

const normal = { isStartMailConfirmOnly: false, qrToken: null };

describe('error effects', () => {
  it('sends a session timeout to the order page, the spot order page or the error page', () => {
    expect(destinationOf({ kind: 'session-timeout' }, '/payment', normal)).toBe('/order');
    expect(destinationOf({ kind: 'session-timeout' }, '/spot/payment', { ...normal, qrToken: 'q1' })).toBe('/spot?qr_token=q1');
    expect(destinationOf({ kind: 'session-timeout' }, '/confirm', { isStartMailConfirmOnly: true, qrToken: null })).toBe(
      '/error',
    );
  });

  it('goes back to payment from confirm and to change-date payment from its confirm', () => {
    expect(destinationOf({ kind: 'back-to-payment' }, '/confirm', normal)).toBe('/payment');
    expect(destinationOf({ kind: 'back-to-payment' }, '/tickets/changedate/payment/confirm/r1/timechange/t1', normal)).toBe(
      '/tickets/changedate/payment/r1/timechange/t1',
    );
    expect(destinationOf({ kind: 'back-to-payment' }, '/order', normal)).toBeNull();
  });

  it('sends an invalid e-mail to the order page, or in a time change to the change-date page', () => {
    expect(destinationOf({ kind: 'to-order' }, '/sign-in', normal)).toBe('/order');
    expect(destinationOf({ kind: 'to-change-date' }, '/tickets/changedate/confirm/r1/timechange/t1', normal)).toBe(
      '/tickets/changedate/r1',
    );
    expect(destinationOf({ kind: 'to-change-date' }, '/tickets/changedate/payment/confirm/r2/timechange/t1', normal)).toBe(
      '/tickets/changedate/r2',
    );
  });

  it('sends a critical refund error to the inquiry payment-error page', () => {
    expect(destinationOf({ kind: 'payment-error', inquiry: true }, '/confirm', normal)).toBe('/payment-error/inquiry');
    expect(destinationOf({ kind: 'dialog' }, '/confirm', normal)).toBeNull();
  });
});
