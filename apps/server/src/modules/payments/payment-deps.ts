import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import type { Begins, Completions } from './completion.ts';
import type { RefundRow } from './order-refunds.ts';
import type { Payables } from './payable.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentProvider } from './providers/provider.ts';

/**
 * How a visitor hears of a refund on its own (the `refundNotices` port, filled by the mail plugin): one that failed,
 * and one staff made again. A refund written with a cancellation is told in the cancellation's mail.
 */
export type RefundNotices = {
  /**
   * Writes the visitor's mail in the caller's transaction, the one that records the refund's
   * outcome: a refund row, or a whole payment given back (a capture that completed nothing).
   */
  write: (
    tx: Database,
    refund: Pick<RefundRow, 'orderId' | 'siteId' | 'amount' | 'kind' | 'paymentId'>,
    outcome: 'made' | 'failed',
  ) => Promise<unknown>;
  /** After that transaction commits: the mail goes at once. */
  queued: () => void;
};

/** What the payment operations are given at construction. */
export type PaymentDeps = {
  payables: Payables;
  providers: Partial<Record<PaymentRow['provider'], PaymentProvider>>;
  /** Where visitors reach the shop; return URLs are built on it. */
  publicUrl: () => string;
  siteById: (id: number) => Promise<Site | null>;
  logger?: FastifyBaseLogger | undefined;
  /** Completes captured payments of the same moment together (decision 030); without it each completes alone. */
  completions?: Completions | undefined;
  /** Begins orders' payments of the same moment together (decision 030); without it each begins alone. */
  begins?: Begins | undefined;
  /** The visitor's mail about a refund that failed or was made on its own; without it, none. */
  refundNotices?: RefundNotices | undefined;
};

export const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));
