/**
 * What other modules may read of the ledger to find an order: the order a payment number (the
 * `pay_…` a visitor reads from a gateway's receipt) was taken for, at one venue.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments } from './payments.schema.ts';

/** The order of the venue's payment with this number (a date change's payment names its order too); null when none. */
export async function orderIdByPaymentNumber(db: Database, siteId: number, paymentNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.paymentNumber, paymentNumber), eq(payments.siteId, siteId)));
  return row?.orderId ?? null;
}
