/** The tables the sites module owns (migrations are generated from every `*.schema.ts`: `npm run db:generate`). */
import { type DateChangeSettings, DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** A text per language code, e.g. { ja: '…', en: '…' }. */
export type LocalizedText = Record<string, string>;

export type SignInFieldSettings = {
  residentAreaField: 'text' | 'select';
  residentAreaList: 'countries' | 'prefectures' | 'regions' | 'residence';
  ageBands: 'teens_to_70' | 'young_adult_to_80';
  genderChoices: 'man_woman' | 'male_female_other';
  /** How the "no selection" choice is sent: as an empty value, "none" or the noSend marker. */
  noSelectValue: 'empty' | 'none' | 'noSend';
};

export type TicketDisplaySettings = {
  type: 'fusion' | 'separate';
  headerColor: { pc: string; sp: string };
  showsHeaderLogo: { pc: boolean; sp: boolean };
};

export type MailConfirmSettings = {
  /** A second e-mail entry must match the first (on for all sites, SPEC §3). */
  customerEmailConfirm: boolean;
  /** The visitor confirms their address through a mailed link before paying. */
  confirmByMail: boolean;
};

export type ThemeSettings = {
  primary: string;
  onPrimary: string;
  background: string;
  text: string;
  accent: string;
  logoSvg: string;
};

export type VenueSettings = {
  name: LocalizedText;
  address: LocalizedText;
  email: string;
  phone: string;
  /** The qualified-invoice registration number printed on receipts (T + 13 digits); none when absent. */
  invoiceRegistrationNumber?: string | null;
};

/** Public keys only; secrets come from the environment. */
export type PaymentProviderKeys = Record<string, Record<string, string>>;

export const sites = pgTable('sites', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  variant: text('variant').notNull().unique(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['exhibition', 'cafe'] }).notNull(),
  position: integer('position').notNull(),
  currency: text('currency', { enum: ['JPY', 'USD', 'EUR', 'SAR'] })
    .notNull()
    .default('JPY'),
  timeZone: text('time_zone').notNull().default('Asia/Tokyo'),
  isStartMailConfirmOnly: boolean('is_start_mail_confirm_only').notNull().default(false),
  mailConfirm: jsonb('mail_confirm').$type<MailConfirmSettings>().notNull(),
  hasMembershipLogin: boolean('has_membership_login').notNull().default(false),
  pageTitle: jsonb('page_title').$type<LocalizedText>().notNull(),
  signInFields: jsonb('sign_in_fields').$type<SignInFieldSettings>().notNull(),
  logos: jsonb('logos').$type<{ header: string | null; footer: string | null }>().notNull(),
  orderProcedure: text('order_procedure', { enum: ['product_first', 'date_first'] }).notNull(),
  isCalendarColoured: boolean('is_calendar_coloured').notNull().default(false),
  showsSmartphoneAppModal: boolean('shows_smartphone_app_modal').notNull().default(false),
  ticketDisplay: jsonb('ticket_display').$type<TicketDisplaySettings>().notNull(),
  paymentProviderKeys: jsonb('payment_provider_keys').$type<PaymentProviderKeys>().notNull().default({}),
  tagManagerIds: text('tag_manager_ids').array().notNull().default(sql`'{}'::text[]`),
  holdMinutes: integer('hold_minutes').notNull().default(15),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
  theme: jsonb('theme').$type<ThemeSettings>().notNull(),
  venue: jsonb('venue').$type<VenueSettings>().notNull(),
  /** Which tickets visitors may re-date, until when, at what fee, and whether a cheaper change is refunded. */
  dateChange: jsonb('time_change').$type<DateChangeSettings>().notNull().default(DEFAULT_DATE_CHANGE_SETTINGS),
});
