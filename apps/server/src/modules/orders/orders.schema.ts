/** The tables the orders module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productTimeSpans } from '../catalog/catalog.schema.ts';
import { type LocalizedText, sites } from '../sites/sites.schema.ts';

export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    discountType: text('discount_type', { enum: ['percent', 'fixed'] }).notNull(),
    discountAmount: integer('discount_amount').notNull(),
    /** Visit dates the coupon covers (venue-local, inclusive). */
    coverageFrom: date('coverage_from', { mode: 'string' }).notNull(),
    coverageTo: date('coverage_to', { mode: 'string' }).notNull(),
    /** When the code itself stops being accepted. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    channels: text('channels').array().notNull(),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    campaign: text('campaign'),
    isInvitation: boolean('is_invitation').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Products the coupon applies to; null for all of the site's products. */
    productIds: integer('product_ids').array(),
    /** The batch a code was generated in (its prefix and when), for listing and export; null when made one by one. */
    batch: text('batch'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('coupons_site_code').on(t.siteId, t.code),
    check('coupons_usage', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check('coupons_amount', sql`${t.discountAmount} > 0`),
  ],
);

/** `unit_price`: the price the visitor was shown when the order was made, kept while they buy. */
export type OptionValue = { option_value_id: number; quantity: number; unit_price?: number };

export type SetProductValue = { set_product_id: number; quantity: number; unit_price?: number };

/**
 * An order: a temporary order holding places until `expiresAt`, then (after checkout) the
 * reservation. The id in URLs is a random token; only its hash is stored.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'ready_checkout', 'paying', 'completed', 'cancelled'] }).notNull(),
    channel: text('channel').notNull(),
    lang: text('lang').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    timeSpanId: integer('time_span_id')
      .notNull()
      .references(() => productTimeSpans.id),
    /** Admissions: places taken in the slot. */
    quantity: integer('quantity').notNull(),
    optionValues: jsonb('option_values').$type<OptionValue[]>().notNull(),
    setProducts: jsonb('set_products').$type<SetProductValue[]>().notNull(),
    customerFields: jsonb('customer_fields').$type<Record<string, string>>(),
    paymentMethod: text('payment_method'),
    memberId: integer('member_id'),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    reservationNumber: text('reservation_number'),
    reservationTokenHash: text('reservation_token_hash'),
    mailTokenHash: text('mail_token_hash'),
  },
  (t) => [
    index('orders_site_idx').on(t.siteId),
    // Most orders never get these (abandoned, or not yet completed): partial indexes keep a rush's
    // inserts to the indexes every order needs.
    uniqueIndex('orders_reservation_number_idx').on(t.reservationNumber).where(sql`${t.reservationNumber} is not null`),
    uniqueIndex('orders_reservation_token_hash_idx').on(t.reservationTokenHash).where(sql`${t.reservationTokenHash} is not null`),
    uniqueIndex('orders_mail_token_hash_idx').on(t.mailTokenHash).where(sql`${t.mailTokenHash} is not null`),
    check('orders_quantity', sql`${t.quantity} > 0`),
  ],
);

export const orderCoupons = pgTable(
  'order_coupons',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.couponId] })],
);
