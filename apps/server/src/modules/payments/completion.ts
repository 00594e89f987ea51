/** What completing a captured payment comes to, and the completer that completes them (decision 030). */
import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { Site } from '../sites/site.ts';
import type { PayableCompletion } from './payable.ts';
import type * as repo from './payments.repository.ts';

export type Completion =
  | Extract<PayableCompletion, { kind: 'refund' }>
  /**
   * The payable is completed; `openSiblings`: other attempts a provider may still capture are to be
   * voided; `announced`: its completion was recorded in the ledger's events and the payable's
   * after-commit work done already (a batch does both for all its payments).
   */
  | { kind: 'completed'; answer: CheckoutAnswer; justCompleted: boolean; openSiblings: boolean; announced?: boolean }
  /** Another payment completed the payable first: this one is refunded, the visitor answered with the payable as it stands. */
  | { kind: 'surplus'; answer: CheckoutAnswer }
  /** The payment was no longer captured when locked (another delivery settled it). */
  | { kind: 'moved'; payment: repo.PaymentRow };

/** A capture the provider just answered (a checkout's synchronous payment), recorded by the batch. */
export type Capture = { reference: string; source: string };

export type Completions = {
  /** `completePayment`, with whatever else is waiting to complete at the same moment. */
  complete(site: Site, payment: repo.PaymentRow): Promise<Completion>;
  /**
   * A payment still open whose provider has just said it is captured: the capture is recorded
   * (as `recordOutcome` does) in the transaction that completes it. Answers the recorded row and
   * its completion, or null when the row had moved on meanwhile and nothing was recorded: the
   * caller records the outcome itself.
   */
  captured(
    site: Site,
    payment: repo.PaymentRow,
    capture: Capture,
  ): Promise<{ payment: repo.PaymentRow; completion: Completion } | null>;
};

export type Begins = {
  /**
   * An order's payment begins (`payable.begin`) with the other checkouts of the moment. Answers
   * its ledger row, or null when it is to begin alone; throws what its visitor is to be told.
   */
  begin(site: Site, orderToken: string, body: { payment_method: string }): Promise<repo.PaymentRow | null>;
};
