/**
 * The waiting lists of sold-out slots (issue 22). A product's list is on when it has a row in
 * `waiting_list_products`, which says how long an offer holds its places. An entry waits in the
 * order it joined (`id`); when places come back it is offered them: a temporary order holds them
 * until `offer_expires_at`, and the visitor is mailed the link that opens it.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, productTimeSpans } from '../catalogue/catalogue.schema.ts';
import { sites } from '../sites/sites.schema.ts';

export const WAITING_LIST_STATUSES = ['waiting', 'offered', 'bought', 'left', 'lapsed', 'closed'] as const;

/** The products whose sold-out slots take a waiting list, and for how long an offer holds. */
export const waitingListProducts = pgTable(
  'waiting_list_products',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    offerMinutes: integer('offer_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [check('waiting_list_products_offer_minutes', sql`${t.offerMinutes} between 10 and 2880`)],
);

/**
 * One visitor on one slot's list. Status: waiting → offered → bought | lapsed (the offer passed
 * unused, and the places with it); waiting or offered → left (the visitor's link) or closed (the
 * slot is over, or staff took the entry off).
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    timeSpanId: integer('time_span_id')
      .notNull()
      .references(() => productTimeSpans.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The tickets asked for, as an order's `option_values`. */
    optionValues: jsonb('option_values').$type<{ option_value_id: number; quantity: number }[]>().notNull(),
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    status: text('status', { enum: WAITING_LIST_STATUSES }).notNull().default('waiting'),
    /** The hash of the token in the mails' "leave the list" link. */
    leaveTokenHash: text('leave_token_hash').notNull().unique(),
    /** The temporary order holding the offered places. */
    orderId: uuid('order_id'),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [
    index('waiting_list_waiting_idx').on(t.timeSpanId, t.id).where(sql`${t.status} = 'waiting'`),
    index('waiting_list_offered_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
    index('waiting_list_site_idx').on(t.siteId, t.timeSpanId, t.id),
    // One place in a slot's list per address.
    uniqueIndex('waiting_list_one_per_address')
      .on(t.timeSpanId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    check('waiting_list_quantity', sql`${t.quantity} between 1 and 100`),
  ],
);
