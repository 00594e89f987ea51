import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATION_FAILED_DIALOG,
  isPaymentFailure,
  type PaymentContext,
  paymentPageFor,
  RETRY_DIALOG,
} from './payment-retry.ts';
import { failureRoute } from './route-failure.ts';

const purchase: PaymentContext = { kind: 'purchase' };
const route = (
  status: number | null,
  body: unknown,
  more: { dateChange?: boolean; isAdyen?: boolean; context?: PaymentContext } = {},
) =>
  failureRoute(
    { status, body },
    { context: more.context ?? purchase, dateChange: more.dateChange ?? false, isAdyen: more.isAdyen ?? false },
  );

describe('payment retry flow (SPEC §4)', () => {
  it('sends a failure that cannot be retried and names the order to the payment-error page', () => {
    expect(route(402, { error: 'payment_api_failure', can_retry: false, order_token: 'o1' })).toEqual({
      kind: 'payment-error',
      path: '/payment-error?time_change=false',
      orderToken: 'o1',
    });
  });

  it('flags the payment-error page for a date change, from the answer or else from the return route', () => {
    expect(route(402, { error: 'payment_api_failure', can_retry: false, order_token: 'o1', is_time_change: true })).toMatchObject(
      {
        path: '/payment-error?time_change=true',
      },
    );
    expect(route(402, { error: 'payment_api_failure', can_retry: false, order_token: 'o1' }, { dateChange: true })).toMatchObject(
      {
        path: '/payment-error?time_change=true',
      },
    );
    expect(
      route(
        402,
        { error: 'payment_api_failure', can_retry: false, order_token: 'o1', is_time_change: false },
        { dateChange: true },
      ),
    ).toMatchObject({ path: '/payment-error?time_change=false' });
  });

  it('sends an invalid order or payment status that cannot be retried to the payment-error page', () => {
    for (const error of ['invalid order status', 'invalid payment status']) {
      expect(route(409, { error, can_retry: false })).toEqual({
        kind: 'payment-error',
        path: '/payment-error?time_change=false',
        orderToken: null,
      });
    }
    expect(route(409, { error: 'payment_api_failure', can_retry: false, reason: 'invalid order status' })).toMatchObject({
      kind: 'payment-error',
    });
  });

  it('sends a critical refund error to the inquiry variant with its additional info, even with an order token', () => {
    expect(
      route(500, { error: 'critical refund error', can_retry: false, additional_info: 'AB12C-DE34F', order_token: 'o1' }),
    ).toEqual({
      kind: 'payment-error',
      path: '/payment-error/inquiry?time_change=false&additional_info=AB12C-DE34F',
      orderToken: null,
    });
    expect(route(500, { error: 'critical refund error', can_retry: false, reservation_number: 'R1' })).toMatchObject({
      path: '/payment-error/inquiry?time_change=false&additional_info=R1',
    });
    expect(route(500, { error: 'critical refund error', can_retry: false })).toMatchObject({
      path: '/payment-error/inquiry?time_change=false',
    });
    expect(
      failureRoute(
        { status: 502, body: { error: 'critical refund error', can_retry: false } },
        { context: purchase, dateChange: true, paymentNumber: 'P-0001' },
      ),
    ).toMatchObject({ path: '/payment-error/inquiry?time_change=true&additional_info=P-0001' });
  });

  it('sends anything else that cannot be retried to the error page', () => {
    expect(route(402, { error: 'payment_api_failure', can_retry: false })).toEqual({ kind: 'error', path: '/error' });
    expect(route(404, { error: 'record not found' })).toEqual({ kind: 'error', path: '/error' });
    expect(route(500, null)).toEqual({ kind: 'error', path: '/error' });
  });

  it('offers a return to payment when the answer allows a retry, with the catalogue dialog of the error', () => {
    expect(route(402, { error: 'payment_api_failure', can_retry: true })).toEqual({
      kind: 'retry',
      path: '/payment',
      dialog: {
        titleKey: 'dialog_payment_api_failure_title',
        textKey: 'dialog_payment_api_failure_text',
        okButtonTextKey: 'dialog_payment_retry_button',
      },
      clearPaymentInfo: false,
    });
    expect(route(502, { error: 'gateway unreachable', can_retry: true })).toMatchObject({ kind: 'retry', dialog: RETRY_DIALOG });
  });

  it('says a 3-D Secure check not passed as such, not as a failed or declined payment', () => {
    expect(route(402, { error: 'payment_api_failure', can_retry: true, reason: 'authentication failed' })).toEqual({
      kind: 'retry',
      path: '/payment',
      dialog: AUTHENTICATION_FAILED_DIALOG,
      clearPaymentInfo: false,
    });
    expect(AUTHENTICATION_FAILED_DIALOG.titleKey).toBe('dialog_payment_authentication_failed_title');
    expect(
      route(
        402,
        { error: 'payment_api_failure', can_retry: true, reason: 'authentication failed' },
        { context: { kind: 'spot' } },
      ),
    ).toMatchObject({ path: '/spot/payment', dialog: AUTHENTICATION_FAILED_DIALOG });
  });

  it('returns a retry to the change-date payment or spot payment page by context', () => {
    const changeDate: PaymentContext = { kind: 'change-date', reservationToken: 'r1', timechangeToken: 't1' };
    expect(route(402, { error: 'payment_api_failure', can_retry: true }, { context: changeDate })).toMatchObject({
      path: '/tickets/changedate/payment/r1/timechange/t1',
    });
    expect(
      route(402, { error: 'payment_api_failure', can_retry: true, old_reservation_token: 'r2', time_change_token: 't2' }),
    ).toMatchObject({ path: '/tickets/changedate/payment/r2/timechange/t2' });
    expect(route(402, { error: 'payment_api_failure', can_retry: true }, { context: { kind: 'spot' } })).toMatchObject({
      path: '/spot/payment',
    });
    expect(route(402, { error: 'payment_api_failure', can_retry: true, sales_channel: 'spot' })).toMatchObject({
      path: '/spot/payment',
    });
  });

  it('offers the same call again when there was no answer at all', () => {
    expect(route(null, null)).toEqual({ kind: 'no-answer' });
  });
});

describe('Adyen return', () => {
  it('turns a retryable 400 into a dialog, cleared payment info and the payment page', () => {
    expect(route(400, { error: 'payment_api_failure', can_retry: true }, { isAdyen: true })).toEqual({
      kind: 'retry',
      path: '/payment',
      dialog: RETRY_DIALOG,
      clearPaymentInfo: true,
    });
  });
  it('sends any other retryable status to the error page', () => {
    expect(route(402, { error: 'payment_api_failure', can_retry: true }, { isAdyen: true })).toEqual({
      kind: 'error',
      path: '/error',
    });
    expect(route(500, { error: 'internal error', can_retry: true }, { isAdyen: true })).toEqual({
      kind: 'error',
      path: '/error',
    });
  });
  it('still follows the cannot-retry rules', () => {
    expect(route(400, { error: 'payment_api_failure', can_retry: false, order_token: 'o1' }, { isAdyen: true })).toMatchObject({
      kind: 'payment-error',
    });
    expect(route(400, { error: 'payment_api_failure', can_retry: false }, { isAdyen: true })).toEqual({
      kind: 'error',
      path: '/error',
    });
  });
});

describe('checkout failures on the confirm page', () => {
  it('routes payment failures through the retry flow', () => {
    expect(isPaymentFailure({ status: 402, body: { error: 'payment_api_failure', can_retry: true } })).toBe(true);
    expect(isPaymentFailure({ status: 500, body: { error: 'critical refund error', can_retry: false } })).toBe(true);
    expect(isPaymentFailure({ status: 409, body: { error: 'invalid payment status', can_retry: false } })).toBe(true);
    expect(isPaymentFailure({ status: 402, body: { error: 'card refused', can_retry: false, order_token: 'o1' } })).toBe(true);
  });
  it('leaves the other errors to the error catalogue', () => {
    expect(isPaymentFailure({ status: 409, body: { error: 'out of stock', can_retry: false } })).toBe(false);
    expect(isPaymentFailure({ status: 400, body: { error: 'coupon limit reached', can_retry: false } })).toBe(false);
    expect(isPaymentFailure({ status: 401, body: { error: 'session_timeout', can_retry: false } })).toBe(false);
    expect(isPaymentFailure({ status: null, body: null })).toBe(false);
  });
});

describe('paymentPageFor', () => {
  it('escapes the tokens it puts in the path', () => {
    expect(paymentPageFor({ kind: 'change-date', reservationToken: 'a/b', timechangeToken: 't' })).toBe(
      '/tickets/changedate/payment/a%2Fb/timechange/t',
    );
  });
});
