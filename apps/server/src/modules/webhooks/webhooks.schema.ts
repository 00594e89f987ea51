/** The tables the webhooks module owns (decision 022; migrations are generated from every `*.schema.ts`). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';
import { staffAccounts } from '../staff/staff.schema.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A venue's receiver: where its events are POSTed, signed with the endpoint's own secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it is sent (`order.completed`, ...). */
    events: text('events').array().notNull(),
    /** The signing secret: kept as it is, because signing needs it; shown to staff only when made. */
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    /** Why it is off when the system turned it off (`failing`: its last deliveries all failed); null otherwise. */
    disabledReason: text('disabled_reason', { enum: ['failing'] }),
    disabledAt: instant('disabled_at'),
    createdBy: integer('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
    updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
  },
  (t) => [index('webhook_endpoints_site_idx').on(t.siteId)],
);

/** One event for one endpoint: written with the change, POSTed after commit, retried, kept as a log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The event's id: the same for every endpoint that gets it, and for a replay. */
    eventId: uuid('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().default(sql`app_now()`),
    lastStatus: smallint('last_status'),
    /** The receiver's answer, its first 2 KB. */
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    lastAttemptAt: instant('last_attempt_at'),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
    updatedAt: instant('updated_at').notNull().default(sql`app_now()`),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // The clean-up's order: the oldest finished deliveries first.
    index('webhook_deliveries_finished_idx').on(t.createdAt).where(sql`${t.status} <> 'pending'`),
  ],
);
