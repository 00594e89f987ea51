/**
 * What the console's order search and the slot statements place of other modules' tables in their
 * own statements, declared here and filled by those modules (`customer-service/order-reads.ts`):
 * whether an order's admissions stand (tickets), what of it went back (payments), and the order of
 * a payment number (payments). Each fragment names the order's id as the caller's statement has it.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export type OrderReads = {
  admissions: {
    /** A lateral subquery of one row: the order's admissions and its cancelled ones (`admissions`, `cancelled`). */
    admissionCounts(orderId: SQLWrapper): SQL;
    /** How many admissions the order has. */
    admissionTotal(orderId: SQLWrapper): SQL;
    /** Every order with a cancelled admission and how many (`order_id`, `cancelled`). */
    cancelledAdmissionsByOrder(): SQL;
    hasCancelledAdmission(orderId: SQLWrapper): SQL;
    /** The order has an admission that still stands (valid or used). */
    hasStandingAdmission(orderId: SQLWrapper): SQL;
    /** The order has an admission a cancellation can still take. */
    hasValidAdmission(orderId: SQLWrapper): SQL;
    validAdmissionCount(orderId: SQLWrapper): SQL;
  };
  /** What of the order's payments went back to the visitor, as an amount. */
  refundedOfOrder(orderId: SQLWrapper): SQL;
  /** The order of the venue's payment with this number; null when none. */
  orderIdByPaymentNumber(db: Database, siteId: number, paymentNumber: string): Promise<string | null>;
};
