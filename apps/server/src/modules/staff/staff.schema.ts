/**
 * The tables the staff module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`):
 * staff accounts, teams and their venues and members, sessions, second factors, single-use links.
 * Every secret is stored hashed (passwords with scrypt, tokens and recovery codes with SHA-256),
 * except the TOTP secret, which the server must read to check a code.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../sites/sites.schema.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const staffAccounts = pgTable('staff_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Lower-cased; unique. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  language: text('language').notNull().default('ja'),
  /** Null until the invitation is accepted. */
  passwordHash: text('password_hash'),
  isOwner: boolean('is_owner').notNull().default(false),
  status: text('status', { enum: ['invited', 'active', 'deactivated'] })
    .notNull()
    .default('invited'),
  totpSecret: text('totp_secret'),
  /** A secret shown for enrolment and not yet confirmed with a code. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP step accepted: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: instant('locked_until'),
  /** Raised whenever the staff member's rights change; sessions of an older version are rotated. */
  rightsVersion: integer('rights_version').notNull().default(1),
  lastSignInAt: instant('last_sign_in_at'),
  createdAt: instant('created_at').notNull().default(sql`app_now()`),
});

export const staffTeams = pgTable('staff_teams', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  allVenues: boolean('all_venues').notNull().default(false),
  rights: text('rights').array().notNull().default(sql`'{}'::text[]`),
  requiresTwoFactor: boolean('requires_two_factor').notNull().default(false),
  createdAt: instant('created_at').notNull().default(sql`app_now()`),
});

export const staffTeamVenues = pgTable(
  'staff_team_venues',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => staffTeams.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.siteId] })],
);

export const staffTeamMembers = pgTable(
  'staff_team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => staffTeams.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.staffId] }), index('staff_team_members_staff_idx').on(t.staffId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** The public handle (listed to the owner, used to revoke); the cookie holds a secret of its own. */
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['second_factor', 'enrolment', 'signed_in'] }).notNull(),
    rightsVersion: integer('rights_version').notNull(),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
    lastSeenAt: instant('last_seen_at').notNull().default(sql`app_now()`),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    userAgent: text('user_agent'),
    clientIp: text('client_ip'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

export const staffPasskeys = pgTable('staff_passkeys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  /** base64url, as the browser names it. */
  credentialId: text('credential_id').notNull().unique(),
  /** base64url of the COSE public key. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
  name: text('name').notNull(),
  createdAt: instant('created_at').notNull().default(sql`app_now()`),
  lastUsedAt: instant('last_used_at'),
});

/** Invitation and password-reset links: single use, expiring, stored as the token's hash. */
export const staffLinkTokens = pgTable(
  'staff_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['invitation', 'password_reset'] }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
  },
  (t) => [index('staff_link_tokens_staff_idx').on(t.staffId, t.kind)],
);

/** A WebAuthn ceremony's challenge, kept until answered (once) or expired. */
export const staffPasskeyChallenges = pgTable('staff_passkey_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  challenge: text('challenge').notNull(),
  kind: text('kind', { enum: ['registration', 'authentication'] }).notNull(),
  /** Who asked: the staff member registering, or the one at the second-factor stage; null for a passkey-first sign-in. */
  staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
  expiresAt: instant('expires_at').notNull(),
});

/**
 * A gate device (decision 021): a phone or tablet paired to one venue and gate by a QR shown in the
 * console. Its token (hashed) is its credential for the scanner's calls until staff revoke it; a
 * pairing code (hashed, single use, short-lived) gives the token.
 */
export const gateDevices = pgTable(
  'gate_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gate: text('gate').notNull(),
    tokenHash: text('token_hash').unique(),
    pairingCodeHash: text('pairing_code_hash').unique(),
    pairingExpiresAt: instant('pairing_expires_at'),
    createdBy: integer('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().default(sql`app_now()`),
    pairedAt: instant('paired_at'),
    lastSeenAt: instant('last_seen_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('gate_devices_site_idx').on(t.siteId)],
);
