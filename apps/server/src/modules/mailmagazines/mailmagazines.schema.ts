/** The tables the mailmagazines module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';

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
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
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
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
});
