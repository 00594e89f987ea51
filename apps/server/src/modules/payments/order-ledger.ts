/**
 * What the ledger says an order's money is, for the money documents of the tickets module
 * (receipts, refund documents; decision 034): what its kept payments took (the one that completed
 * it and those of its date changes, as the sales journal counts them), its refunds that succeeded
 * (as the journal counts them, on the day they settled), and what is still on its way back.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

export type LedgerRefund = { id: string; amount: number; settledAt: Date };

export type OrderLedger = {
  /** The kept payments' amounts. */
  paid: number;
  /** Refunds that succeeded, and partial refunds of cheaper date changes kept only as payment events. */
  refunded: number;
  /** The succeeded refunds with a row of their own, oldest first. */
  refunds: LedgerRefund[];
  /** Refunds asked for whose answer has not come yet. */
  pending: number;
};

export async function orderLedger(db: Database, orderId: string): Promise<OrderLedger> {
  const [totals] = await rows<{ paid: number; legacy: number; pending: number }>(
    db,
    sql`select
          (select coalesce(sum(p.amount), 0)::int from payments p
            where p.order_id = ${orderId} and p.completed_at is not null) as paid,
          (select coalesce(sum((e.data->>'amount')::int), 0)::int from payment_events e
            join payments p on p.id = e.payment_id
            where p.order_id = ${orderId} and e.kind = 'partially_refunded'
              and not exists (select 1 from refunds r2 where 'partial_refund:' || r2.idempotency_key = e.event_key)) as legacy,
          (select coalesce(sum(r.amount), 0)::int from refunds r
            where r.order_id = ${orderId} and r.status = 'pending') as pending`,
  );
  const refunds = await rows<{ id: string; amount: number; settled_at: Date | string }>(
    db,
    sql`select id, amount, settled_at from refunds
        where order_id = ${orderId} and status = 'succeeded' order by settled_at, id`,
  );
  const listed = refunds.map((r) => ({ id: r.id, amount: r.amount, settledAt: new Date(r.settled_at) }));
  return {
    paid: totals?.paid ?? 0,
    refunded: listed.reduce((sum, r) => sum + r.amount, 0) + (totals?.legacy ?? 0),
    refunds: listed,
    pending: totals?.pending ?? 0,
  };
}
