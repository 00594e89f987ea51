/** The tables the checkin module owns: the ledger of scans gate devices made offline and uploaded (decision 021). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';
import { gateDevices } from '../staff/staff.schema.ts';

/**
 * One offline scan, uploaded: its nonce makes a second upload of it change nothing. A conflict (the
 * admission was already in, or no longer valid, when the scan came up) stays here for the console.
 */
export const gateScans = pgTable(
  'gate_scans',
  {
    nonce: uuid('nonce').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => gateDevices.id, { onDelete: 'set null' }),
    /** The device's name or the staff member's e-mail, kept as it was. */
    scannedBy: text('scanned_by').notNull(),
    gate: text('gate').notNull(),
    mode: text('mode', { enum: ['gate', 'set'] }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    outcome: text('outcome', { enum: ['recorded', 'conflict', 'refused'] }).notNull(),
    conflict: text('conflict', { enum: ['used', 'revoked'] }),
    /** The admissions the scan named, and for a conflict the check-in that stands. */
    detail: jsonb('detail')
      .$type<{ ticketIds: string[]; orderId?: string; first?: { at: string; gate: string } }>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('gate_scans_conflicts_idx').on(t.siteId, t.scannedAt).where(sql`${t.outcome} = 'conflict'`)],
);
