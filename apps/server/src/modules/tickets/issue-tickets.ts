/** The admissions of a completed order, issued in the transaction that completes it. */
import type { Database } from '../../db/client.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { tickets } from './tickets.schema.ts';

/**
 * The admissions of orders completed together, in one statement: one per option id given (one per
 * person), numbered in that order from 1 within each order.
 */
export async function issueTicketsOfOrders(
  tx: Database,
  orders: { orderId: string; admissionOptionIds: number[] }[],
): Promise<void> {
  const values = orders.flatMap(({ orderId, admissionOptionIds }) =>
    admissionOptionIds.map((optionId, index) => ({ orderId, optionId, position: index + 1 })),
  );
  if (values.length === 0) return;
  await insertRows(tx, tickets, values);
}
