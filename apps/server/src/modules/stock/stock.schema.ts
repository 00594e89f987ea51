/**
 * The tables the stock module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`).
 * The stock module is also the only writer of the stock counters on the catalogue's slot rows
 * (`product_time_spans.held/sold`), which it updates, together with a set product's per-slot limit
 * it reads, in single conditional statements (docs/decisions/005, 013): the one place a module's
 * SQL names another module's table.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { productTimeSpans, setProducts } from '../catalogue/catalogue.schema.ts';

/**
 * Places held by a temporary order until `expiresAt`. Availability counts only live holds
 * (`expires_at > app_now()`), so an expired hold gives its stock back without any sweeper.
 * `setProductId` null means the hold is on the time slot itself.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id'),
    timeSpanId: integer('time_span_id')
      .notNull()
      .references(() => productTimeSpans.id, { onDelete: 'cascade' }),
    setProductId: integer('set_product_id').references(() => setProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the hold was taken; null for holds taken before it was recorded. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).default(sql`app_now()`),
    /** Set when the hold ends: given back (cancelled, changed, expired and reclaimed) or sold. */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when an order's completion sold the hold without touching the slot's counters (the
     * sale's hottest row). Until it is folded (`released_at` set, `held` moved to `sold`, right
     * after that commit) the hold stays unreleased, is never reclaimed however old, and keeps
     * counting as held, so availability is the same throughout.
     */
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('stock_holds_span_expiry_idx').on(t.timeSpanId, t.expiresAt),
    index('stock_holds_order_idx').on(t.orderId),
    index('stock_holds_unfolded_idx').on(t.timeSpanId).where(sql`${t.soldAt} is not null and ${t.releasedAt} is null`),
    check('stock_holds_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Sold and held places of each set product per main slot. */
export const setProductStocks = pgTable(
  'set_product_stocks',
  {
    setProductId: integer('set_product_id')
      .notNull()
      .references(() => setProducts.id, { onDelete: 'cascade' }),
    timeSpanId: integer('time_span_id')
      .notNull()
      .references(() => productTimeSpans.id, { onDelete: 'cascade' }),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.setProductId, t.timeSpanId] })],
);
