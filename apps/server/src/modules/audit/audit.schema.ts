/**
 * The table the audit module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`).
 * The database refuses UPDATE, DELETE and TRUNCATE on it (a trigger, migration 0005): nobody rewrites history.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    actorType: text('actor_type', { enum: ['staff', 'device', 'system', 'visitor'] }).notNull(),
    /** The staff account or device; no foreign key, so that the row outlives what it names. */
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    /** The venue the change concerns; null for the organisation (staff, teams). No foreign key, as above. */
    venueId: integer('venue_id'),
    venueCode: text('venue_code'),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    clientIp: text('client_ip'),
  },
  (t) => [
    index('audit_log_venue_idx').on(t.venueId, t.id),
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
  ],
);
