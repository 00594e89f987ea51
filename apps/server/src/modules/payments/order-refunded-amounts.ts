/**
 * What has gone back to the visitors of many orders at once, for the order export: each order's
 * succeeded refunds and the old partial refunds kept only as payment events, counted as the
 * ledger counts them (`order-ledger.ts`, decision 034). Orders with nothing refunded are absent.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

export async function refundedAmounts(db: Database, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const ids = `{${orderIds.join(',')}}`;
  const found = await rows<{ order_id: string; refunded: number }>(
    db,
    sql`select order_id, sum(amount)::int as refunded from (
          select r.order_id, r.amount from refunds r
            where r.order_id = any(${ids}::uuid[]) and r.status = 'succeeded'
          union all
          select p.order_id, (e.data->>'amount')::int from payment_events e
            join payments p on p.id = e.payment_id
            where p.order_id = any(${ids}::uuid[]) and e.kind = 'partially_refunded'
              and not exists (select 1 from refunds r2 where 'partial_refund:' || r2.idempotency_key = e.event_key)
        ) as money_back
        group by order_id`,
  );
  return new Map(found.map((row) => [row.order_id, row.refunded]));
}
