/** What every ticket operation shares: the orders it shows, the signing key, mail and date changes. */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { SelfCancelOffer } from '@storefront/domain/api/tickets';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';
import { type Access, findAccess } from './order-tickets.ts';
import type { TicketMailOptions } from './ticket-mail.ts';
import type { createKeyCache } from './ticket-signing.ts';

/** A completed date change's fee, as a receipt lists it. */
export type ChangeFee = { quantity: number; fee: number };

/** What tickets ask of date changes (the date-changes service, given by the tickets plugin). */
type TicketDateChanges = {
  /** The fees of the order's completed changes, which its receipt counts. */
  completedChangeFees(orderId: string): Promise<ChangeFee[]>;
  /** Whether the holder may change the date of the ticket `access` opens now. */
  isChangeable(site: Site, access: Access, now?: Date): Promise<boolean>;
};

export type TicketsServiceOptions = TicketMailOptions & {
  dateChanges?: TicketDateChanges;
  /** What the holder's own cancellation of the booking would be now; none where it is not offered. */
  selfCancel?: (db: Database, site: Site, access: Access, now: Date) => Promise<SelfCancelOffer | null>;
  /** Whether the venue offers Apple Wallet passes (the `appleWalletOffered` port). */
  appleWallet?: (siteId: number) => Promise<boolean>;
  /** Whether the venue offers Google Wallet passes (the `googleWalletOffered` port). */
  googleWallet?: (siteId: number) => Promise<boolean>;
};

export type TicketsContext = {
  orders: Pick<OrdersService, 'describe'>;
  signingKey: ReturnType<typeof createKeyCache>;
  options: TicketsServiceOptions;
};

export const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

export async function requireAccess(tx: Database, site: Site, token: string): Promise<Access> {
  const access = await findAccess(tx, site.id, hashToken(token));
  if (!access) throw specError('ticket not found', { message: 'there is no ticket with this token' });
  return access;
}

export async function requireOrder(ctx: TicketsContext, site: Site, orderId: string, lang: string): Promise<TemporaryOrder> {
  const order = await ctx.orders.describe(site, orderId, lang);
  if (!order) throw specError('ticket not found');
  return order;
}
