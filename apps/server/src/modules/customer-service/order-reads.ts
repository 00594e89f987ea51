/**
 * The orders module's `OrderReads` filled by the modules that own those tables: tickets say
 * whether an order's admissions stand, payments what went back and whose a payment number is.
 */
import type { OrderReads } from '../orders/order-reads.ts';
import { refundedOfOrder } from '../payments/order-refunds.ts';
import { orderIdByPaymentNumber } from '../payments/orders-by-payment-number.ts';
import * as admissions from '../tickets/admission-standing.ts';

export const orderReads: OrderReads = { admissions, refundedOfOrder, orderIdByPaymentNumber };
