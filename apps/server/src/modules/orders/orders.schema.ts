/** The tables the orders module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { type SQLWrapper, sql } from 'drizzle-orm';
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
import { products, productTimeSpans } from '../catalogue/catalogue.schema.ts';
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
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
 * What the console's order search compares (`search-orders.ts`), written once so that its
 * statements and the indexes below are the same expressions (the planner matches them exactly).
 */
export const searchKeys = {
  /** The address in lower case (addresses are compared without regard to case). */
  email: (fields: SQLWrapper) => sql`lower(${fields}->>'email')`,
  /** The phone number's digits alone. */
  phone: (fields: SQLWrapper) => sql`regexp_replace(${fields}->>'phone', '[^0-9]', '', 'g')`,
  /** The name's words in lower case, split at any space (an ideographic one too). */
  nameWords: (fields: SQLWrapper) => sql`regexp_split_to_array(lower(${fields}->>'fullname'), '[[:space:]　]+')`,
  /** The whole name in lower case without spaces, in byte order so that a prefix is a range of the index. */
  name: (fields: SQLWrapper) => sql`(lower(translate(${fields}->>'fullname', ' 　', '')) collate "C")`,
};

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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
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
    // The console's search (`search-orders.ts`) looks only at completed orders (those with a
    // reservation number): partial indexes, so abandoned orders and a rush's inserts pay nothing.
    // The page of a search is chosen from these indexes alone (the order's columns are read for its
    // rows only): each holds the keys a page is sorted by, and the id.
    index('orders_site_completed_idx')
      .on(t.siteId, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.reservationNumber} is not null`),
    index('orders_slot_completed_idx')
      .on(t.timeSpanId, t.siteId, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.reservationNumber} is not null`),
    index('orders_product_completed_idx')
      .on(t.productId, t.siteId, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.reservationNumber} is not null`),
    // The status filters find a venue's orders with a cancellation from the cancelled admissions,
    // looking each order up by its id (`search-orders.ts`): this index answers that lookup and the
    // keys of its page without reading the order's row.
    index('orders_completed_by_id_idx')
      .on(t.id, t.siteId, t.completedAt, t.timeSpanId)
      .where(sql`${t.reservationNumber} is not null`),
    index('orders_site_email_idx')
      .on(t.siteId, searchKeys.email(t.customerFields))
      .where(sql`${t.reservationNumber} is not null`),
    index('orders_site_phone_idx')
      .on(t.siteId, searchKeys.phone(t.customerFields))
      .where(sql`${t.reservationNumber} is not null`),
    index('orders_site_name_idx').on(t.siteId, searchKeys.name(t.customerFields)).where(sql`${t.reservationNumber} is not null`),
    index('orders_name_words_idx')
      .using('gin', searchKeys.nameWords(t.customerFields))
      .where(sql`${t.reservationNumber} is not null`),
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
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.couponId] }),
    // The orders that used a coupon (the console's search by code).
    index('order_coupons_coupon_idx').on(t.couponId),
  ],
);
