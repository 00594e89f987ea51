/**
 * The one interface every payment provider implements (DESIGN.md, Payments). The shop keeps its
 * own ledger of attempts (payments.repository.ts); a provider only talks to its gateway.
 *
 * Every call is safe to repeat: `start` carries the attempt's idempotency key, and `status` and
 * `refund` are asked again until the ledger records their answer.
 */
import type { PaymentMethodId, PaymentProviderId } from '@storefront/domain/constants';

export type CardDetails = { number: string; exp_month: number; exp_year: number; cvc: string; name: string };

/** What a provider says about a payment. */
export type ProviderOutcome =
  | { status: 'captured'; reference: string }
  /** The visitor must go to `redirectUrl` (3-D Secure challenge, wallet approval) and come back. */
  | { status: 'requires_action'; reference: string; redirectUrl: string }
  /** Still under way at the provider (not yet decided). */
  | { status: 'pending'; reference: string }
  | { status: 'failed'; reference: string | null; retryable: boolean; reason: string };

/**
 * What a provider may also answer when asked about an attempt: it has no payment for it (yet). A
 * start still under way looks the same, so only an old attempt may be taken as never made.
 */
export type LookupOutcome = ProviderOutcome | { status: 'unknown'; reference: null };

/**
 * How an attempt is found at its provider: by its reference once the provider gave one, else by
 * what the shop sent with it (a start whose answer was lost, a process that stopped in between).
 */
export type PaymentLookup = {
  reference: string | null;
  paymentNumber: string;
  idempotencyKey: string;
  /** The venue the attempt is for: providers with an account per venue (Adyen's merchant accounts) need it. */
  siteId: number;
};

/** A refund asked of the provider: of the payment `reference` (the shop's `paymentNumber`). */
type RefundRequest = {
  reference: string;
  paymentNumber: string;
  siteId: number;
  amount: number;
  currency: string;
  idempotencyKey: string;
};

export type StartPayment = {
  /** The shop's payment number: one per attempt, shown to the gateway as its order id. */
  paymentNumber: string;
  /** The venue the payment is for. */
  siteId: number;
  /** Unique per attempt; the provider must not charge twice for one key. */
  idempotencyKey: string;
  method: PaymentMethodId;
  amount: number;
  currency: string;
  card?: CardDetails | undefined;
  cardToken?: string | undefined;
  /** Where the visitor's browser comes back to after a redirect (absolute URL). */
  returnUrl: string;
  /** Where a wallet page sends the visitor who cancels (absolute URL). */
  cancelUrl: string;
  description: string;
};

export type RefundResult = { ok: true; reference: string } | { ok: false; reason: string };

/** A provider's server-to-server notification, checked and read. */
export type ProviderNotification = {
  /** The provider's own event id: the same event delivered twice is recorded once. */
  eventId: string;
  /** The provider reference of the payment it is about. */
  reference: string;
  /** The shop's payment number the provider carries with it, for an attempt whose start answer was lost. */
  paymentNumber: string | null;
  outcome: ProviderOutcome;
};

/**
 * A refund the provider took and later reports as not made (Adyen refunds asynchronously: its
 * answer to the refund call only says the request was received).
 */
export type RefundFailedNotification = {
  kind: 'refund_failed';
  eventId: string;
  /** The provider reference of the payment the refund was to come from. */
  reference: string;
  /** The provider's reference of the refund itself, as its refund call answered. */
  refundReference: string;
  reason: string;
};

export type Notification = ProviderNotification | RefundFailedNotification;

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /**
   * The provider sends the visitor back only once they have paid or given up, to one address for
   * both (PayPay): an attempt still unpaid when the visitor is back was left, and is voided.
   */
  readonly returnsWhenDone?: boolean;
  /** Starts a payment: captured at once, a redirect, or a failure. */
  start(payment: StartPayment): Promise<ProviderOutcome>;
  /** Asks the provider where a payment stands (browser returns, reconciling, polling). */
  status(payment: PaymentLookup): Promise<LookupOutcome>;
  /**
   * Voids an attempt that is still open (a challenge or approval not yet answered), so that it can
   * never be captured after the order is paid another way. Answers where the attempt stands
   * afterwards: `failed` once it is dead, `captured` when the visitor paid first, `unknown` when the
   * provider has no such attempt (yet). Throws when the provider's answer was lost.
   */
  cancel(payment: PaymentLookup): Promise<LookupOutcome>;
  /**
   * How a redirect ended, from what the provider sent the visitor's browser back with (Adyen's
   * `redirectResult`). Providers that have it get their browser returns through the shop's server
   * (`GET payments/{paymentNumber}/return`) rather than straight to the storefront.
   */
  details?(payment: PaymentLookup, redirectResult: string): Promise<LookupOutcome>;
  /** Gives the money back; the same key never refunds twice. */
  refund(payment: RefundRequest): Promise<RefundResult>;
  /**
   * Checks a notification's signature and reads it; null when it is not about a payment. Throws
   * `InvalidNotification` when the signature is missing, forged or stale.
   */
  notification?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<Notification | Notification[] | null>;
}

/** The providers that send server-to-server notifications. */
export type NotifyingProvider = 'stripe' | 'adyen' | 'paypay';

export class InvalidNotification extends Error {}
