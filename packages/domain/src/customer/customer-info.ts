/**
 * The customer info rules of SPEC §3: which sign-in fields are sent and how, what they mean as
 * customer info, how the form starts and how it is validated. The storefront uses the validation as
 * its form resolver and the server runs it again on what it receives, so everything here is pure.
 */
import { choicesFor } from './choices.ts';
import {
  email,
  type FieldValue,
  invalid,
  maxLength,
  phone,
  type Rule,
  required,
  sameEmail,
  type ValidationFailure,
  validateField,
} from './validation.ts';

export type FieldTemplate = {
  fieldName: string;
  isDisplay: boolean;
  isRequired: boolean;
  type: 'text' | 'select';
  choices: string[];
  choiceList: string | null;
};

/** How a select left on "please select" is sent: as '', as 'none', or not at all. */
export type NoSelectValue = 'empty' | 'none' | 'noSend';

/** The value of the "please select" choice of a select. */
export const NO_SELECT = 'noSelect';
/** The value of a choice that asks for the field to be left out of what is sent. */
export const NO_SEND = 'noSend';

/** The field that repeats the e-mail address when confirmation is on; it is never sent. */
export const EMAIL_CONFIRMATION_FIELD = 'email2';

export type CustomerInfo = {
  address?: string;
  email?: string;
  name?: string;
  gender?: string;
  age?: string;
  phone?: string;
  residentArea?: string;
  acceptMailMagazine?: boolean;
  questionnaire1?: string;
  questionnaire2?: string;
  questionnaire3?: string;
};

/** `mail_magazine` and the operator's own `mail_magazine_<operator>`. */
export function isMailMagazineField(fieldName: string): boolean {
  return fieldName === 'mail_magazine' || fieldName.startsWith('mail_magazine_');
}

/** The fields whose noSend choice leaves them out of what is sent. */
const OMITTABLE_FIELDS: ReadonlySet<string> = new Set(['gender', 'age', 'resident_area']);

/** What a select left on "please select" is sent as, or null to leave it out. */
function noSelectSent(setting: NoSelectValue): string | null {
  if (setting === 'empty') return '';
  if (setting === 'none') return 'none';
  return null;
}

/**
 * The key/value pairs sent for the sign-in form. Hidden fields are not sent (nor is anything that
 * has no template, such as the e-mail confirmation). Text values are trimmed.
 */
export function fieldsToSend(
  templates: readonly FieldTemplate[],
  values: Readonly<Record<string, string>>,
  options: { noSelectValue: NoSelectValue },
): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const template of templates) {
    if (!template.isDisplay) continue;
    const name = template.fieldName;
    const value = values[name] ?? '';
    if (isMailMagazineField(name)) {
      sent[name] = value === 'true' ? 'true' : 'false';
    } else if (value === NO_SEND && OMITTABLE_FIELDS.has(name)) {
      // left out on purpose
    } else if (template.type === 'select' && (value === NO_SELECT || value === '')) {
      const noSelect = noSelectSent(options.noSelectValue);
      if (noSelect !== null) sent[name] = noSelect;
    } else {
      sent[name] = template.type === 'text' ? value.trim() : value;
    }
  }
  return sent;
}

/** The customer info that the sent fields stand for; a field that was not sent stays undefined. */
export function toCustomerInfo(sent: Readonly<Record<string, string>>): CustomerInfo {
  const info: CustomerInfo = {};
  const copy = (from: string, to: Exclude<keyof CustomerInfo, 'acceptMailMagazine'>) => {
    const value = sent[from];
    if (value !== undefined) info[to] = value;
  };
  copy('address', 'address');
  copy('email', 'email');
  copy('fullname', 'name');
  copy('gender', 'gender');
  copy('age', 'age');
  copy('phone', 'phone');
  copy('resident_area', 'residentArea');
  const mailMagazine = sent.mail_magazine;
  if (mailMagazine !== undefined) info.acceptMailMagazine = mailMagazine === 'true';
  copy('questionnaire1', 'questionnaire1');
  copy('questionnaire2', 'questionnaire2');
  copy('questionnaire3', 'questionnaire3');
  return info;
}

/**
 * The venue setting (a `configurations` key) under which the mail-magazine boxes start ticked. A
 * venue whose legal advice allows opt-out sets it to true; without it the boxes start unticked, so
 * a visitor subscribes only by choosing to.
 */
export const MAIL_MAGAZINE_DEFAULT_KEY = 'mail_magazine_default_checked';

/** Whether a venue's configuration values start the mail-magazine boxes ticked. */
export function mailMagazineStartsTicked(values: Readonly<Record<string, unknown>>): boolean {
  return values[MAIL_MAGAZINE_DEFAULT_KEY] === true;
}

/**
 * The form's starting values: mail magazines off unless the venue's setting ticks them, selects on
 * "please select", texts empty.
 */
export function initialValues(
  templates: readonly FieldTemplate[],
  options: { mailMagazineTicked: boolean } = { mailMagazineTicked: false },
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const template of templates) {
    if (isMailMagazineField(template.fieldName)) values[template.fieldName] = options.mailMagazineTicked ? 'true' : 'false';
    else values[template.fieldName] = template.type === 'select' ? NO_SELECT : '';
  }
  return values;
}

/** The values a select accepts: its own choices, else the list it names (true/false for a mail magazine). */
export function allowedValues(template: FieldTemplate): string[] {
  if (template.choices.length > 0) return template.choices;
  if (template.choiceList) return choicesFor(template.choiceList).map((choice) => choice.value);
  return isMailMagazineField(template.fieldName) ? ['true', 'false'] : [];
}

/**
 * A select with no choice made. Besides the form's own marker this covers what the server receives
 * for one: nothing, '' or 'none' (unless 'none' is a real choice of the field).
 */
function isNoSelection(value: FieldValue, template: FieldTemplate, allowed: readonly string[]): boolean {
  if (value === undefined || value === null || value === '' || value === NO_SELECT) return true;
  if (value === NO_SEND && OMITTABLE_FIELDS.has(template.fieldName)) return true;
  return value === 'none' && !allowed.includes(value);
}

const TEXT_RULES: Readonly<Record<string, readonly Rule[]>> = {
  email: [email],
  phone: [phone],
  fullname: [maxLength(100)],
  address: [maxLength(100)],
  resident_area: [maxLength(100)],
  questionnaire1: [maxLength(500)],
  questionnaire2: [maxLength(500)],
  questionnaire3: [maxLength(500)],
};

function validateSelect(template: FieldTemplate, value: FieldValue): ValidationFailure | null {
  const allowed = allowedValues(template);
  if (isNoSelection(value, template, allowed)) return template.isRequired ? required('') : null;
  return value && allowed.includes(value) ? null : invalid();
}

function validateText(template: FieldTemplate, value: FieldValue): ValidationFailure | null {
  const rules = TEXT_RULES[template.fieldName] ?? [];
  return validateField(value, template.isRequired ? [required, ...rules] : rules);
}

/**
 * The failures of the displayed fields, by field name; an empty record means the form is valid.
 * With `confirmEmail` the confirmation field (`email2`) must be filled whenever the e-mail is
 * required or filled, and must equal it. The server, which never receives `email2`, passes false.
 */
export function validateCustomerFields(
  templates: readonly FieldTemplate[],
  values: Readonly<Record<string, FieldValue>>,
  options: { confirmEmail: boolean },
): Record<string, ValidationFailure> {
  const failures: Record<string, ValidationFailure> = {};
  for (const template of templates) {
    if (!template.isDisplay) continue;
    const value = values[template.fieldName];
    const failure = template.type === 'select' ? validateSelect(template, value) : validateText(template, value);
    if (failure) failures[template.fieldName] = failure;
  }
  const emailTemplate = templates.find((template) => template.fieldName === 'email' && template.isDisplay);
  if (options.confirmEmail && emailTemplate) {
    const first = values.email;
    const confirmation = values[EMAIL_CONFIRMATION_FIELD];
    const mustConfirm = emailTemplate.isRequired || (first ?? '').trim() !== '';
    const failure = (mustConfirm ? required(confirmation) : null) ?? sameEmail(first, confirmation);
    if (failure) failures[EMAIL_CONFIRMATION_FIELD] = failure;
  }
  return failures;
}
