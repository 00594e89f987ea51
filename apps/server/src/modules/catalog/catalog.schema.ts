/** The tables the catalog module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
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
