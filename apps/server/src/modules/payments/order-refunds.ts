/**
 * What an order's money is: its kept payments (the one that completed it and those that paid for
 * its date changes), how much of each is still unrefunded, and its refunds. Read by customer
 * service; each takes the database or the caller's transaction first.
 */
import type { PaymentProviderId } from '@storefront/domain/constants';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { payments, refunds } from './payments.schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

export type KeptPayment = {
  id: string;
  paymentNumber: string;
  siteId: number;
  provider: PaymentProviderId;
  method: string;
  amount: number;
  currency: string;
  providerReference: string | null;
  /** What may still go back through it: its amount less its refunds that did not fail. */
  refundable: number;
};

/**
 * The order's kept payments, latest first, with what is left unrefunded on each. A refund counts
 * against its payment while it is pending or succeeded; a failed one gives its amount back to the
 * pool. Partial refunds of cheaper date changes made before refunds had rows of their own (kept
 * only as `partially_refunded` payment events) count too. With `lock`, the payment rows stay
 * locked to the end of the caller's transaction: every refund is decided under them.
 */
export async function keptPayments(db: Database, orderId: string, options: { lock?: boolean } = {}): Promise<KeptPayment[]> {
  if (options.lock) {
    // Locked in id order, the same order every refund takes them in.
    await rows(
      db,
      sql`select id from payments where order_id = ${orderId} and completed_at is not null and status = 'captured'
          order by id for update`,
    );
  }
  const found = await rows<{
    id: string;
    payment_number: string;
    site_id: number;
    provider: KeptPayment['provider'];
    method: string;
    amount: number;
    currency: string;
    provider_reference: string | null;
    refundable: number;
  }>(
    db,
    sql`select p.id, p.payment_number, p.site_id, p.provider, p.method, p.amount, p.currency, p.provider_reference,
          (p.amount
            - coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)
            - coalesce((select sum((e.data->>'amount')::int) from payment_events e
                        where e.payment_id = p.id and e.kind = 'partially_refunded'
                          and not exists (select 1 from refunds r2 where 'partial_refund:' || r2.idempotency_key = e.event_key)), 0)
          )::int as refundable
        from payments p
        where p.order_id = ${orderId} and p.completed_at is not null and p.status = 'captured'
        order by p.attempt desc`,
  );
  return found.map((p) => ({
    id: p.id,
    paymentNumber: p.payment_number,
    siteId: p.site_id,
    provider: p.provider,
    method: p.method,
    amount: p.amount,
    currency: p.currency,
    providerReference: p.provider_reference,
    refundable: Math.max(0, p.refundable),
  }));
}

/**
 * What is left unrefunded on the whole order: its kept payments' refundable amounts less the
 * refunds made outside the system (which name no payment but count against what was paid).
 */
export async function refundableOfOrder(db: Database, kept: KeptPayment[], orderId: string): Promise<number> {
  const [outside] = await rows<{ amount: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int as amount from refunds
        where order_id = ${orderId} and kind = 'outside' and status <> 'failed'`,
  );
  const total = kept.reduce((sum, p) => sum + p.refundable, 0);
  return Math.max(0, total - (outside?.amount ?? 0));
}

export type OrderRefundView = RefundRow & { paymentNumber: string | null };

/** An order's refunds, oldest first, with the payment number each went back through. */
export async function listOrderRefunds(db: Database, orderId: string): Promise<OrderRefundView[]> {
  const found = await db
    .select({ refund: refunds, paymentNumber: payments.paymentNumber })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return found.map((r) => ({ ...r.refund, paymentNumber: r.paymentNumber ?? null }));
}

export async function findOrderRefund(db: Database, orderId: string, refundId: string): Promise<OrderRefundView | null> {
  const all = await listOrderRefunds(db, orderId);
  return all.find((r) => r.id === refundId) ?? null;
}

/** A venue's refunds in one status, newest first (the failed ones are staff's follow-up list). */
export async function listVenueRefunds(
  db: Database,
  siteId: number,
  options: { status: RefundRow['status']; limit: number },
): Promise<OrderRefundView[]> {
  const found = await db
    .select({ refund: refunds, paymentNumber: payments.paymentNumber })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.siteId, siteId), eq(refunds.status, options.status)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(options.limit);
  return found.map((r) => ({ ...r.refund, paymentNumber: r.paymentNumber ?? null }));
}

/** What has gone back of an order (refunds that did not fail), as a number for another module's statement. */
export const refundedOfOrder = (orderId: SQLWrapper): SQL =>
  sql`(select coalesce(sum(r.amount), 0)::int from refunds r where r.order_id = ${orderId} and r.status <> 'failed')`;

export type RefundStatusTotals = Record<RefundRow['status'], { count: number; amount: number }>;

/** Some refunds counted and added up by status (a job's refunds, say). */
export async function refundTotals(db: Database, refundIds: string[]): Promise<RefundStatusTotals> {
  const totals: RefundStatusTotals = {
    pending: { count: 0, amount: 0 },
    succeeded: { count: 0, amount: 0 },
    failed: { count: 0, amount: 0 },
  };
  if (refundIds.length === 0) return totals;
  const found = await rows<{ status: RefundRow['status']; count: number; amount: string }>(
    db,
    sql`select status, count(*)::int as count, sum(amount)::text as amount from refunds
        where id = any(${`{${refundIds.join(',')}}`}::uuid[]) group by status`,
  );
  for (const r of found) totals[r.status] = { count: r.count, amount: Number(r.amount) };
  return totals;
}

/** Which of some refunds failed, oldest first, at most `limit`. */
export async function failedRefundsAmong(db: Database, refundIds: string[], limit: number): Promise<RefundRow[]> {
  if (refundIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(sql`${refunds.id} = any(${`{${refundIds.join(',')}}`}::uuid[])`, eq(refunds.status, 'failed')))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}
