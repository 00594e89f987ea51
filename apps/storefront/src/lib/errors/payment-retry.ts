/**
 * The payment case of the error router (route-failure.ts): SPEC §4 retry flow for 3-D Secure and
 * confirm-checkout failures, and the Adyen retryable 400. Pure rules; only the router calls them.
 */
import { lookupError, PAYMENT_FAILURE_REASONS } from '@storefront/domain/errors/catalogue';

/** Which payment page a retry goes back to (SPEC §4: change-date payment, spot payment or payment). */
export type PaymentContext =
  | { kind: 'purchase' }
  | { kind: 'spot' }
  | { kind: 'change-date'; reservationToken: string; timechangeToken: string };

/** A failed call as the client saw it: the HTTP status (null: no answer) and the parsed error body. */
export type Failure = { status: number | null; body: unknown };

export type DialogKeys = { titleKey: string; textKey: string; okButtonTextKey: string };

export type PaymentRoute =
  /**
   * The payment-error screen (or its inquiry variant), no dialog: the screen says it all. The
   * answer's order token, when it gave one, is the order the visitor can still pay.
   */
  | { kind: 'payment-error'; path: string; orderToken: string | null }
  /** The error screen. */
  | { kind: 'error'; path: '/error' }
  /** A dialog, then back to the payment page; `clearPaymentInfo` drops the saved payment and payment number. */
  | { kind: 'retry'; path: string; dialog: DialogKeys; clearPaymentInfo: boolean }
  /** No answer at all (network, time-out): the payment may have gone through, so the same call is offered again. */
  | { kind: 'no-answer' };

/** Answers that say the order or its payment is no longer in a state to pay. */
const INVALID_STATUS: ReadonlySet<string> = new Set(PAYMENT_FAILURE_REASONS);
const CRITICAL_REFUND_ERROR = 'critical refund error';

type Body = {
  error?: unknown;
  reason?: unknown;
  can_retry?: unknown;
  order_token?: unknown;
  is_time_change?: unknown;
  old_reservation_token?: unknown;
  time_change_token?: unknown;
  sales_channel?: unknown;
  additional_info?: unknown;
  reservation_number?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The invalid order or payment status, as the error code or as the reason beside a payment failure. */
const isInvalidStatus = (body: Body) => INVALID_STATUS.has(String(body.error)) || INVALID_STATUS.has(String(body.reason));

function bodyOf(failure: Failure): Body {
  return typeof failure.body === 'object' && failure.body !== null ? (failure.body as Body) : {};
}

/** The payment page a retry goes to: the answer's own change-date or spot context wins over the screen's. */
export function paymentPageFor(context: PaymentContext, body: Body = {}): string {
  const reservationToken = text(body.old_reservation_token);
  const timechangeToken = text(body.time_change_token);
  if (reservationToken && timechangeToken) {
    return `/tickets/changedate/payment/${encodeURIComponent(reservationToken)}/timechange/${encodeURIComponent(timechangeToken)}`;
  }
  if (context.kind === 'change-date') {
    return `/tickets/changedate/payment/${encodeURIComponent(context.reservationToken)}/timechange/${encodeURIComponent(context.timechangeToken)}`;
  }
  if (context.kind === 'spot' || body.sales_channel === 'spot') return '/spot/payment';
  return '/payment';
}

export const RETRY_DIALOG: DialogKeys = {
  titleKey: 'dialog_payment_retry_title',
  textKey: 'dialog_payment_retry_text',
  okButtonTextKey: 'dialog_payment_retry_button',
};

/** A 3-D Secure check the visitor did not pass: said as such, not as a failed or declined payment. */
export const AUTHENTICATION_FAILED_DIALOG: DialogKeys = {
  titleKey: 'dialog_payment_authentication_failed_title',
  textKey: 'dialog_payment_authentication_failed_text',
  okButtonTextKey: 'dialog_payment_retry_button',
};

/** The catalogue's dialog for the error when it has one (payment API failure, coupon limit …), else the retry dialog. */
function retryDialog(body: Body): DialogKeys {
  if (body.reason === 'authentication failed') return AUTHENTICATION_FAILED_DIALOG;
  const known = lookupError(body);
  return known
    ? { titleKey: known.entry.titleKey, textKey: known.entry.textKey, okButtonTextKey: RETRY_DIALOG.okButtonTextKey }
    : RETRY_DIALOG;
}

export type PaymentFlow = {
  context: PaymentContext;
  /** The screen's own time-change flag (`time_change` of the return route). */
  dateChange: boolean;
  /** The Adyen return: its retryable 400 has its own path. */
  isAdyen?: boolean;
  /** The payment being finished: the reference to quote when the answer gives none. */
  paymentNumber?: string | null;
  /**
   * Only the failures `isPaymentFailure` recognises take the retry flow; the rest (out of stock,
   * session time-out, coupon limit …) are the catalogue's, as for a checkout on a confirm page.
   */
  onlyPaymentFailures?: boolean;
};

export function paymentRoute(failure: Failure, options: PaymentFlow): PaymentRoute {
  if (failure.status === null) return { kind: 'no-answer' };
  const body = bodyOf(failure);
  const canRetry = body.can_retry === true;

  // Adyen retryable 400 (SPEC §4): a dialog, the payment info cleared, back to payment.
  if (options.isAdyen && failure.status === 400 && canRetry) {
    return { kind: 'retry', path: paymentPageFor(options.context, body), dialog: RETRY_DIALOG, clearPaymentInfo: true };
  }

  if (!canRetry) {
    const dateChange = body.is_time_change === true || (body.is_time_change === undefined && options.dateChange);
    // Checked before the order token: a refund that failed leaves the visitor only the inquiry.
    if (body.error === CRITICAL_REFUND_ERROR) {
      const info = text(body.additional_info) ?? text(body.reservation_number) ?? text(options.paymentNumber);
      const query = new URLSearchParams({ time_change: String(dateChange) });
      if (info) query.set('additional_info', info);
      return { kind: 'payment-error', path: `/payment-error/inquiry?${query}`, orderToken: null };
    }
    const orderToken = text(body.order_token);
    if (orderToken || isInvalidStatus(body)) {
      return { kind: 'payment-error', path: `/payment-error?time_change=${dateChange}`, orderToken };
    }
    return { kind: 'error', path: '/error' };
  }

  // Adyen: any other status goes to the error page.
  if (options.isAdyen) return { kind: 'error', path: '/error' };
  return { kind: 'retry', path: paymentPageFor(options.context, body), dialog: retryDialog(body), clearPaymentInfo: false };
}

/**
 * Whether a checkout failure on the confirm page belongs to the payment retry flow; anything else
 * (out of stock, session time-out, coupon limit …) is the error catalogue's to show.
 */
export function isPaymentFailure(failure: Failure): boolean {
  if (failure.status === null) return false;
  const body = bodyOf(failure);
  return (
    body.error === 'payment_api_failure' ||
    body.error === CRITICAL_REFUND_ERROR ||
    isInvalidStatus(body) ||
    (body.can_retry === false && text(body.order_token) !== null)
  );
}
