/** The tables the tickets module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productOptions } from '../catalogue/catalogue.schema.ts';
import { orders } from '../orders/orders.schema.ts';
import { refunds } from '../payments/payments.schema.ts';
import { sites } from '../sites/sites.schema.ts';
import { gateDevices, staffAccounts } from '../staff/staff.schema.ts';

/** One admission of a completed order (the QR and check-in build on it). */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id),
    position: integer('position').notNull(),
    status: text('status', { enum: ['valid', 'used', 'cancelled'] })
      .notNull()
      .default('valid'),
    /**
     * Counts changes that make earlier QR payloads of this admission void (shared, claimed,
     * changed, cancelled); a payload carries the generation it was signed for.
     */
    generation: integer('generation').notNull().default(1),
    /** The share that took this admission from the party; null while it is the holder's. */
    shareId: uuid('share_id').references(() => ticketShares.id),
    /** When the admission was cancelled (by staff, the visitor or a cancelled slot); null while it stands. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('tickets_order_position').on(t.orderId, t.position),
    index('tickets_share_idx').on(t.shareId),
    // The orders with a cancelled admission (the console's search by status): few, so a small index.
    index('tickets_cancelled_order_idx').on(t.orderId).where(sql`${t.status} = 'cancelled'`),
  ],
);

/**
 * Part of a party handed to someone else: the link's token (hashed) until it is claimed, then the
 * receiver's own reservation token (in ticket_access_tokens).
 */
export const ticketShares = pgTable(
  'ticket_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('ticket_shares_order_idx').on(t.orderId), check('ticket_shares_quantity', sql`${t.quantity} > 0`)],
);

/**
 * Further bearer tokens that open a reservation besides the one of the confirmation mail: one
 * minted by a reservation inquiry (the first is known only by its hash), or a receiver's token for
 * a claimed share (which then sees only that share's admissions).
 */
export const ticketAccessTokens = pgTable(
  'ticket_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => ticketShares.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['inquiry', 'share', 'time_change'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [index('ticket_access_tokens_order_idx').on(t.orderId)],
);

/**
 * One check-in of one admission in one mode (`gate`: entry, `set`: set products handed over).
 * The unique key is what lets exactly one of several simultaneous scans succeed.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['gate', 'set'] }).notNull(),
    method: text('method', { enum: ['read_qr', 'tap_ticket'] }).notNull(),
    gate: text('gate').notNull(),
    /** When the admission came in: the scan's time, also for a scan made offline and uploaded later. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    /** The paired device that scanned, or the staff member whose session did; null for check-ins before devices. */
    deviceId: uuid('device_id').references(() => gateDevices.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** Scanned without the network and uploaded later (decision 021). */
    offline: boolean('offline').notNull().default(false),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [unique('check_ins_ticket_mode').on(t.ticketId, t.mode), index('check_ins_checked_in_at_idx').on(t.checkedInAt)],
);

/**
 * The venue's Ed25519 key pairs that sign ticket codes a gate verifies offline (decision 021). The
 * newest signs; older ones keep verifying the codes they signed. The private key never leaves the server.
 */
export const ticketSigningKeys = pgTable(
  'ticket_signing_keys',
  {
    kid: text('kid').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Raw 32-byte public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** PKCS #8 DER, base64url. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [index('ticket_signing_keys_site_idx').on(t.siteId, t.createdAt)],
);

/**
 * Codes that stopped admitting: every code of the admission signed below `generation` for the slot
 * `time_span_id` (shared or claimed, moved to another date, cancelled). A gate device takes the
 * rows of its day's slots offline (decision 021).
 */
export const ticketRevocations = pgTable(
  'ticket_revocations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    timeSpanId: integer('time_span_id').notNull(),
    reason: text('reason', { enum: ['changed', 'cancelled', 'shared'] }).notNull(),
    /** The slot of a date change. */
    movedToTimeSpanId: integer('moved_to_time_span_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [index('ticket_revocations_slot_idx').on(t.timeSpanId)],
);

/**
 * The money documents of an order (decision 034), each numbered in the site's one series and
 * never changed once issued: its receipt (`receipt`, once), a document for each refund that
 * succeeded after it (`refund`, once per refund), and receipts re-issued for the net amount
 * (`reissue`), each naming the receipt it replaces. `figures` holds what the document says,
 * written when it is issued; receipts issued before decision 034 have none and are read as the
 * ledger stood when they were issued.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['receipt', 'refund', 'reissue'] })
      .notNull()
      .default('receipt'),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    addressee: text('addressee').notNull(),
    /** The receipt a re-issued one replaces, or the receipt a refund document corrects. */
    replacesId: uuid('replaces_id').references((): AnyPgColumn => receipts.id, { onDelete: 'cascade' }),
    /** The refund a refund document is for. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    figures: jsonb('figures'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [
    unique('receipts_site_sequence').on(t.siteId, t.sequence),
    uniqueIndex('receipts_first_of_order').on(t.orderId).where(sql`${t.kind} = 'receipt'`),
    uniqueIndex('receipts_refund').on(t.refundId).where(sql`${t.refundId} is not null`),
    index('receipts_order_idx').on(t.orderId, t.sequence),
    check('receipts_kind', sql`(${t.kind} = 'refund') = (${t.refundId} is not null)`),
  ],
);

/**
 * Per-site secrets the server alone reads: the key that signs ticket QR payloads, and the last
 * receipt number. Never part of any API answer.
 */
export const siteSecrets = pgTable('site_secrets', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  signingKey: text('signing_key').notNull(),
  lastReceiptSequence: integer('last_receipt_sequence').notNull().default(0),
});
