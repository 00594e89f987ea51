/**
 * What every order operation shares: the short-lived product cache, the batching placer and
 * details writes, the events an order announces, and the checks that open an order for a change.
 */
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import type { DetailsWrites } from './details-together.ts';
import type { OrderEvents } from './order-events.ts';
import type { OrderPlacer } from './order-placer.ts';
import * as repo from './orders.repository.ts';
import type { ProductBundles } from './product-bundles.ts';

/**
 * The tickets of orders completed together, issued in the completing transaction: one admission per
 * option id given (one per person), numbered in that order. The tickets module fills it.
 */
export type IssueTickets = (tx: Database, orders: { orderId: string; admissionOptionIds: number[] }[]) => Promise<void>;

export type OrdersContext = {
  bundles: ProductBundles;
  placer: OrderPlacer;
  details: DetailsWrites;
  events: OrderEvents;
  issueTickets: IssueTickets;
};

export const OPEN_STATUSES = new Set(['pending', 'ready_checkout']);

export const sessionTimeout = () => specError('session_timeout');

/** Runs `work` in one transaction of `db`. */
export const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/** The open order for a token, locked, or the error the visitor should see. */
export async function openOrder(tx: Database, site: Site, token: string): Promise<repo.LockedOrder> {
  return checkOpen(await repo.lockOrder(tx, { siteId: site.id, tokenHash: hashToken(token) }));
}

/** An order that can still be changed, or the error the visitor should see. */
export function checkOpen<O extends repo.LockedOrder>(order: O | null): O {
  if (!order) throw specError('record not found', { message: 'there is no order with this token' });
  if (!OPEN_STATUSES.has(order.status)) throw specError('order status must be ready_checkout');
  if (order.expired) throw sessionTimeout();
  return order;
}

/** The order for a token, whatever its status, or not found. */
export async function orderOfToken(db: Database, site: Site, token: string): Promise<repo.OrderRow> {
  const order = await repo.findOrder(db, site.id, hashToken(token));
  if (!order) throw specError('record not found', { message: 'there is no order with this token' });
  return order;
}
