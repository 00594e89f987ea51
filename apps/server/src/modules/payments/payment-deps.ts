import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import type { Begins, Completions } from './completion.ts';
import type { Payables } from './payable.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentProvider } from './providers/provider.ts';

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
};

export const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));
