/**
 * What a payment is for, as the ledger sees it (decisions 007, 009): an order, or the difference
 * of a date change. The ledger keeps the money's side (the payment row, its lock, which payment
 * completed what); a payable keeps its own side and is asked at four moments: when an attempt
 * begins, when it fails, when a captured payment completes it, and after that commits.
 */
import type { ErrorBody } from '@storefront/domain/api/common';
import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import type { PaymentRow } from './payments.repository.ts';

/** The ledger's row, as payables see it. */
export type { PaymentRow };

/** The payable's side of an attempt, which the ledger's row is written from. */
type PaymentToRecord = {
  orderId: string;
  /** Set when the payment is for a date change of the order. */
  dateChangeId?: string;
  method: string;
  provider: PaymentRow['provider'];
  amount: number;
  currency: string;
};

export type PayableCompletion =
  /** Completed now (`justCompleted`) or before; the visitor is answered with it. */
  | {
      kind: 'completed';
      answer: CheckoutAnswer;
      justCompleted: boolean;
      /**
       * The payable's last write, on its hottest rows (the places of a sale): run after the
       * ledger's own, just before the commit, so their lock is held only to it. Throws
       * `CompletionRefused` when it cannot be done.
       */
      finish?: () => Promise<void>;
    }
  /** Nothing was completed (places gone, no longer waiting for this payment): the payment goes back. */
  | { kind: 'refund'; reason: string };

/**
 * Thrown by a payable's `complete` that finds, after writing its side, that it cannot complete
 * (the places were gone when it came to sell them): the completing transaction rolls back, so
 * nothing it wrote is kept, and the payment is refunded with this reason.
 */
export class CompletionRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

/** Fields of SPEC §7's error body a payable's failures carry, so the visitor returns to the right page. */
export type FailureFields = {
  /** On every failure of settling its payment. */
  every: Omit<ErrorBody, 'error'>;
  /** Besides, on failures the visitor retries from (a failed payment, a start the provider did not take). */
  retry: Omit<ErrorBody, 'error'>;
};

export type Payable<Ref> = {
  /**
   * Checks the payable and writes its side of an attempt (the order becomes `paying`, the change
   * `waiting`), then runs `record`, the ledger's row, in the same transaction.
   */
  begin(
    site: Site,
    ref: Ref,
    body: { payment_method: string },
    record: (tx: Database, payment: PaymentToRecord) => Promise<PaymentRow>,
  ): Promise<PaymentRow>;
  /**
   * `begin` for checkouts of the same moment (decision 030), in one transaction: `record` writes
   * the attempts of those whose checks passed. Answers, in the order asked, each one's row, the
   * error its visitor is told, or 'alone' (it begins through `begin`). A payable without it
   * always begins alone.
   */
  beginMany?(
    begins: { site: Site; ref: Ref; body: { payment_method: string } }[],
    record: (tx: Database, payments: { site: Site; payment: PaymentToRecord }[]) => Promise<PaymentRow[]>,
  ): Promise<({ begun: PaymentRow } | { error: unknown } | 'alone')[]>;
  /** The latest attempt failed: the payable can be paid again (in the caller's transaction). */
  abandon(tx: Database, payment: PaymentRow): Promise<void>;
  /** A captured payment completes the payable, once, in the caller's transaction (the payment row is locked). */
  complete(tx: Database, site: Site, payment: PaymentRow): Promise<PayableCompletion>;
  /** After the completing transaction commits (awaited before the visitor is answered): availability and mail go at once. */
  afterCommit(payment: PaymentRow): void | Promise<void>;
  /**
   * `complete` for payments captured at the same moment (decision 030), together, in the caller's
   * transaction: each payment row is locked, captured, has not completed anything, and is the only
   * one of its payable in the batch. Answers, by payment id, the payables it completed (their
   * places sold already: nothing is left to `finish`); a payment it leaves out changed nothing and
   * completes alone. A payable without it always completes alone.
   */
  completeMany?(tx: Database, paid: { site: Site; payment: PaymentRow }[]): Promise<Map<string, CheckoutAnswer>>;
  /** `afterCommit` for payments completed together by `completeMany`. */
  afterCommitMany?(payments: PaymentRow[]): Promise<void>;
  /** The error fields of its failures, with the caller's reference when it has one. */
  failureFields(ref?: Ref): FailureFields;
  /** How the provider sends the visitor back (SPEC §4 return routes). */
  returnsAs: { dateChange: boolean };
};

/** What each kind of payable is named by when a visitor pays it. */
export type PayableRefs = {
  /** The order token. */
  order: string;
  /** A date change and the ticket it belongs to (SPEC §7 `old_reservation_token`, `time_change_token`). */
  'date-change': { reservationToken: string; timechangeToken: string };
};
export type PayableKind = keyof PayableRefs;
export type Payables = { [K in PayableKind]: Payable<PayableRefs[K]> };

/** The payable a ledger row pays for: a row with a date change pays for that change, any other for its order. */
export function payableOf(payables: Payables, payment: PaymentRow): Payables[PayableKind] {
  return payment.dateChangeId === null ? payables.order : payables['date-change'];
}
