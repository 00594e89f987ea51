/**
 * Form validation rules of SPEC §5. A rule returns null when the value is valid, or the translation
 * key of its message with the values to put into it. Every rule but `required` lets an empty value
 * through, so an optional field is only checked once it is filled.
 */
import { DISPLAY_TIME_ZONE } from '../constants.ts';

export type ValidationFailure = { key: string; values?: Record<string, string | number> };

/** Form libraries hand over undefined or null for a field nobody has touched. */
export type FieldValue = string | null | undefined;

export type Rule = (value: FieldValue) => ValidationFailure | null;

/** The message for a value that is not valid in a way no other rule names. */
export function invalid(): ValidationFailure {
  return { key: 'common_validate_default' };
}

function isEmpty(value: FieldValue): value is '' | null | undefined {
  return value === undefined || value === null || value === '';
}

/** Only an empty value is skipped: "  " is a value, and the format rules judge it. */
function check(key: string, isValid: (value: string) => boolean, values?: ValidationFailure['values']): Rule {
  return (value) => (isEmpty(value) || isValid(value) ? null : values ? { key, values: { ...values } } : { key });
}

/** Characters as the visitor sees them: an emoji is one, not two UTF-16 units. */
function lengthOf(value: string): number {
  return [...value].length;
}

export const required: Rule = (value) => (isEmpty(value) || value.trim() === '' ? { key: 'common_validate_required' } : null);

export function maxLength(length: number): Rule {
  return check('common_validate_max', (value) => lengthOf(value) <= length, { length });
}

export function minLength(length: number): Rule {
  return check('common_validate_min', (value) => lengthOf(value) >= length, { length });
}

/** One digit system per value: ASCII, Arabic-Indic (٠-٩) or Eastern Arabic-Indic (۰-۹). */
const NUMERIC = /^(?:[0-9]+|[\u0660-\u0669]+|[\u06F0-\u06F9]+)$/;

export const numeric: Rule = check('common_validate_num', (value) => NUMERIC.test(value));

/** At least one letter: a card holder name of spaces only is not a name. */
const CARD_NAME = /^(?=.*[A-Za-z])[A-Za-z ]{1,30}$/;

export const cardName: Rule = check('customer_name_validate', (value) => CARD_NAME.test(value));

/** Given name and family name split by exactly one half-width space, e.g. TARO YAMADA. */
const CARD_NAME_WITH_SPACE = /^[A-Za-z]+ [A-Za-z]+$/;

export const cardNameContainingHalfWidthSpaces: Rule = check(
  'customer_name_containing_half_width_spaces_validate',
  (value) => lengthOf(value) <= 30 && CARD_NAME_WITH_SPACE.test(value),
);

const yearMonthFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: DISPLAY_TIME_ZONE });

/** The current year and month where the shop is, so the browser and the server agree at month ends. */
function currentMonthIndex(now: Date): number {
  const parts = yearMonthFormat.formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return year * 12 + (month - 1);
}

/**
 * A card is good through its expiry month: the expiry must not be before the first day of the
 * current month. Years come as 2 or 4 digits. When either field is still empty there is nothing to
 * judge yet (the `required` rule of that field reports it); a malformed year or month fails with
 * the default message.
 */
export function expired(year: FieldValue, month: FieldValue, now: Date): ValidationFailure | null {
  if (isEmpty(year) || isEmpty(month)) return null;
  if (!/^(?:\d{2}|\d{4})$/.test(year) || !/^\d{1,2}$/.test(month)) return invalid();
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return invalid();
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const expiryIndex = fullYear * 12 + (monthNumber - 1);
  return expiryIndex < currentMonthIndex(now) ? { key: 'common_validate_expired' } : null;
}

const EMAIL_LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LEVEL_DOMAIN = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';
/** Dot-separated atoms (so no leading, trailing or doubled dots), and a domain with at least one dot. */
const EMAIL = new RegExp(`^${EMAIL_LOCAL_ATOM}(?:\\.${EMAIL_LOCAL_ATOM})*@(?:${DOMAIN_LABEL}\\.)+${TOP_LEVEL_DOMAIN}$`);

export const email: Rule = check('mail_validate_invalid', (value) => {
  const at = value.lastIndexOf('@');
  return value.length <= 254 && at > 0 && at <= 64 && EMAIL.test(value);
});

/** A Japanese number (SPEC §5): 9 to 12 digits, or three hyphenated groups such as 03-1234-5678 and 090-1234-5678. */
const JAPANESE_PHONE = /^(?:\d{9,12}|\d{2,5}-\d{1,4}-\d{3,4})$/;
/**
 * A number from anywhere, written with its country code: `+` (or `00`) and 8 to 15 digits (E.164),
 * spaces, hyphens, dots and brackets between them. Whether the number exists in its country's plan
 * is the server's to say (libphonenumber), which stores it as E.164.
 */
const INTERNATIONAL_PHONE = /^(?:\+|00)[1-9](?:[\s.()-]*\d){7,14}$/;

/** Whether a phone number is written in the international form (`+81 …`, `001 …`). */
export const isInternationalPhone = (value: string) => INTERNATIONAL_PHONE.test(value.trim());

export const phone: Rule = check('common_validate_phone', (value) => JAPANESE_PHONE.test(value) || isInternationalPhone(value));

/**
 * The confirmation e-mail must equal the first one exactly. An empty confirmation passes like any
 * empty value: make it `required` when the first e-mail is filled.
 */
export function sameEmail(first: FieldValue, confirmation: FieldValue): ValidationFailure | null {
  if (isEmpty(confirmation)) return null;
  return confirmation === (first ?? '') ? null : { key: 'mail_validate_defferent' };
}

export const alphaNum: Rule = check('common_validate_alpha_num', (value) => /^[A-Za-z0-9]+$/.test(value));

/**
 * A RegExp is used as given (flags g and y are dropped so a test never depends on the last one);
 * a string is matched against the whole value, like the HTML pattern attribute.
 */
export function pattern(regex: RegExp | string): Rule {
  const compiled =
    typeof regex === 'string' ? new RegExp(`^(?:${regex})$`, 'u') : new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
  return check('common_validate_pattern', (value) => compiled.test(value));
}

function toNumber(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

export function minValue(min: number): Rule {
  return check('common_validate_min_value', (value) => toNumber(value) >= min, { min });
}

export function maxValue(max: number): Rule {
  return check('common_validate_max_value', (value) => toNumber(value) <= max, { max });
}

/** The first rule that fails, in the order given, or null when all pass. */
export function validateField(value: FieldValue, rules: readonly Rule[]): ValidationFailure | null {
  for (const rule of rules) {
    const failure = rule(value);
    if (failure) return failure;
  }
  return null;
}
