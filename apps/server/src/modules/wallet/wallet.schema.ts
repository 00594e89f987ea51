/** The tables the Apple Wallet module owns (decision 027; migrations are generated from every `*.schema.ts`). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';
import { tickets } from '../tickets/tickets.schema.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Whether a venue offers "Add to Apple Wallet" (the deployment's pass certificate must be configured too), and its pass's look. */
export const appleWalletVenues = pgTable('apple_wallet_venues', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  /** Where the venue is, so the pass shows on the lock screen nearby; none when unknown. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
});

/**
 * A pass handed out for an admission (its serial number is the admission's id): the hashes of the
 * authentication tokens in the copies handed out (Apple's web service sends one back with every
 * call), whom it was handed to (the share holding the admission then; null for the party's
 * holder), the admission's generation the pass last showed and when it last changed (its tag).
 */
export const appleWalletPasses = pgTable(
  'apple_wallet_passes',
  {
    serialNumber: uuid('serial_number')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    authTokenHashes: text('auth_token_hashes').array().notNull(),
    shareId: uuid('share_id'),
    generation: integer('generation').notNull(),
    updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
  },
  (t) => [index('apple_wallet_passes_updated_idx').on(t.updatedAt)],
);

/** A device that keeps a pass and wants its updates pushed (Apple's pass web service). */
export const appleWalletRegistrations = pgTable(
  'apple_wallet_registrations',
  {
    deviceLibraryIdentifier: text('device_library_identifier').notNull(),
    serialNumber: uuid('serial_number')
      .notNull()
      .references(() => appleWalletPasses.serialNumber, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryIdentifier, t.serialNumber] }),
    index('apple_wallet_registrations_serial_idx').on(t.serialNumber),
  ],
);

/** How far this module has followed the tickets' change feed (`revocations.ts`): one row. */
export const appleWalletFeed = pgTable('apple_wallet_feed', {
  name: text('name').primaryKey(),
  afterId: bigint('after_id', { mode: 'number' }).notNull().default(0),
  updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
});
