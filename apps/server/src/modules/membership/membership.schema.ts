/** The tables the membership module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { boolean, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { type LocalizedText, sites } from '../sites/sites.schema.ts';

export const membershipPromotions = pgTable('membership_promotions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  discountType: text('discount_type', { enum: ['percent', 'fixed'] }).notNull(),
  discountAmount: integer('discount_amount').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    residentArea: text('resident_area'),
    phone: text('phone'),
    age: text('age'),
    gender: text('gender'),
  },
  (t) => [unique('members_site_email').on(t.siteId, t.email)],
);
