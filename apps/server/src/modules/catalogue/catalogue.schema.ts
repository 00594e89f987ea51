/** The tables the catalogue module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { PAYMENT_PROVIDERS } from '@storefront/domain/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { type LocalizedText, sites } from '../sites/sites.schema.ts';

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
    /** The product's picture on the order page; null for none. */
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    /**
     * Visitors may cancel their own booking until this many hours before its slot starts; null
     * when the venue does not allow it for this product.
     */
    selfCancelHoursBefore: integer('self_cancel_hours_before'),
    /** Kept from the refund of a visitor's own cancellation, per order, in minor units. */
    selfCancelFee: integer('self_cancel_fee').notNull().default(0),
    /** An archived product is no longer offered; its orders and slots stay. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('products_site_key').on(t.siteId, t.key),
    index('products_site_idx').on(t.siteId),
    check('products_self_cancel', sql`${t.selfCancelHoursBefore} is null or ${t.selfCancelHoursBefore} >= 0`),
    check('products_self_cancel_fee', sql`${t.selfCancelFee} >= 0`),
  ],
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

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** An uploaded picture of a venue: the original's facts; its served sizes are `image_variants`. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Alternative text per language. */
    alt: jsonb('alt').$type<LocalizedText>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [index('images_site_idx').on(t.siteId)],
);

/** One served size and format of an image; immutable once written. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    format: text('format', { enum: ['avif', 'webp', 'jpeg'] }).notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] })],
);

/**
 * A rule that made (and can make again) a product's slots: days, opening hours, slot length,
 * validity and closures, with the capacity each slot gets. The rule is the console's input as sent.
 */
export const slotSeries = pgTable(
  'slot_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    productIds: integer('product_ids').array().notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [index('slot_series_site_idx').on(t.siteId)],
);

/** A slot's own price for an option, over the option's price (a per-date price). */
export const slotPrices = pgTable(
  'slot_prices',
  {
    timeSpanId: integer('time_span_id')
      .notNull()
      .references(() => productTimeSpans.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.timeSpanId, t.optionId] }), check('slot_prices_price', sql`${t.price} >= 0`)],
);

/**
 * One row per venue, bumped in every transaction that changes its catalogue: each process polls
 * it and drops its cached catalogue answers when it moves, so the shop follows within a second.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
});

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
    /** The series that made the slot; null for a slot made by hand or by the demo's top-up. */
    seriesId: integer('series_id').references(() => slotSeries.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('product_time_spans_product_start').on(t.productId, t.startsAt),
    index('product_time_spans_product_date_idx').on(t.productId, t.date),
    // A series' slots are listed and deleted by it; most slots have one.
    index('product_time_spans_series_idx').on(t.seriesId).where(sql`${t.seriesId} is not null`),
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

export const paymentMethods = pgTable(
  'payment_methods',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    method: text('method').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
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
