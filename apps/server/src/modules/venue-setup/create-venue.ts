/**
 * Creates a venue an operator can open at once: its `sites` row with the plainest settings of
 * the seed venues, and (through the catalogue) its languages, texts, sign-in form and settings.
 * It has no products and no payment methods yet; the shop shows an empty catalogue until it does.
 */
import {
  isTimeZone,
  MAX_VENUE_LANGUAGES,
  MAX_VENUE_NAME_LENGTH,
  VENUE_KINDS,
  type VenueKind,
  venueKeyProblem,
  venueNameProblem,
} from '@storefront/domain/console/venues';
import { CURRENCIES, type Currency, DEFAULT_HOLD_MINUTES, LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import { setUpVenue } from '../catalogue/set-up-venue.ts';
import type { SignInFieldSettings, Site, ThemeSettings } from '../sites/site.ts';
import { checkTimeZoneIsKnown, insertVenue } from '../sites/venue-rows.ts';

export type NewVenue = {
  code: string;
  variant: string;
  kind: VenueKind;
  /** The venue's name per language; at least in the default (first) language. */
  name: Partial<Record<LanguageCode, string>>;
  /** 1–6 distinct languages, the default first. */
  languages: LanguageCode[];
  currency: Currency;
  /** An IANA time zone name, such as Asia/Tokyo. */
  timeZone: string;
  /** The sign-in form's variants; the plainest when left out (the console changes them in the venue's settings). */
  signIn?: Omit<SignInFieldSettings, 'noSelectValue'>;
  /**
   * The venue's SVG mark, rendered by the shop as markup: only trusted code gives one (the demo
   * seed). The console never does; its logos are uploaded images (`set-venue-logos.ts`).
   */
  trustedLogoSvg?: string;
};

/** Neither a brand nor a demo's colours: dark slate on white, a plain framed mark. */
const NEUTRAL_THEME: ThemeSettings = {
  primary: '#2F3A45',
  onPrimary: '#FFFFFF',
  background: '#FFFFFF',
  text: '#1F2328',
  accent: '#5B6B7A',
  logoSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect x="8" y="8" width="32" height="32" rx="6" fill="none" stroke="currentColor" stroke-width="4"/></svg>',
};

/** The sign-in form most seed venues have: a free-text residence, the usual age bands and genders. */
const PLAIN_SIGN_IN = {
  residentAreaField: 'text',
  residentAreaList: 'countries',
  ageBands: 'teens_to_70',
  genderChoices: 'male_female_other',
  noSelectValue: 'noSend',
} as const satisfies SignInFieldSettings;

/**
 * Writes a complete venue in the caller's transaction (which also writes the audit row). Given
 * the database itself, it runs in a transaction of its own. Every refusal is made before the first
 * write. After the transaction commits, call `SitesService.invalidate()` so the shop serves it.
 */
export async function createVenue(db: Database, input: NewVenue): Promise<Site> {
  const venue = checkedVenue(input);
  await checkTimeZoneIsKnown(db, venue.timeZone);
  if (db instanceof PgTransaction) return writeVenue(db as unknown as Database, venue);
  return db.transaction((tx) => writeVenue(tx as unknown as Database, venue));
}

async function writeVenue(db: Database, venue: NewVenue): Promise<Site> {
  const signIn: SignInFieldSettings = { ...PLAIN_SIGN_IN, ...venue.signIn };
  const defaultName = venue.name[venue.languages[0] ?? 'ja'] ?? '';
  const nameIn = (lang: LanguageCode): string => venue.name[lang] ?? defaultName;
  const site = await insertVenue(db, {
    variant: venue.variant,
    code: venue.code,
    kind: venue.kind,
    currency: venue.currency,
    timeZone: venue.timeZone,
    isStartMailConfirmOnly: false,
    mailConfirm: { customerEmailConfirm: true, confirmByMail: false },
    hasMembershipLogin: false,
    // The browser tab shows the name in every language of the venue: a jsonb object keeps no
    // key order, so a missing language could not fall back to the default one.
    pageTitle: Object.fromEntries(venue.languages.map((lang) => [lang, nameIn(lang)])),
    signInFields: signIn,
    logos: { header: null, footer: null },
    orderProcedure: 'product_first',
    isCalendarColoured: false,
    showsSmartphoneAppModal: false,
    ticketDisplay: {
      type: 'separate',
      headerColor: { pc: NEUTRAL_THEME.primary, sp: NEUTRAL_THEME.primary },
      showsHeaderLogo: { pc: true, sp: true },
    },
    paymentProviderKeys: {},
    tagManagerIds: [],
    holdMinutes: DEFAULT_HOLD_MINUTES,
    dateChange: DEFAULT_DATE_CHANGE_SETTINGS,
    theme: venue.trustedLogoSvg === undefined ? NEUTRAL_THEME : { ...NEUTRAL_THEME, logoSvg: venue.trustedLogoSvg },
    venue: { name: venue.name, address: {}, email: '', phone: '' },
  });

  await setUpVenue(db, {
    siteId: site.id,
    variant: site.variant,
    kind: site.kind,
    hasMembershipLogin: site.hasMembershipLogin,
    languages: venue.languages,
    name: venue.name,
    residentAreaField: signIn.residentAreaField,
    residentAreaList: signIn.residentAreaList,
    ageBands: signIn.ageBands,
    genderChoices: signIn.genderChoices,
  });
  return site;
}

/**
 * The input checked as the console's contract checks it (a caller may skip the contract), with
 * names trimmed. Fields are named as on the wire.
 */
function checkedVenue(input: NewVenue): NewVenue {
  for (const field of ['code', 'variant'] as const) {
    const value = input[field];
    const problem = typeof value === 'string' ? venueKeyProblem(value) : 'must be a string';
    if (problem) throw invalidField(field, problem);
  }
  if (!VENUE_KINDS.includes(input.kind)) throw invalidField('kind', `must be one of ${VENUE_KINDS.join(', ')}`);
  if (!CURRENCIES.includes(input.currency)) throw invalidField('currency', `must be one of ${CURRENCIES.join(', ')}`);
  if (typeof input.timeZone !== 'string' || !isTimeZone(input.timeZone))
    throw invalidField('time_zone', 'must be an IANA time zone name, such as Asia/Tokyo');

  const languages = input.languages;
  if (!Array.isArray(languages) || languages.length < 1 || languages.length > MAX_VENUE_LANGUAGES)
    throw invalidField('languages', `must list 1 to ${MAX_VENUE_LANGUAGES} languages`);
  const unknown = languages.find((lang) => !LANGUAGE_CODES.includes(lang));
  if (unknown !== undefined) throw invalidField('languages', `must be among ${LANGUAGE_CODES.join(', ')}`);
  if (new Set(languages).size !== languages.length) throw invalidField('languages', 'must not list a language twice');

  const name: Partial<Record<LanguageCode, string>> = {};
  for (const [lang, text] of Object.entries(input.name ?? {})) {
    if (typeof text !== 'string') throw invalidField('name', `${lang} must be a string`);
    const trimmed = text.trim();
    if (trimmed.length > MAX_VENUE_NAME_LENGTH)
      throw invalidField('name', `${lang} must be at most ${MAX_VENUE_NAME_LENGTH} characters`);
    if (trimmed) name[lang as LanguageCode] = trimmed;
  }
  const nameProblem = venueNameProblem(name, languages);
  if (nameProblem) throw invalidField('name', nameProblem);
  return { ...input, languages: [...languages], name };
}
