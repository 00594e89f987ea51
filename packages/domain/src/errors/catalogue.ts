/**
 * The error catalogue of SPEC §8 as data: server error text → dialog keys and effect (SPEC §4).
 * Ships in the browser bundle, so it is plain data and imports nothing but its own package.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../constants.ts';

/** Every error text the server may put in `ErrorBody.error`, spelled exactly as in SPEC §8. */
export const SERVER_ERRORS = [
  'session_timeout',
  'out of stock',
  'no stock has been registered for this product',
  'time_change_out_of_stock',
  'ticket not on sale now',
  'payment_api_failure',
  'cannot change ticket',
  'coupon not available',
  'out of coverage dates',
  'coupon_code does not exist',
  'expired coupon',
  'coupon limit reached',
  'invalid channel',
  'multiple flat or fixed discount coupons',
  'invitation with flat coupon',
  'different campaigns',
  'duplicate invitation code',
  'invitation codes exceeding tickets',
  'no further discounts',
  'discount not calculable',
  'coupon cannot be applied to specified order',
  'ticket not found',
  'parent ticket has not more than one child ticket',
  'option value less than 1',
  'mail magazine already unsubscribed',
  'record not found',
  'order status must be ready_checkout',
  'spot qrCode has expired',
  'time_change: expired coupon',
  'time_change: out of coverage dates',
  'time change status is not pending',
  'time change expired',
  'waiting time change exists',
  'critical refund error',
  'invalid email address',
  'invalid email address in time change',
  'cannot change ticket because payment method discount',
  'option_value_id not found',
  'membership login failed',
  'membership retrieval failure',
] as const;
export type ServerError = (typeof SERVER_ERRORS)[number];

/** What the storefront does besides showing the dialog (SPEC §4). */
export type ErrorEffect =
  /** Only the dialog. */
  | { kind: 'dialog' }
  /** Reset all stored data, then the order page (spot: spot order page with qr_token; start-mail-confirm-only: error page). */
  | { kind: 'session-timeout' }
  /** From confirm back to payment; from change-date confirm back to change-date payment; elsewhere only the dialog. */
  | { kind: 'back-to-payment' }
  /** Back to the order page. */
  | { kind: 'to-order' }
  /** Back to the change-date page. */
  | { kind: 'to-change-date' }
  /** The payment-error screen; `inquiry` selects its inquiry variant. */
  | { kind: 'payment-error'; inquiry: boolean };

/**
 * `status` is the HTTP status the server answers the error with unless a throw site names another
 * for a reason it states (a payment still being processed is a 409, not the provider's 502).
 */
export type ErrorCatalogueEntry = { status: number; titleKey: string; textKey: string; okKey: string; effect: ErrorEffect };

const DIALOG_ONLY: ErrorEffect = { kind: 'dialog' };

/** The `dialog_<name>_title` / `dialog_<name>_text` pair of seed/src/texts, with the common OK button. */
function dialog(status: number, name: string, effect: ErrorEffect = DIALOG_ONLY): ErrorCatalogueEntry {
  return { status, titleKey: `dialog_${name}_title`, textKey: `dialog_${name}_text`, okKey: 'common_ok', effect };
}

export const ERROR_CATALOGUE: Record<ServerError, ErrorCatalogueEntry> = {
  // dialog_session_timeout_text has a {minutes} placeholder: the hold time of the temporary order.
  session_timeout: dialog(410, 'session_timeout', { kind: 'session-timeout' }),
  'out of stock': dialog(409, 'seat_reserve_error'),
  'no stock has been registered for this product': dialog(404, 'product_change_date_error'),
  time_change_out_of_stock: dialog(409, 'product_change_date_error'),
  'ticket not on sale now': dialog(400, 'not_on_sale'),
  payment_api_failure: dialog(502, 'payment_api_failure', { kind: 'back-to-payment' }),
  'cannot change ticket': dialog(400, 'change_date_error'),
  // SPEC §8 groups these two under the "coupon not available" dialog.
  'coupon not available': dialog(400, 'coupon_not_available'),
  'out of coverage dates': dialog(400, 'coupon_not_available'),
  'coupon_code does not exist': dialog(400, 'coupon_not_exist'),
  'expired coupon': dialog(400, 'coupon_expired'),
  'coupon limit reached': dialog(400, 'coupon_limit_reached', { kind: 'back-to-payment' }),
  'invalid channel': dialog(400, 'coupon_invalid_channel'),
  'multiple flat or fixed discount coupons': dialog(400, 'coupon_multiple'),
  'invitation with flat coupon': dialog(400, 'coupon_multiple'),
  'different campaigns': dialog(400, 'coupon_multiple'),
  'duplicate invitation code': dialog(400, 'coupon_multiple'),
  'invitation codes exceeding tickets': dialog(400, 'coupon_common_error'),
  'no further discounts': dialog(400, 'coupon_common_error'),
  'discount not calculable': dialog(400, 'coupon_common_error'),
  'coupon cannot be applied to specified order': dialog(400, 'coupon_cannot_apply'),
  'ticket not found': dialog(404, 'inquiry_error'),
  'parent ticket has not more than one child ticket': dialog(400, 'split_error_child'),
  'option value less than 1': dialog(400, 'split_error_option_value'),
  'mail magazine already unsubscribed': dialog(409, 'mail_magazine_already_unsubscribed'),
  'record not found': dialog(404, 'record_not_found'),
  'order status must be ready_checkout': dialog(400, 'order_status_not_ready'),
  'spot qrCode has expired': dialog(410, 'spot_qr_expired'),
  'time_change: expired coupon': dialog(400, 'time_change_expired_coupon'),
  'time_change: out of coverage dates': dialog(400, 'time_change_out_of_coverage_dates'),
  'time change status is not pending': dialog(409, 'time_change_status_not_pending'),
  'time change expired': dialog(410, 'time_change_expired'),
  'waiting time change exists': dialog(409, 'waiting_time_change_exists'),
  'critical refund error': dialog(502, 'critical_refund_error', { kind: 'payment-error', inquiry: true }),
  'invalid email address': dialog(400, 'invalid_email', { kind: 'to-order' }),
  'invalid email address in time change': dialog(400, 'invalid_email_time_change', { kind: 'to-change-date' }),
  'cannot change ticket because payment method discount': dialog(400, 'payment_method_discount'),
  'option_value_id not found': dialog(400, 'option_value_not_found'),
  'membership login failed': dialog(401, 'membership_login_failed'),
  'membership retrieval failure': dialog(404, 'membership_retrieval_failure'),
};

/** Error texts outside SPEC §8's dialogs: the request itself was wrong, or the server failed. */
export const GENERIC_SERVER_ERRORS = {
  'invalid request': 400,
  'site not found': 404,
  'not found': 404,
  conflict: 409,
  'too many requests': 429,
  'internal error': 500,
  // The operator console's: no session, a session that may not do this, a sign-in that failed.
  'not signed in': 401,
  forbidden: 403,
  'sign-in failed': 401,
} as const satisfies Record<string, number>;
export type GenericServerError = keyof typeof GENERIC_SERVER_ERRORS;

/** Every `ErrorBody.error` the server sends. */
export type ErrorCode = ServerError | GenericServerError;

/** The HTTP status an error is answered with (a throw site may name another, saying why). */
export function statusOf(code: ErrorCode): number {
  return Object.hasOwn(GENERIC_SERVER_ERRORS, code)
    ? GENERIC_SERVER_ERRORS[code as GenericServerError]
    : ERROR_CATALOGUE[code as ServerError].status;
}

/**
 * Why a payment cannot go on, sent as `reason` beside `payment_api_failure` (SPEC §4's "invalid
 * order status" and "invalid payment status"): clients read this code, never `message`.
 */
export const PAYMENT_FAILURE_REASONS = ['invalid order status', 'invalid payment status'] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/**
 * Why a payment the visitor may try again failed, when the visitor should hear it: the card
 * issuer's 3-D Secure check was not passed (not a declined card). Sent as `reason` beside a
 * retryable `payment_api_failure`.
 */
export const PAYMENT_RETRY_REASONS = ['authentication failed', 'payment cancelled'] as const;

/** The failure reason recorded when the visitor came back from a provider's page without paying. */
export const VISITOR_CANCELLED = 'the visitor cancelled the payment';

/** The failure reason a provider records when the 3-D Secure check was not passed. */
export const AUTHENTICATION_FAILED = '3-D Secure authentication failed';

/**
 * Why a visitor cannot cancel their own booking, sent as `reason` beside `conflict` (409): the
 * product does not allow it, its deadline passed, nothing is left to cancel, or the visit began
 * (an admission was used at the gate). Clients read this code, never `message`.
 */
export const SELF_CANCEL_REFUSALS = ['not allowed', 'deadline passed', 'nothing to cancel', 'visit begun'] as const;
export type SelfCancelRefusal = (typeof SELF_CANCEL_REFUSALS)[number];

const KNOWN_ERRORS: ReadonlySet<string> = new Set(SERVER_ERRORS);

export function isServerError(value: unknown): value is ServerError {
  return typeof value === 'string' && KNOWN_ERRORS.has(value);
}

/** The catalogue entry for a parsed error response body, or null when its `error` is not a known text. */
export function lookupError(body: unknown): { error: ServerError; entry: ErrorCatalogueEntry } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  return isServerError(error) ? { error, entry: ERROR_CATALOGUE[error] } : null;
}

/**
 * The generic connection error dialog of SPEC §8, for unknown errors and failed connections.
 * Built in because it must work when the texts could not be loaded; the wording equals
 * error_connection_title / error_connection_text in seed/src/texts.
 */
export const GENERIC_ERROR: Record<LanguageCode, { title: string; text: string; ok: string }> = {
  ja: { title: '通信ができませんでした', text: '通信が不安定です。再度お試しください。', ok: 'OK' },
  en: { title: 'We were unable to connect to the server', text: 'The connection is unstable. Please try again.', ok: 'OK' },
  'zh-hans': { title: '无法连接到服务器', text: '网络连接不稳定，请重试。', ok: 'OK' },
  kr: { title: '서버에 연결할 수 없습니다', text: '연결이 불안정합니다. 다시 시도해 주세요.', ok: 'OK' },
  'zh-hant': { title: '無法連線至伺服器', text: '網路連線不穩定，請再試一次。', ok: 'OK' },
  th: { title: 'ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้', text: 'การเชื่อมต่อไม่เสถียร กรุณาลองใหม่อีกครั้ง', ok: 'OK' },
};

/** The generic error dialog in `lang`, or in the default language when `lang` is not one of the six codes. */
export function genericError(lang: string): { title: string; text: string; ok: string } {
  return (LANGUAGE_CODES as readonly string[]).includes(lang)
    ? GENERIC_ERROR[lang as LanguageCode]
    : GENERIC_ERROR[DEFAULT_LANGUAGE];
}

/** A lazily loaded screen that does not arrive within CHUNK_LOAD_TIMEOUT_MS fails with this message. */
export const CHUNK_LOAD_FAILED = 'Loading chunk failed';

/** The generic client error messages of SPEC §8: failures of the request itself, not server error texts. */
export const GENERIC_CLIENT_ERRORS = {
  networkError: 'Network Error',
  requestAborted: 'Request aborted',
  timeoutExceeded: (ms: number) => `timeout of ${ms}ms exceeded`,
  /** For any status outside 200 to 299. */
  requestFailed: (status: number) => `Request failed with status code ${status}`,
  chunkLoadFailed: CHUNK_LOAD_FAILED,
} as const;
