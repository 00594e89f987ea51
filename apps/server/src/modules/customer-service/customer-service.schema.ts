/** The table the customer-service module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

/**
 * A staff member's note on an order ("called on the 3rd, sent the ticket again"). The author is
 * named as the audit log names an actor: no foreign key, so that a note outlives its author's account.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id'),
    staffLabel: text('staff_label').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);
