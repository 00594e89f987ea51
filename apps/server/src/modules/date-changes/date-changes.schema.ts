/** The tables the date-changes module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productTimeSpans } from '../catalogue/catalogue.schema.ts';
import { orders } from '../orders/orders.schema.ts';

/**
 * A visitor's change of a completed order to another slot (SPEC §4 change-date flow). The new
 * slot's places are held under this row's id in stock_holds until `expiresAt`; completing sells
 * them, gives the old slot's places back and moves the order, in one transaction. Status:
 * pending → waiting (a payment under way) → completed, or expired / cancelled; at most one
 * pending or waiting change per order. The token in URLs is stored hashed.
 */
export const dateChanges = pgTable(
  'time_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'waiting', 'completed', 'expired', 'cancelled'] }).notNull(),
    fromTimeSpanId: integer('from_time_span_id')
      .notNull()
      .references(() => productTimeSpans.id),
    toTimeSpanId: integer('to_time_span_id')
      .notNull()
      .references(() => productTimeSpans.id),
    quantity: integer('quantity').notNull(),
    lang: text('lang').notNull(),
    /** Where the confirmation goes when not to the reservation's own address. */
    email: text('email'),
    /** The order's total before the change, the same selection at the new date, the fee. */
    paid: integer('paid').notNull(),
    newSubtotal: integer('new_subtotal').notNull(),
    newDiscount: integer('new_discount').notNull(),
    newTotal: integer('new_total').notNull(),
    fee: integer('fee').notNull(),
    toPay: integer('to_pay').notNull(),
    toRefund: integer('to_refund').notNull(),
    resultingTotal: integer('resulting_total').notNull(),
    refundStatus: text('refund_status', { enum: ['refunded', 'refund_failed'] }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('time_changes_order_idx').on(t.orderId),
    // One change under way per ticket: a second tab's insert fails here even if it got past the check.
    uniqueIndex('time_changes_open_idx').on(t.orderId).where(sql`${t.status} in ('pending', 'waiting')`),
    check('time_changes_amounts', sql`${t.toPay} >= 0 and ${t.toRefund} >= 0 and ${t.quantity} > 0`),
  ],
);
