/**
 * The dashboard's daily summaries (decision 023): the figures of a venue's closed days, written
 * once by the summariser in one transaction with the day's marker. A day with a marker is read
 * from here; any other day is counted from the orders, refunds and date changes themselves. And
 * the staff's subscriptions to the summary mails.
 */

import { REPORT_MAIL_FREQUENCIES } from '@storefront/domain/console/reports';
import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';
import { staffAccounts } from '../staff/staff.schema.ts';

/** One figure of one closed day: the rows the owning modules' grouped statements answered for that day. */
export const reportDays = pgTable(
  'report_days',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    figure: text('figure').notNull(),
    key: text('key').notNull(),
    orders: integer('orders').notNull(),
    quantity: integer('quantity').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.figure, t.key] })],
);

/** A venue's day that is summarised (its rows above are complete); inserted first, so two processes never both do a day. */
export const reportSummaries = pgTable(
  'report_summaries',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    summarisedAt: timestamp('summarised_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/**
 * A staff member's summary mail of one venue (issue 18 part 4): sent once per period, at
 * REPORT_MAIL_HOUR of the venue's day. `last_period` is the first day of the last period mailed,
 * set in the transaction that writes the mail to the outbox, so two processes never both send one.
 */
export const reportMailSubscriptions = pgTable(
  'report_mail_subscriptions',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: REPORT_MAIL_FREQUENCIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    lastPeriod: date('last_period', { mode: 'string' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.siteId, t.frequency] })],
);
