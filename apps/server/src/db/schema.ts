/**
 * The database schema. Migrations in ./migrations are generated from this file
 * (`npm run db:generate`) and committed; a test fails when the two disagree.
 */

import { type DateChangeSettings, DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
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

/** A text per language code, e.g. { ja: '…', en: '…' }. */
export type LocalizedText = Record<string, string>;

export type SignInFieldSettings = {
  residentAreaField: 'text' | 'select';
  residentAreaList: 'countries' | 'prefectures' | 'regions';
  ageBands: 'teens_to_70' | 'young_adult_to_80';
  genderChoices: 'man_woman' | 'male_female_other';
  /** How the "no selection" choice is sent: as an empty value, "none" or the noSend marker. */
  noSelectValue: 'empty' | 'none' | 'noSend';
};

export type TicketDisplaySettings = {
  type: 'fusion' | 'separate';
  headerColor: { pc: string; sp: string };
  showsHeaderLogo: { pc: boolean; sp: boolean };
};

export type MailConfirmSettings = {
  /** A second e-mail entry must match the first (on for all sites, SPEC §3). */
  customerEmailConfirm: boolean;
  /** The visitor confirms their address through a mailed link before paying. */
  confirmByMail: boolean;
};

export type ThemeSettings = {
  primary: string;
  onPrimary: string;
  background: string;
  text: string;
  accent: string;
  logoSvg: string;
};

export type VenueSettings = {
  name: LocalizedText;
  address: LocalizedText;
  email: string;
  phone: string;
};

/** Public keys only; secrets come from the environment. */
export type PaymentProviderKeys = Record<string, Record<string, string>>;

export const sites = pgTable('sites', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  variant: text('variant').notNull().unique(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['exhibition', 'cafe'] }).notNull(),
  position: integer('position').notNull(),
  currency: text('currency', { enum: ['JPY', 'USD', 'EUR', 'SAR'] })
    .notNull()
    .default('JPY'),
  timeZone: text('time_zone').notNull().default('Asia/Tokyo'),
  isStartMailConfirmOnly: boolean('is_start_mail_confirm_only').notNull().default(false),
  mailConfirm: jsonb('mail_confirm').$type<MailConfirmSettings>().notNull(),
  hasMembershipLogin: boolean('has_membership_login').notNull().default(false),
  pageTitle: jsonb('page_title').$type<LocalizedText>().notNull(),
  signInFields: jsonb('sign_in_fields').$type<SignInFieldSettings>().notNull(),
  logos: jsonb('logos').$type<{ header: string | null; footer: string | null }>().notNull(),
  orderProcedure: text('order_procedure', { enum: ['product_first', 'date_first'] }).notNull(),
  isCalendarColoured: boolean('is_calendar_coloured').notNull().default(false),
  showsSmartphoneAppModal: boolean('shows_smartphone_app_modal').notNull().default(false),
  ticketDisplay: jsonb('ticket_display').$type<TicketDisplaySettings>().notNull(),
  paymentProviderKeys: jsonb('payment_provider_keys').$type<PaymentProviderKeys>().notNull().default({}),
  tagManagerIds: text('tag_manager_ids').array().notNull().default(sql`'{}'::text[]`),
  holdMinutes: integer('hold_minutes').notNull().default(15),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
  theme: jsonb('theme').$type<ThemeSettings>().notNull(),
  venue: jsonb('venue').$type<VenueSettings>().notNull(),
  /** Which tickets visitors may re-date, until when, at what fee, and whether a cheaper change is refunded. */
  dateChange: jsonb('time_change').$type<DateChangeSettings>().notNull().default(DEFAULT_DATE_CHANGE_SETTINGS),
});

export const siteLanguages = pgTable(
  'site_languages',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    displayName: text('display_name').notNull(),
    displayPosition: integer('display_position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.code] })],
);

export const texts = pgTable(
  'texts',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.lang, t.key] })],
);

export const fieldTemplates = pgTable(
  'field_templates',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    position: integer('position').notNull(),
    isDisplay: boolean('is_display').notNull(),
    isRequired: boolean('is_required').notNull(),
    type: text('type', { enum: ['text', 'select'] }).notNull(),
    /** Choice values; their labels are texts. Empty for text fields. */
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    /** A named list the storefront expands (countries, prefectures, regions, age bands, genders). */
    choiceList: text('choice_list'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.fieldName] })],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    type: text('type', { enum: ['period', 'date', 'time'] }).notNull(),
    saleType: text('sale_type').notNull(),
    salesChannels: text('sales_channels').array().notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    caution: jsonb('caution').$type<LocalizedText>().notNull(),
    presentedBy: jsonb('presented_by').$type<LocalizedText>().notNull(),
    maxPerOrder: integer('max_per_order').notNull(),
    /** Slot generation pattern, kept so slots can be topped up as days pass. */
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    slotCapacity: integer('slot_capacity').notNull(),
    closedWeekdays: integer('closed_weekdays').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [unique('products_site_key').on(t.siteId, t.key), index('products_site_idx').on(t.siteId)],
);

export const productOptions = pgTable(
  'product_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    type: text('type', { enum: ['admission', 'addon'] }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    price: integer('price').notNull(),
  },
  (t) => [unique('product_options_product_key').on(t.productId, t.key), check('product_options_price', sql`${t.price} >= 0`)],
);

/** A time slot: one entry window of a product with its capacity. */
export const productTimeSpans = pgTable(
  'product_time_spans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The venue-local calendar date of the slot. */
    date: date('date', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    /**
     * Places under holds not yet released, expired ones included until a writer reclaims them.
     * Writers hold with one conditional update (`capacity - sold - held >= n`); readers count only
     * live holds from stock_holds.
     */
    held: integer('held').notNull().default(0),
    isOnSale: boolean('is_on_sale').notNull().default(true),
  },
  (t) => [
    unique('product_time_spans_product_start').on(t.productId, t.startsAt),
    index('product_time_spans_product_date_idx').on(t.productId, t.date),
    check('product_time_spans_sold', sql`${t.sold} >= 0 and ${t.sold} <= ${t.capacity}`),
  ],
);

export const setProducts = pgTable(
  'set_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    mainProductId: integer('main_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    price: integer('price').notNull(),
    capacityPerSlot: integer('capacity_per_slot').notNull(),
  },
  (t) => [unique('set_products_product_key').on(t.mainProductId, t.key)],
);

/** Sold set products per main time slot; a missing row means none sold yet. */
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

/**
 * Places held by a temporary order until `expiresAt`. Availability counts only live holds
 * (`expires_at > now()`), so an expired hold gives its stock back without any sweeper.
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
    /** Set when the hold ends: given back (cancelled, changed, expired and reclaimed) or sold. */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('stock_holds_span_expiry_idx').on(t.timeSpanId, t.expiresAt),
    index('stock_holds_order_idx').on(t.orderId),
    check('stock_holds_quantity', sql`${t.quantity} > 0`),
  ],
);

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
  },
  (t) => [
    unique('coupons_site_code').on(t.siteId, t.code),
    check('coupons_usage', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check('coupons_amount', sql`${t.discountAmount} > 0`),
  ],
);

export const membershipPromotions = pgTable('membership_promotions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  discountType: text('discount_type', { enum: ['percent', 'fixed'] }).notNull(),
  discountAmount: integer('discount_amount').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    method: text('method').notNull(),
    provider: text('provider', { enum: ['free', 'sandbox', 'stripe'] }).notNull(),
    position: integer('position').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.channel, t.method] })],
);

export const calendarColors = pgTable(
  'calendar_colors',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    colorCode: text('color_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.date] })],
);

/** Operator key/value settings the storefront reads as-is. */
export const configurations = pgTable(
  'configurations',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] })],
);

export type OptionValue = { option_value_id: number; quantity: number };
export type SetProductValue = { set_product_id: number; quantity: number };

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

/** One admission of a completed order (the QR and check-in build on it). */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id),
    position: integer('position').notNull(),
    status: text('status', { enum: ['valid', 'used', 'cancelled'] })
      .notNull()
      .default('valid'),
    /**
     * Counts changes that make earlier QR payloads of this admission void (shared, claimed,
     * changed, cancelled); a payload carries the generation it was signed for.
     */
    generation: integer('generation').notNull().default(1),
    /** The share that took this admission from the party; null while it is the holder's. */
    shareId: uuid('share_id').references(() => ticketShares.id),
  },
  (t) => [unique('tickets_order_position').on(t.orderId, t.position), index('tickets_share_idx').on(t.shareId)],
);

/**
 * Part of a party handed to someone else: the link's token (hashed) until it is claimed, then the
 * receiver's own reservation token (in ticket_access_tokens).
 */
export const ticketShares = pgTable(
  'ticket_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('ticket_shares_order_idx').on(t.orderId), check('ticket_shares_quantity', sql`${t.quantity} > 0`)],
);

/**
 * Further bearer tokens that open a reservation besides the one of the confirmation mail: one
 * minted by a reservation inquiry (the first is known only by its hash), or a receiver's token for
 * a claimed share (which then sees only that share's admissions).
 */
export const ticketAccessTokens = pgTable(
  'ticket_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => ticketShares.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['inquiry', 'share', 'time_change'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ticket_access_tokens_order_idx').on(t.orderId)],
);

/**
 * One check-in of one admission in one mode (`gate`: entry, `set`: set products handed over).
 * The unique key is what lets exactly one of several simultaneous scans succeed.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['gate', 'set'] }).notNull(),
    method: text('method', { enum: ['read_qr', 'tap_ticket'] }).notNull(),
    gate: text('gate').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('check_ins_ticket_mode').on(t.ticketId, t.mode)],
);

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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('time_changes_order_idx').on(t.orderId),
    // One change under way per ticket: a second tab's insert fails here even if it got past the check.
    uniqueIndex('time_changes_open_idx').on(t.orderId).where(sql`${t.status} in ('pending', 'waiting')`),
    check('time_changes_amounts', sql`${t.toPay} >= 0 and ${t.toRefund} >= 0 and ${t.quantity} > 0`),
  ],
);

/** A receipt issued for an order: once, with its addressee and a number counted per site. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    addressee: text('addressee').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('receipts_site_sequence').on(t.siteId, t.sequence)],
);

/**
 * Per-site secrets the server alone reads: the key that signs ticket QR payloads, and the last
 * receipt number. Never part of any API answer.
 */
export const siteSecrets = pgTable('site_secrets', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  signingKey: text('signing_key').notNull(),
  lastReceiptSequence: integer('last_receipt_sequence').notNull().default(0),
});

/** Whether an address still receives a site's mail magazine field (SPEC §3 mail_magazine fields). */
export const mailMagazineSubscriptions = pgTable(
  'mail_magazine_subscriptions',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    fieldName: text('field_name').notNull(),
    isSubscribed: boolean('is_subscribed').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.email, t.fieldName] })],
);

/** The unsubscribe link's token of one marketing mail (hashed): it names the site and address. */
export const mailMagazineTokens = pgTable('mail_magazine_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Mail to send: written in the transaction that causes it, sent after commit, retried. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    lang: text('lang').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    residentArea: text('resident_area'),
    phone: text('phone'),
    age: text('age'),
    gender: text('gender'),
  },
  (t) => [unique('members_site_email').on(t.siteId, t.email)],
);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The payment ledger: one row per attempt to pay for an order, with its own idempotency key.
 * Status moves only forward: started → requires_action | pending → captured | failed;
 * captured → refund_pending → refunded | refund_failed (a paid order whose places were gone, or a
 * capture that did not complete its order). A capture reported for a failed attempt still moves
 * it to captured (the money moved) and is recorded as such (decision 009).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set when the payment is for a date change of the (completed) order rather than the order itself. */
    dateChangeId: uuid('time_change_id').references(() => dateChanges.id, { onDelete: 'cascade' }),
    /** Shown to gateways and carried through browser returns; unguessable. */
    paymentNumber: text('payment_number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    method: text('method').notNull(),
    provider: text('provider', { enum: ['free', 'sandbox', 'stripe'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['started', 'requires_action', 'pending', 'captured', 'failed', 'refund_pending', 'refunded', 'refund_failed'],
    }).notNull(),
    providerReference: text('provider_reference'),
    redirectUrl: text('redirect_url'),
    failureReason: text('failure_reason'),
    retryable: boolean('retryable'),
    /**
     * Set on the one payment that completed its order (or its date change, with `dateChangeId`):
     * any other payment captured for the same order or change is a surplus and is refunded.
     */
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when the ledger owes nothing more for this row (completed, refunded, or failed and its
     * order released); the reconciler looks only at rows without it. A late capture clears it.
     */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** When the reconciler last looked at the row: the least recently checked go first. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_order_attempt').on(t.orderId, t.attempt),
    uniqueIndex('payments_completes_order').on(t.orderId).where(sql`${t.completedAt} is not null and ${t.dateChangeId} is null`),
    uniqueIndex('payments_completes_change')
      .on(t.dateChangeId)
      .where(sql`${t.completedAt} is not null and ${t.dateChangeId} is not null`),
    index('payments_unsettled_idx').on(t.lastCheckedAt).where(sql`${t.settledAt} is null`),
    index('payments_open_idx').on(t.status, t.updatedAt),
    index('payments_reference_idx').on(t.provider, t.providerReference),
    index('payments_time_change_idx').on(t.dateChangeId).where(sql`${t.dateChangeId} is not null`),
  ],
);

/** Every provider answer and notification about a payment, kept; a provider event is kept once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The provider's event id for notifications, else the kind of answer with a unique suffix. */
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('payment_events_key').on(t.paymentId, t.eventKey)],
);

/** The built-in sandbox gateway's own records (what a real gateway keeps on its side). */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text('reference').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentNumber: text('payment_number').notNull(),
  method: text('method').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** The test card's behaviour (sandbox-gateway.ts). */
  scenario: text('scenario').notNull(),
  /** What the visitor must do at the gateway: a 3-D Secure challenge, a wallet approval, or nothing. */
  challenge: text('challenge', { enum: ['none', 'three_d_secure', 'wallet'] }).notNull(),
  status: text('status', { enum: ['requires_action', 'captured', 'failed', 'refunded'] }).notNull(),
  failureReason: text('failure_reason'),
  retryable: boolean('retryable'),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The sandbox carrier (d-pay) login: a state code, then an authorisation code, then a payment token. */
export const sandboxCarrierLogins = pgTable('sandbox_carrier_logins', {
  stateCode: text('state_code').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  code: text('code').unique(),
  paymentToken: text('payment_token').unique(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The key each site signs its spot QR codes with. Made on first use from the system's CSPRNG and
 * kept here so every server process verifies the same codes; never sent to any client.
 */
export const spotQrSecrets = pgTable('spot_qr_secrets', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Cards the sandbox gateway's card-token script turned into one-time tokens: the shop's checkout
 * receives the token, never the card. Only the test scenario and the last four digits are kept.
 */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  scenario: text('scenario').notNull(),
  threeDSecure: boolean('three_d_secure').notNull(),
  last4: text('last4').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
