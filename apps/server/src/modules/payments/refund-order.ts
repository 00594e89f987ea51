/**
 * Money going back on a completed order (decision 017): a refund is written as a `refunds` row in
 * the caller's transaction (under the kept payments' row locks, never more than is left
 * unrefunded), and asked of the provider that took the money only after that transaction commits.
 * A row still `pending` is asked again, with the same idempotency key, by the reconciler or a
 * retry; a `failed` one is retried under a fresh key.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';
import { providerOf } from './ask-provider.ts';
import { type KeptPayment, keptPayments, type RefundRow, refundableOfOrder } from './order-refunds.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { refunds } from './payments.schema.ts';

/** What asking a provider for a refund needs: the providers, the log, and how the visitor is told. */
export type RefundDeps = Pick<PaymentDeps, 'providers' | 'logger' | 'refundNotices'>;

export type RefundRequester = { requestedBy: RefundRow['requestedBy']; staffId: number | null };

export type OrderRefundRequest = RefundRequester & {
  orderId: string;
  siteId: number;
  currency: string;
  mode: 'provider' | 'outside';
  amount: number;
  reason: string;
  /**
   * Give back as much of `amount` as can be given instead of refusing more than is left (a
   * cancellation the venue or the visitor's rule decided, not an amount staff typed).
   */
  asMuchAsLeft?: boolean;
};

/**
 * Writes the refund of `amount` in the caller's transaction and returns its rows: one `outside`
 * row (succeeded at once), or `provider` rows, pending, latest kept payment first, each no more
 * than is left on its payment. Refuses (`refund.amount`) more than is left on the order.
 */
export async function recordOrderRefund(tx: Database, request: OrderRefundRequest): Promise<RefundRow[]> {
  const kept = await keptPayments(tx, request.orderId, { lock: true });
  const left = await refundableOfOrder(tx, kept, request.orderId);
  let amount = request.asMuchAsLeft ? Math.min(request.amount, left) : request.amount;
  if (amount <= 0) return [];
  if (amount > left) throw invalidField('refund.amount', `must be at most ${left}: that is what is left unrefunded on the order`);
  const common = {
    orderId: request.orderId,
    siteId: request.siteId,
    currency: request.currency,
    reason: request.reason,
    requestedBy: request.requestedBy,
    staffId: request.staffId,
  };
  if (request.mode === 'outside') {
    const [row] = await tx
      .insert(refunds)
      .values({
        ...common,
        kind: 'outside',
        amount,
        status: 'succeeded',
        idempotencyKey: `outside:${randomUUID()}`,
        settledAt: sql`app_now()`,
      })
      .returning();
    if (row) await announceRefund(tx, row);
    return row ? [row] : [];
  }
  const through = kept.filter((p) => p.provider !== 'free' && p.refundable > 0);
  const reachable = through.reduce((sum, p) => sum + p.refundable, 0);
  if (request.asMuchAsLeft) amount = Math.min(amount, reachable);
  if (amount <= 0) return [];
  if (amount > reachable)
    throw invalidField('refund.amount', `must be at most ${reachable}: that is what the payment provider can still give back`);
  const written: RefundRow[] = [];
  let owed = amount;
  for (const payment of through) {
    if (owed === 0) break;
    const part = Math.min(owed, payment.refundable);
    owed -= part;
    const [row] = await tx
      .insert(refunds)
      .values({
        ...common,
        paymentId: payment.id,
        kind: 'provider',
        amount: part,
        status: 'pending',
        idempotencyKey: randomUUID(),
      })
      .returning();
    if (row) written.push(row);
  }
  return written;
}

/** `order.refunded` for the venue's receivers, in the transaction where the refund succeeded. */
async function announceRefund(tx: Database, refund: RefundRow): Promise<void> {
  await enqueueWebhookEvent(tx, {
    venue: { id: refund.siteId },
    type: 'order.refunded',
    data: {
      order_id: refund.orderId,
      refund_id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      method: refund.kind,
      reason: refund.reason,
      requested_by: refund.requestedBy,
    },
  });
}

/**
 * Asks the provider for a pending refund and settles the row: succeeded or failed. An answer that
 * never came (the provider did not answer, the process stopped) leaves it pending, to be asked
 * again under the same key: the provider never refunds one key twice. The visitor's mail about
 * the outcome is written with the settling: of a failure (a cancellation's mail already told them
 * the money is coming), or with `tell: 'success'` of the money going back (a refund made on its
 * own, such as staff's retry, whose failing again tells them nothing new).
 */
export async function settleRefund(
  db: Database,
  deps: RefundDeps,
  refundId: string,
  options: { tell?: 'failure' | 'success' } = {},
): Promise<RefundRow | null> {
  const tell = options.tell ?? 'failure';
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (refund?.status !== 'pending' || refund.kind !== 'provider' || !refund.paymentId) return refund ?? null;
  const [payment] = await rows<{
    provider: KeptPayment['provider'];
    provider_reference: string | null;
    payment_number: string;
    site_id: number;
    currency: string;
  }>(
    db,
    sql`select provider, provider_reference, payment_number, site_id, currency from payments where id = ${refund.paymentId}`,
  );
  if (!payment) return refund;
  let result: Awaited<ReturnType<ReturnType<typeof providerOf>['refund']>>;
  try {
    result = await providerOf(deps, payment).refund({
      reference: payment.provider_reference ?? '',
      paymentNumber: payment.payment_number,
      siteId: payment.site_id,
      currency: payment.currency,
      amount: refund.amount,
      idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    deps.logger?.warn({ err: error, refund: refund.id }, 'a refund got no answer from its provider; it is asked again later');
    return refund;
  }
  // The settling and, when it succeeded, its webhook event commit together (decision 022).
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set(
        result.ok
          ? { status: 'succeeded', providerReference: result.reference, failureReason: null, settledAt: sql`app_now()` }
          : { status: 'failed', failureReason: result.reason, settledAt: sql`app_now()` },
      )
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), eq(refunds.idempotencyKey, refund.idempotencyKey)))
      .returning();
    if (row?.status === 'succeeded') await announceRefund(tx as unknown as Database, row);
    const told =
      row && deps.refundNotices && (tell === 'success' ? row.status === 'succeeded' : row.status === 'failed')
        ? await deps.refundNotices.write(tx as unknown as Database, row, row.status === 'succeeded' ? 'made' : 'failed')
        : null;
    return { row, told: told !== null && told !== undefined };
  });
  if (settled.told) deps.refundNotices?.queued();
  if (!result.ok)
    deps.logger?.error(
      { paymentNumber: payment.payment_number, refund: refund.id, reason: result.reason },
      'a refund was refused by its provider: listed for staff to retry or pay back by hand',
    );
  return settled.row ?? (await db.select().from(refunds).where(eq(refunds.id, refund.id)))[0] ?? null;
}

/**
 * Puts a failed refund back to pending under a fresh idempotency key (the provider answered the
 * old one for good), in the caller's transaction, if its payment still has that much left. A
 * pending refund stays as it is (it is asked again under its own key); a succeeded one is refused.
 */
export async function reopenRefund(tx: Database, orderId: string, refundId: string): Promise<RefundRow> {
  const kept = await keptPayments(tx, orderId, { lock: true });
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
    .for('update');
  if (!refund) throw specError('not found', { message: 'there is no such refund on this order' });
  if (refund.status === 'pending') return refund;
  if (refund.status === 'succeeded' || refund.kind !== 'provider')
    throw specError('conflict', { message: 'this refund has already been made' });
  const payment = kept.find((p) => p.id === refund.paymentId);
  const left = Math.min(payment?.refundable ?? 0, await refundableOfOrder(tx, kept, orderId));
  if (refund.amount > left)
    throw specError('conflict', { message: `only ${left} is left unrefunded on the payment; this refund cannot be made again` });
  const [reopened] = await tx
    .update(refunds)
    .set({ status: 'pending', idempotencyKey: randomUUID(), failureReason: null, settledAt: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'failed')))
    .returning();
  if (!reopened) throw specError('conflict', { message: 'the refund changed meanwhile; look again' });
  return reopened;
}

/**
 * The reconciler's part: asks again for provider refunds left pending for `olderThanSeconds` (a
 * process that stopped between the commit and the provider's answer). Returns how many it asked.
 */
export async function settleOwedOrderRefunds(db: Database, deps: RefundDeps, olderThanSeconds = 60): Promise<number> {
  const owed = await rows<{ id: string }>(
    db,
    sql`select id from refunds where status = 'pending' and kind = 'provider'
          and created_at < app_now() - make_interval(secs => ${olderThanSeconds})
        order by created_at limit 200`,
  );
  for (const refund of owed) {
    try {
      await settleRefund(db, deps, refund.id);
    } catch (error) {
      deps.logger?.warn({ err: error, refund: refund.id }, 'settling a refund failed');
    }
  }
  return owed.length;
}
