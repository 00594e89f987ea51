/** The tables the Google Wallet module owns (decision 028; migrations are generated from every `*.schema.ts`). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';
import { tickets } from '../tickets/tickets.schema.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Whether a venue offers "Add to Google Wallet" (the deployment's issuer account must be configured too). */
export const googleWalletVenues = pgTable('google_wallet_venues', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
});

/**
 * A pass in Google Wallet: an event ticket object for an admission as its holder holds it
 * (`<issuer>.<admission id>`, or `<issuer>.<admission id>-<share id>` once it was shared and claimed),
 * the generation of the admission the object last showed, and the newest generation the change
 * feed said it is at. While `wanted_generation > sent_generation` the worker owes Google a PATCH,
 * tried again after `retry_at` when the API failed. An object of someone the admission no longer
 * belongs to is turned INACTIVE, never given the new code.
 */
export const googleWalletObjects = pgTable(
  'google_wallet_objects',
  {
    objectId: text('object_id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The share it was made for; null for the party's holder. */
    shareId: uuid('share_id'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull(),
    sentGeneration: integer('sent_generation').notNull(),
    wantedGeneration: integer('wanted_generation').notNull(),
    /** What the object was last sent as: `ACTIVE`, or `INACTIVE` once the admission was cancelled. */
    state: text('state', { enum: ['ACTIVE', 'INACTIVE'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    retryAt: instant('retry_at').notNull().default(sql`app_now()`),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
    updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
  },
  (t) => [
    index('google_wallet_objects_ticket_idx').on(t.ticketId),
    // The worker's question: which objects owe an update. Few at any time, so a small index.
    index('google_wallet_objects_owed_idx').on(t.retryAt).where(sql`${t.wantedGeneration} > ${t.sentGeneration}`),
  ],
);

/** The event ticket classes made, one per product (`<issuer>.<site>-product-<id>`). */
export const googleWalletClasses = pgTable('google_wallet_classes', {
  classId: text('class_id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull(),
  updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
});

/** How far the worker has read the tickets module's change feed (`revocationsAfter`): one row. */
export const googleWalletFeed = pgTable('google_wallet_feed', {
  name: text('name').primaryKey(),
  afterId: bigint('after_id', { mode: 'number' }).notNull().default(0),
  updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
});

export type GoogleWalletObjectRow = typeof googleWalletObjects.$inferSelect;
