/**
 * What has gone back to the visitors of many orders at once, for the order export: each order's
 * succeeded refunds and the old partial refunds kept only as payment events, counted as the
 * ledger counts them (`order-ledger.ts`, decision 034), and where its money stands
 * (`refundStanding`, by the rule of the order's detail: its captured payments against its refunds
 * by status).
 */
import { type RefundStanding, refundStanding } from '@storefront/domain/console/order-detail';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

export type OrderRefunds = { refunded: number; standing: RefundStanding };

/** Orders with nothing paid back nor asked back are absent (nothing refunded, standing `none`). */
export async function refundsOfOrders(db: Database, orderIds: readonly string[]): Promise<Map<string, OrderRefunds>> {
  if (orderIds.length === 0) return new Map();
  const ids = `{${orderIds.join(',')}}`;
  const found = await rows<{
    order_id: string;
    refunded: number;
    succeeded: number;
    pending: number;
    failed: number;
    paid: number;
  }>(
    db,
    sql`select r.order_id, r.refunded, r.succeeded, r.pending, r.failed,
               (select coalesce(sum(p.amount), 0)::int from payments p
                 where p.order_id = r.order_id and p.status = 'captured' and p.completed_at is not null) as paid
        from (
          select order_id,
                 sum(amount) filter (where kind in ('succeeded', 'legacy'))::int as refunded,
                 coalesce(sum(amount) filter (where kind = 'succeeded'), 0)::int as succeeded,
                 coalesce(sum(amount) filter (where kind = 'pending'), 0)::int as pending,
                 coalesce(sum(amount) filter (where kind = 'failed'), 0)::int as failed
          from (
            select r.order_id, r.status as kind, r.amount from refunds r
              where r.order_id = any(${ids}::uuid[])
            union all
            select p.order_id, 'legacy', (e.data->>'amount')::int from payment_events e
              join payments p on p.id = e.payment_id
              where p.order_id = any(${ids}::uuid[]) and e.kind = 'partially_refunded'
                and not exists (select 1 from refunds r2 where 'partial_refund:' || r2.idempotency_key = e.event_key)
          ) as money_back
          group by order_id
        ) as r`,
  );
  return new Map(
    found.map((row) => [
      row.order_id,
      {
        refunded: Number(row.refunded ?? 0),
        standing: refundStanding({
          paid: Number(row.paid),
          succeeded: Number(row.succeeded),
          pending: Number(row.pending),
          failed: Number(row.failed),
        }),
      },
    ]),
  );
}
