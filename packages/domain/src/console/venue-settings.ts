/**
 * Contracts of a venue's settings in the operator console (`/console/api/v1/venues/:venue/...`):
 * the settings the shop reads from its configuration, the shop's texts per language, and the
 * payment methods it offers. Reading needs `catalogue:read` at the venue, writing `catalogue:write`.
 * The rules live here so that the console's forms, the routes' schemas and the server's
 * operations refuse the same values.
 */
import { z } from 'zod';
import { InputText, Lang } from '../api/common.ts';
import {
  CURRENCIES,
  LANGUAGE_CODES,
  type LanguageCode,
  PAYMENT_METHOD_IDS,
  PAYMENT_PROVIDERS,
  type PaymentMethodId,
  type PaymentProviderId,
  SALES_CHANNELS,
} from '../constants.ts';
import { CHEAPER_CHANGE_POLICIES } from '../date-change.ts';
import { isInvoiceRegistrationNumber } from '../invoice-number.ts';
import { providerTakes } from '../payments.ts';
import { isTimeZone, MAX_VENUE_NAME_LENGTH } from './venues.ts';

// ————— Settings —————

/** How long a temporary order holds its places, in minutes. */
export const HOLD_MINUTES_RANGE = { min: 5, max: 60 } as const;
/** The remaining places at or under which a slot shows as "few left". */
export const LOW_STOCK_THRESHOLD_RANGE = { min: 0, max: 10_000 } as const;
/** A Google Tag Manager container id. */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,10}$/;
export const MAX_TAG_MANAGER_IDS = 5;
/** A colour as the shop's style sheets take it. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A date-change deadline of at most 60 days before the slot. */
export const MAX_DATE_CHANGE_DEADLINE_MINUTES = 60 * 24 * 60;
export const MAX_DATE_CHANGE_FEE = 10_000_000;
const MAX_TEXT_LENGTH = 500;

export const ORDER_PROCEDURES = ['product_first', 'date_first'] as const;
export const TICKET_DISPLAY_TYPES = ['fusion', 'separate'] as const;
/** The theme colours an operator sets; the shop's logo (`theme.logoSvg`) is not among them, see below. */
export const THEME_COLOURS = ['primary', 'on_primary', 'background', 'text', 'accent'] as const;
export type ThemeColour = (typeof THEME_COLOURS)[number];

const HexColour = InputText.regex(HEX_COLOUR_PATTERN, { error: 'must be a colour written #rrggbb' });
/** A text per language; an empty text removes that language's text. */
const LocalizedInput = (max: number) =>
  z.partialRecord(Lang, InputText.trim().max(max, { error: `must be at most ${max} characters` }));

const Email = InputText.trim()
  .max(254, { error: 'must be at most 254 characters' })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'must be an e-mail address' });
/** Digits, spaces, hyphens, parentheses and a leading plus: a number as a venue prints it. */
const Phone = InputText.trim().regex(/^(\+?[0-9 ()-]{6,24})?$/, {
  error: 'must be a telephone number (digits, spaces, hyphens, parentheses, a leading +)',
});

const wholeNumber = (range: { min: number; max: number }) =>
  z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(range.min, { error: `must be at least ${range.min}` })
    .max(range.max, { error: `must be at most ${range.max}` });

/**
 * The shop's colours. `theme.logoSvg` is deliberately not editable here: the shop renders it as
 * raw SVG markup, so accepting it from the console would let anyone with `catalogue:write` put
 * script into every visitor's page. Logos are uploaded as images (another screen).
 */
const ThemeInput = z.strictObject({
  primary: HexColour,
  on_primary: HexColour,
  background: HexColour,
  text: HexColour,
  accent: HexColour,
});

const TicketDisplayInput = z.strictObject({
  type: z.enum(TICKET_DISPLAY_TYPES, { error: `must be one of ${TICKET_DISPLAY_TYPES.join(', ')}` }),
  header_color: z.strictObject({ pc: HexColour, sp: HexColour }).partial(),
  shows_header_logo: z.strictObject({ pc: z.boolean(), sp: z.boolean() }).partial(),
});

const LayoutInput = z.strictObject({
  order_procedure: z.enum(ORDER_PROCEDURES, { error: `must be one of ${ORDER_PROCEDURES.join(', ')}` }),
  is_calendar_coloured: z.boolean(),
  shows_smartphone_app_modal: z.boolean(),
  ticket_display: TicketDisplayInput.partial(),
});

const ProductKey = InputText.min(1, { error: 'must name a product' }).max(100, { error: 'must name a product' });

/** The `DateChangeSettings` of `date-change.ts`, as the console writes it. */
const DateChangeInput = z.strictObject({
  is_enabled: z.boolean(),
  /** Keys of the products whose tickets may change; null: every product of the venue. */
  product_keys: z.array(ProductKey).max(500, { error: 'must list at most 500 products' }).nullable(),
  deadline_minutes: wholeNumber({ min: 0, max: MAX_DATE_CHANGE_DEADLINE_MINUTES }),
  fee_per_admission: wholeNumber({ min: 0, max: MAX_DATE_CHANGE_FEE }),
  cheaper_new_slot: z.enum(CHEAPER_CHANGE_POLICIES, { error: `must be one of ${CHEAPER_CHANGE_POLICIES.join(', ')}` }),
  discounted_payment_methods: z
    .array(z.enum(PAYMENT_METHOD_IDS, { error: 'must list payment method identifiers' }))
    .max(PAYMENT_METHOD_IDS.length),
});

/** The sign-in form's place-of-residence field: free text, or a choice from a list. */
export const RESIDENT_AREA_FIELDS = ['text', 'select'] as const;
/**
 * The lists the place-of-residence field may offer: countries, Japan's prefectures, Japan's
 * regions, or residence (prefectures for visitors living in Japan, countries for visitors from
 * abroad), each labelled in the page's language.
 */
export const RESIDENT_AREA_LISTS = ['countries', 'prefectures', 'regions', 'residence'] as const;
/** The age bands the sign-in form offers (`AGE_BANDS` of `customer/choices.ts`). */
export const AGE_BAND_SETS = ['teens_to_70', 'young_adult_to_80'] as const;
/** The gender choices the sign-in form offers (`GENDERS` of `customer/choices.ts`). */
export const GENDER_CHOICE_SETS = ['man_woman', 'male_female_other'] as const;

/** The sign-in form's choices, and whether its newsletter boxes start ticked. */
const SignInFormInput = z.strictObject({
  resident_area_field: z.enum(RESIDENT_AREA_FIELDS, { error: `must be one of ${RESIDENT_AREA_FIELDS.join(', ')}` }),
  resident_area_list: z.enum(RESIDENT_AREA_LISTS, { error: `must be one of ${RESIDENT_AREA_LISTS.join(', ')}` }),
  age_bands: z.enum(AGE_BAND_SETS, { error: `must be one of ${AGE_BAND_SETS.join(', ')}` }),
  gender_choices: z.enum(GENDER_CHOICE_SETS, { error: `must be one of ${GENDER_CHOICE_SETS.join(', ')}` }),
  /** Only where the venue's legal basis allows an opt-out newsletter; unticked otherwise. */
  mail_magazine_default_checked: z.boolean({ error: 'must be true or false' }),
});

const MailConfirmInput = z.strictObject({ customer_email_confirm: z.boolean(), confirm_by_mail: z.boolean() });

export const TagManagerIds = z
  .array(InputText.regex(TAG_MANAGER_ID_PATTERN, { error: 'must list container ids written GTM-XXXX' }))
  .max(MAX_TAG_MANAGER_IDS, { error: `must list at most ${MAX_TAG_MANAGER_IDS} ids` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'must not list an id twice' });

/** Every field a PATCH may send; each is optional, and only those sent change. */
export const VenueSettingsPatch = z
  .strictObject({
    name: LocalizedInput(MAX_VENUE_NAME_LENGTH),
    address: LocalizedInput(MAX_TEXT_LENGTH),
    email: Email,
    phone: Phone,
    /** Printed on every receipt; null removes it. */
    invoice_registration_number: InputText.refine(isInvoiceRegistrationNumber, {
      error: 'must be T and the 13 digits of a qualified-invoice registration number, such as T7000012050002',
    }).nullable(),
    page_title: LocalizedInput(200),
    theme: ThemeInput.partial(),
    layout: LayoutInput.partial(),
    hold_minutes: wholeNumber(HOLD_MINUTES_RANGE),
    low_stock_threshold: wholeNumber(LOW_STOCK_THRESHOLD_RANGE),
    date_change: DateChangeInput.partial(),
    is_start_mail_confirm_only: z.boolean(),
    mail_confirm: MailConfirmInput.partial(),
    has_membership_login: z.boolean(),
    sign_in_form: SignInFormInput.partial(),
    /** Only while the venue has no orders at all (the server answers 409 otherwise). */
    currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }),
    time_zone: InputText.refine(isTimeZone, { error: 'must be an IANA time zone name, such as Asia/Tokyo' }),
    tag_manager_ids: TagManagerIds,
  })
  .partial();
export type VenueSettingsPatch = z.infer<typeof VenueSettingsPatch>;

/** The editable settings as they are now. */
export const VenueSettingsValues = z.object({
  name: z.record(z.string(), z.string()),
  address: z.record(z.string(), z.string()),
  email: z.string(),
  phone: z.string(),
  invoice_registration_number: z.string().nullable(),
  page_title: z.record(z.string(), z.string()),
  theme: z.object({ primary: z.string(), on_primary: z.string(), background: z.string(), text: z.string(), accent: z.string() }),
  layout: z.object({
    order_procedure: z.enum(ORDER_PROCEDURES),
    is_calendar_coloured: z.boolean(),
    shows_smartphone_app_modal: z.boolean(),
    ticket_display: z.object({
      type: z.enum(TICKET_DISPLAY_TYPES),
      header_color: z.object({ pc: z.string(), sp: z.string() }),
      shows_header_logo: z.object({ pc: z.boolean(), sp: z.boolean() }),
    }),
  }),
  hold_minutes: z.number().int(),
  low_stock_threshold: z.number().int(),
  date_change: z.object({
    is_enabled: z.boolean(),
    product_keys: z.array(z.string()).nullable(),
    deadline_minutes: z.number().int(),
    fee_per_admission: z.number().int(),
    cheaper_new_slot: z.enum(CHEAPER_CHANGE_POLICIES),
    discounted_payment_methods: z.array(z.string()),
  }),
  is_start_mail_confirm_only: z.boolean(),
  mail_confirm: z.object({ customer_email_confirm: z.boolean(), confirm_by_mail: z.boolean() }),
  has_membership_login: z.boolean(),
  sign_in_form: z.object({
    resident_area_field: z.enum(RESIDENT_AREA_FIELDS),
    resident_area_list: z.enum(RESIDENT_AREA_LISTS),
    age_bands: z.enum(AGE_BAND_SETS),
    gender_choices: z.enum(GENDER_CHOICE_SETS),
    mail_magazine_default_checked: z.boolean(),
  }),
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
  tag_manager_ids: z.array(z.string()),
});
export type VenueSettingsValues = z.infer<typeof VenueSettingsValues>;

/** The settings with what the console needs to edit them. */
export const VenueSettings = z.object({
  settings: VenueSettingsValues,
  /** The shop's languages, the default first. */
  languages: z.array(z.enum(LANGUAGE_CODES)),
  /** The currency can change only while this is false. */
  has_orders: z.boolean(),
  /** The venue's products, for the date-change rules. */
  products: z.array(z.object({ key: z.string(), name: z.record(z.string(), z.string()) })),
});
export type VenueSettings = z.infer<typeof VenueSettings>;

// ————— Texts —————

export const MAX_SHOP_TEXT_LENGTH = 5_000;
export const MAX_TEXTS_PER_SAVE = 2_000;
export const TEXT_KEY_PATTERN = /^[a-z0-9_]{1,100}$/;

/** The `{name}` placeholders of a text, sorted: a translation must keep exactly those of its default. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

/** Why `value` cannot replace a text whose default is `reference`, or null when it can. */
export function shopTextProblem(value: string, reference: string | null): string | null {
  if (value.trim() === '') return 'must not be empty';
  if (value.length > MAX_SHOP_TEXT_LENGTH) return `must be at most ${MAX_SHOP_TEXT_LENGTH} characters`;
  if (reference === null) return null;
  const wanted = placeholdersOf(reference);
  const found = placeholdersOf(value);
  if (JSON.stringify(wanted) === JSON.stringify(found)) return null;
  const dropped = wanted.filter((name) => !found.includes(name));
  const added = found.filter((name) => !wanted.includes(name));
  if (dropped.length > 0) return `must keep the placeholder ${dropped.map((n) => `{${n}}`).join(', ')}`;
  if (added.length > 0) return `must not add the placeholder ${added.map((n) => `{${n}}`).join(', ')}`;
  return 'must keep each placeholder of the default as often as it has it';
}

export const TextsQuery = z.object({ lang: Lang });
export const TextsParams = z.object({ venue: z.string(), lang: Lang });

export const ShopText = z.object({
  key: z.string(),
  /** The venue's text; null when it has none. */
  value: z.string().nullable(),
  /** The shop's shared text in this language; null for a key of the venue's own. */
  default: z.string().nullable(),
  /** The venue has no text for the key in this language: the shop shows the key. */
  missing: z.boolean(),
});
export type ShopText = z.infer<typeof ShopText>;

export const VenueTexts = z.object({ lang: Lang, texts: z.array(ShopText) });
export type VenueTexts = z.infer<typeof VenueTexts>;

export const SaveTextsBody = z.object({
  texts: z
    .record(InputText.regex(TEXT_KEY_PATTERN, { error: 'must be a text key' }), InputText)
    .refine((texts) => Object.keys(texts).length > 0, { error: 'must hold at least one text' })
    .refine((texts) => Object.keys(texts).length <= MAX_TEXTS_PER_SAVE, {
      error: `must hold at most ${MAX_TEXTS_PER_SAVE} texts`,
    }),
});
export type SaveTextsBody = z.infer<typeof SaveTextsBody>;

// ————— Payment methods —————

export const PaymentMethodEntry = z.object({
  method: z.enum(PAYMENT_METHOD_IDS, { error: `must be one of ${PAYMENT_METHOD_IDS.join(', ')}` }),
  provider: z.enum(PAYMENT_PROVIDERS, { error: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` }),
  channels: z
    .array(z.enum(SALES_CHANNELS, { error: `must list channels among ${SALES_CHANNELS.join(', ')}` }))
    .min(1, { error: 'must list at least one channel' })
    .max(SALES_CHANNELS.length)
    .refine((list) => new Set(list).size === list.length, { error: 'must not list a channel twice' }),
  is_enabled: z.boolean(),
});
export type PaymentMethodEntry = z.infer<typeof PaymentMethodEntry>;

/**
 * The public settings the shop's pages load a provider's script with, per provider: Stripe's
 * publishable key, Adyen's client key and the venue's Adyen merchant account. Secret keys are the
 * server's environment, never a venue setting.
 */
export const PROVIDER_PUBLIC_KEYS = { stripe: ['publishableKey'], adyen: ['clientKey', 'merchantAccount'] } as const;
export const STRIPE_PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9]{8,200}$/;
/** An Adyen client key: its environment, then 32 capital letters and digits (`test_ABCD…2345`). */
export const ADYEN_CLIENT_KEY_PATTERN = /^(test|live)_[A-Z0-9]{32}$/;
/** The name of an Adyen merchant account, as Adyen's Customer Area shows it. */
export const ADYEN_MERCHANT_ACCOUNT_PATTERN = /^[A-Za-z0-9_.-]{1,80}$/;
/** Settings that are names rather than keys: shown and recorded in full. */
const PLAIN_PROVIDER_SETTINGS: Readonly<Record<string, readonly string[]>> = { adyen: ['merchantAccount'] };

/** A secret pasted where a public setting belongs: Stripe's secret, restricted and webhook keys, Adyen's API keys. */
export function isSecretKey(name: string, value: string): boolean {
  if (/^(sk|rk)_/.test(value) || /^whsec_/.test(value)) return true;
  // Adyen's API keys start AQE. A merchant account's name could too, so in that field only a value
  // no account could be named (too long, or with base64's + / =) counts as the key.
  if (value.startsWith('AQE')) return name !== 'merchantAccount' || !ADYEN_MERCHANT_ACCOUNT_PATTERN.test(value);
  return false;
}

/** Why `value` cannot be the public setting `name` of `provider`, or null when it can. */
export function providerKeyProblem(provider: string, name: string, value: string): string | null {
  if (isSecretKey(name, value)) return 'is a secret key: secrets belong in the server’s environment, never in a venue setting';
  if (provider === 'stripe' && name === 'publishableKey' && !STRIPE_PUBLISHABLE_KEY_PATTERN.test(value))
    return 'must be a Stripe publishable key (pk_test_… or pk_live_…)';
  if (provider === 'adyen' && name === 'clientKey' && !ADYEN_CLIENT_KEY_PATTERN.test(value))
    return 'must be an Adyen client key (test_… or live_… and 32 capital letters or digits)';
  if (provider === 'adyen' && name === 'merchantAccount' && !ADYEN_MERCHANT_ACCOUNT_PATTERN.test(value))
    return 'must be an Adyen merchant account name (1 to 80 letters, digits, _, - or .)';
  return null;
}

/**
 * A public setting shown back: a key as its kind and last four characters only (`pk_live_…4242`,
 * `live_…2345`), a name such as the Adyen merchant account in full.
 */
export function maskedKey(provider: string, name: string, value: string): string {
  if (PLAIN_PROVIDER_SETTINGS[provider]?.includes(name)) return value;
  const prefix = /^([a-z]+_)?(test|live)_/.exec(value)?.[0] ?? '';
  return `${prefix}…${value.slice(-4)}`;
}

/** Why `provider` cannot take `method`, or null when it can (`providerTakes`). */
export function providerMethodProblem(provider: PaymentProviderId, method: PaymentMethodId): string | null {
  if (providerTakes(provider, method)) return null;
  // Only the free provider settles a zero total, and it settles nothing else.
  if (method === 'free') return 'must be free for the free method';
  if (provider === 'free') return 'must not be free for a paid method';
  const taken = PAYMENT_METHOD_IDS.filter((id) => providerTakes(provider, id));
  return `must be a provider that takes ${method}: ${provider} takes only ${taken.join(', ')}`;
}

const PublicSetting = InputText.trim().max(255).nullable();

export const SavePaymentMethodsBody = z.object({
  /**
   * Every method the venue offers, in display order; what is not listed is no longer offered.
   * Each goes to a provider that can take it.
   */
  methods: z
    .array(PaymentMethodEntry)
    .max(PAYMENT_METHOD_IDS.length, { error: `must list at most ${PAYMENT_METHOD_IDS.length} methods` })
    .refine((list) => new Set(list.map((entry) => entry.method)).size === list.length, {
      error: 'must not list a method twice',
    })
    .superRefine((list, ctx) => {
      list.forEach((entry, index) => {
        const problem = providerMethodProblem(entry.provider, entry.method);
        if (problem) ctx.addIssue({ code: 'custom', path: [index, 'provider'], message: problem });
      });
    }),
  /**
   * Public settings to set (a text) or remove (null), by provider and name; those not sent stay.
   * Absent: every setting stays.
   */
  provider_keys: z
    .strictObject({
      stripe: z.strictObject({ publishableKey: PublicSetting }).partial(),
      adyen: z.strictObject({ clientKey: PublicSetting, merchantAccount: PublicSetting }).partial(),
    })
    .partial()
    .optional(),
});
export type SavePaymentMethodsBody = z.infer<typeof SavePaymentMethodsBody>;

export const VenuePaymentMethods = z.object({
  methods: z.array(PaymentMethodEntry),
  /** The public settings set: keys masked, names (the Adyen merchant account) in full. */
  provider_keys: z.record(z.string(), z.record(z.string(), z.string())),
  /** The providers this server can take payments with (no sandbox in production). */
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
});
export type VenuePaymentMethods = z.infer<typeof VenuePaymentMethods>;

/** The languages a venue's texts are kept in: every language the shop can show. */
export const TEXT_LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES;
