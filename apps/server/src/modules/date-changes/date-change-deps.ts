import type { LanguageCode } from '@storefront/domain/constants';
import type { ErrorCode } from '@storefront/domain/errors/catalogue';
import type { Database } from '../../db/client.ts';
import { type ErrorExtra, specError } from '../../http/errors.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';

/** The two tokens of a change, when the caller knows them: failures carry them back (SPEC §7). */
export type ChangeTokens = { reservationToken?: string | undefined; timechangeToken?: string | undefined };

/** A failure of SPEC §8 flagged as a date change's, with its tokens (SPEC §7 error fields). */
export function changeError(code: ErrorCode, tokens: ChangeTokens = {}, extra: ErrorExtra = {}) {
  return specError(code, {
    is_time_change: true,
    ...(tokens.reservationToken ? { old_reservation_token: tokens.reservationToken } : {}),
    ...(tokens.timechangeToken ? { time_change_token: tokens.timechangeToken } : {}),
    ...extra,
  });
}

type DateChangeMail = {
  site: Site;
  orderId: string;
  email: string;
  lang: LanguageCode;
  reservationToken: string;
  reservationNumber: string;
  productName: string;
  from: { date: string; time: string | null };
  to: { date: string; time: string | null };
  paid: number;
  refunded: number;
  currency: Site['currency'];
};

export type DateChangesOptions = {
  /** Writes the confirmation mail into the outbox in the completing transaction. */
  enqueueConfirmation?: (tx: Database, mail: DateChangeMail) => Promise<void>;
  /** Gives part of an order's payment back (a cheaper change); false when the provider refused. */
  refund?: (request: { orderId: string; amount: number; idempotencyKey: string }) => Promise<boolean>;
  onStockChanged?: () => void;
  onMailQueued?: () => void;
};

/** What the date-change operations are given: the orders module's members they use, and the options. */
export type DateChangeDeps = {
  orders: Pick<OrdersService, 'productOf' | 'slotOf' | 'priceForChange' | 'lockCompleted' | 'moveToSlot' | 'paymentMethodOf'>;
  options: DateChangesOptions;
};

export const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/** After a transaction that took or gave back places (and perhaps queued mail) commits. */
export function afterCommit(deps: DateChangeDeps, result: { mailQueued?: boolean }) {
  deps.options.onStockChanged?.();
  if (result.mailQueued) deps.options.onMailQueued?.();
}
