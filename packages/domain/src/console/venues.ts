/**
 * Contracts of the operator console's venues: what creating one takes, and how one is listed.
 * The rules for a venue's code, variant and time zone live here so that the console's form, the
 * route's schema and the server's operation refuse the same values.
 */
import { z } from 'zod';
import { InputText, Lang } from '../api/common.ts';
import { CURRENCIES, LANGUAGE_CODES, type LanguageCode } from '../constants.ts';

export const VENUE_KINDS = ['exhibition', 'cafe'] as const;
export type VenueKind = (typeof VENUE_KINDS)[number];

/** A venue's code and variant: the first path segment of its shop and its API. */
export const VENUE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/**
 * First path segments the server answers itself, which a venue's pages or API would be hidden
 * behind (or would hide). A test checks that every fixed segment the app registers is here.
 */
export const RESERVED_PATH_SEGMENTS: readonly string[] = [
  'admin',
  'api',
  'assets',
  'console',
  'dev',
  'gate',
  'health',
  'images',
  'mail',
  'payments',
  'sandbox',
  'sandbox-gateway',
  'staff',
  'static',
  'stripe',
  'tickets',
  'wallet',
];

/** The most languages a venue offers: every language of the shop. */
export const MAX_VENUE_LANGUAGES = LANGUAGE_CODES.length;
export const MAX_VENUE_NAME_LENGTH = 200;

/** Why `key` cannot be a venue's code or variant, or null when it can. */
export function venueKeyProblem(key: string): string | null {
  if (!VENUE_KEY_PATTERN.test(key)) return 'must be 2–40 lowercase letters, digits or hyphens, starting with a letter or a digit';
  if (RESERVED_PATH_SEGMENTS.includes(key)) return `must not be "${key}", a path the server uses itself`;
  return null;
}

/** An IANA time zone name the runtime knows (`Asia/Tokyo`, `Europe/Paris`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a venue's names do not fit its languages, or null when they do: the default (first)
 * language must have a name, and no name may be in a language the venue does not offer.
 */
export function venueNameProblem(name: Partial<Record<LanguageCode, string>>, languages: readonly LanguageCode[]): string | null {
  const [first] = languages;
  if (first && !name[first]?.trim()) return `must have a name in ${first}, the venue's default language`;
  const stray = Object.keys(name).find((lang) => !languages.includes(lang as LanguageCode));
  if (stray) return `has a name in ${stray}, which is not one of the venue's languages`;
  return null;
}

const VenueKey = InputText.superRefine((key, ctx) => {
  const problem = venueKeyProblem(key);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const NewVenueBody = z
  .object({
    /** The site code: the storefront's settings and API are addressed by it. */
    code: VenueKey,
    /** The shop's address: `/<variant>/`. */
    variant: VenueKey,
    kind: z.enum(VENUE_KINDS, { error: `must be one of ${VENUE_KINDS.join(', ')}` }),
    /** The venue's name per language; at least in its default language. */
    name: z.partialRecord(
      Lang,
      InputText.trim()
        .min(1, { error: 'must not be empty' })
        .max(MAX_VENUE_NAME_LENGTH, { error: `must be at most ${MAX_VENUE_NAME_LENGTH} characters` }),
    ),
    /** The languages the shop offers, the default first. */
    languages: z
      .array(Lang)
      .min(1, { error: 'must list at least one language' })
      .max(MAX_VENUE_LANGUAGES, { error: `must list at most ${MAX_VENUE_LANGUAGES} languages` })
      .refine((list) => new Set(list).size === list.length, { error: 'must not list a language twice' }),
    currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }),
    time_zone: InputText.refine(isTimeZone, { error: 'must be an IANA time zone name, such as Asia/Tokyo' }),
  })
  .superRefine((body, ctx) => {
    const problem = venueNameProblem(body.name, body.languages);
    if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
  });
export type NewVenueBody = z.infer<typeof NewVenueBody>;

/** A venue as the console lists it. */
export const VenueSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  variant: z.string(),
  kind: z.enum(VENUE_KINDS),
  /** The venue's name per language. */
  name: z.record(z.string(), z.string()),
  /** The shop's languages, the default first. */
  languages: z.array(z.enum(LANGUAGE_CODES)),
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
});
export type VenueSummary = z.infer<typeof VenueSummary>;
