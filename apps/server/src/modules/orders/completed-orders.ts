/**
 * What other modules may read of completed orders (a ticket, a reservation inquiry, a check-in,
 * a receipt), each taking the database or the caller's transaction first.
 */
import type { Database } from '../../db/client.ts';
import * as repo from './orders.repository.ts';

export type OrderRow = repo.OrderRow;

/** The completed order a reservation token first opened (the one minted at checkout). */
export function findCompletedByReservationToken(db: Database, siteId: number, tokenHash: string): Promise<OrderRow | null> {
  return repo.findCompletedByReservationToken(db, siteId, tokenHash);
}

export function findCompletedOrder(db: Database, siteId: number, orderId: string): Promise<OrderRow | null> {
  return repo.findCompletedOrder(db, siteId, orderId);
}

/** A completed order by its reservation number and the address it was made with (lower case). */
export function findCompletedByReservationNumber(
  db: Database,
  siteId: number,
  number: string,
  address: string,
): Promise<OrderRow | null> {
  return repo.findCompletedByReservationNumber(db, siteId, number, address);
}

/** A completed order by its reservation number as printed (`XXXXX-XXXXX`), for staff who read it off a booking. */
export function findCompletedByNumber(db: Database, siteId: number, number: string): Promise<OrderRow | null> {
  return repo.findCompletedByNumber(db, siteId, number);
}

/** Holds an order's row until the caller's transaction ends. */
export async function lockOrder(db: Database, orderId: string): Promise<void> {
  await repo.findOrderById(db, orderId, { lock: true });
}

/** Orders by id (any site, any status): the caller checks what it needs. */
export function listOrdersByIds(db: Database, orderIds: string[]): Promise<OrderRow[]> {
  return repo.listOrdersByIds(db, orderIds);
}

/** The site an order belongs to, read without a lock (null when there is no such order). */
export function siteIdOfOrder(db: Database, orderId: string): Promise<number | null> {
  return repo.siteIdOf(db, orderId);
}
