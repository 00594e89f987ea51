/** The tables the payments module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { PAYMENT_PROVIDERS } from '@storefront/domain/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { dateChanges } from '../date-changes/date-changes.schema.ts';
import { orders } from '../orders/orders.schema.ts';
import { sites } from '../sites/sites.schema.ts';

/**
 * The payment ledger: one row per attempt to pay for an order, with its own idempotency key.
 * Status moves only forward: started → requires_action | pending → captured | failed;
 * captured → refund_pending → refunded | refund_failed (a paid order whose places were gone, or a
 * capture that did not complete its order). A capture reported for a failed attempt still moves
 * it to captured (the money moved) and is recorded as such (decision 009).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set when the payment is for a date change of the (completed) order rather than the order itself. */
    dateChangeId: uuid('time_change_id').references(() => dateChanges.id, { onDelete: 'cascade' }),
    /** Shown to gateways and carried through browser returns; unguessable. */
    paymentNumber: text('payment_number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    method: text('method').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['started', 'requires_action', 'pending', 'captured', 'failed', 'refund_pending', 'refunded', 'refund_failed'],
    }).notNull(),
    providerReference: text('provider_reference'),
    redirectUrl: text('redirect_url'),
    failureReason: text('failure_reason'),
    retryable: boolean('retryable'),
    /**
     * Set on the one payment that completed its order (or its date change, with `dateChangeId`):
     * any other payment captured for the same order or change is a surplus and is refunded.
     */
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when the ledger owes nothing more for this row (completed, refunded, or failed and its
     * order released); the reconciler looks only at rows without it. A late capture clears it.
     */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** When the reconciler last looked at the row: the least recently checked go first. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [
    unique('payments_order_attempt').on(t.orderId, t.attempt),
    uniqueIndex('payments_completes_order').on(t.orderId).where(sql`${t.completedAt} is not null and ${t.dateChangeId} is null`),
    uniqueIndex('payments_completes_change')
      .on(t.dateChangeId)
      .where(sql`${t.completedAt} is not null and ${t.dateChangeId} is not null`),
    index('payments_unsettled_idx').on(t.lastCheckedAt).where(sql`${t.settledAt} is null`),
    index('payments_open_idx').on(t.status, t.updatedAt),
    index('payments_reference_idx').on(t.provider, t.providerReference),
    index('payments_time_change_idx').on(t.dateChangeId).where(sql`${t.dateChangeId} is not null`),
    // The sales journal: a venue's kept payments by the day they completed (`sales-journal.ts`).
    index('payments_site_completed_idx').on(t.siteId, t.completedAt).where(sql`${t.completedAt} is not null`),
  ],
);

/** Every provider answer and notification about a payment, kept; a provider event is kept once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The provider's event id for notifications, else the kind of answer with a unique suffix. */
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
  },
  (t) => [unique('payment_events_key').on(t.paymentId, t.eventKey)],
);

/**
 * Money given back on an order after it was completed, whole or in part: through the provider that
 * took it (`provider`, from `paymentId`), or recorded by staff as paid back outside the system
 * (`outside`: cash at the desk, a bank transfer). The idempotency key is the provider's, so asking
 * again after a crash never refunds twice. Status: pending → succeeded | failed. A payment's
 * refunds never add up to more than its amount (checked where they are made, under the payment's
 * row lock).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The kept payment the money goes back from; null for a refund made outside the system. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['provider', 'outside'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    reason: text('reason').notNull(),
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    /** Who asked: a staff account (as the audit log names it), the visitor, or the system (a slot cancelled). */
    requestedBy: text('requested_by', { enum: ['staff', 'visitor', 'system'] }).notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    index('refunds_site_idx').on(t.siteId, t.createdAt),
    // The sales journal and the dashboard: a venue's refunds by the day they succeeded.
    index('refunds_site_settled_idx').on(t.siteId, t.settledAt).where(sql`${t.status} = 'succeeded'`),
    check('refunds_amount', sql`${t.amount} > 0`),
    check('refunds_payment', sql`(${t.kind} = 'outside') = (${t.paymentId} is null)`),
  ],
);

/** The built-in sandbox gateway's own records (what a real gateway keeps on its side). */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text('reference').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentNumber: text('payment_number').notNull(),
  method: text('method').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** The test card's behaviour (sandbox-gateway.ts). */
  scenario: text('scenario').notNull(),
  /** What the visitor must do at the gateway: a 3-D Secure challenge, a wallet approval, or nothing. */
  challenge: text('challenge', { enum: ['none', 'three_d_secure', 'wallet'] }).notNull(),
  status: text('status', { enum: ['requires_action', 'captured', 'failed', 'refunded'] }).notNull(),
  failureReason: text('failure_reason'),
  retryable: boolean('retryable'),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
});

/** The sandbox carrier (d-pay) login: a state code, then an authorisation code, then a payment token. */
export const sandboxCarrierLogins = pgTable('sandbox_carrier_logins', {
  stateCode: text('state_code').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  code: text('code').unique(),
  paymentToken: text('payment_token').unique(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
});

/**
 * Cards the sandbox gateway's card-token script turned into one-time tokens: the shop's checkout
 * receives the token, never the card. Only the test scenario and the last four digits are kept.
 */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  scenario: text('scenario').notNull(),
  threeDSecure: boolean('three_d_secure').notNull(),
  last4: text('last4').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`app_now()`),
});
