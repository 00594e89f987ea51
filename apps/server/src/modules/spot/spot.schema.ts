/** The tables the spot module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';

/**
 * The key each site signs its spot QR codes with. Made on first use from the system's CSPRNG and
 * kept here so every server process verifies the same codes; never sent to any client.
 */
export const spotQrSecrets = pgTable('spot_qr_secrets', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
});
