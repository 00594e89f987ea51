/**
 * The sign-in form of SPEC §3 and §5 as data: which controls it shows for the site's field
 * templates, how it starts (the saved page over the defaults) and what each control is.
 */
import type { Choice } from '@storefront/domain/customer/choices';
import {
  EMAIL_CONFIRMATION_FIELD,
  type FieldTemplate,
  initialValues,
  isMailMagazineField,
} from '@storefront/domain/customer/customer-info';
import { choicesOf, fieldLabelKey } from '../../checkout/customer-fields.ts';

export type SignInValues = Record<string, string>;

type TextInput = {
  control: 'text';
  inputType: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'email' | 'tel';
  placeholderKey?: string;
};

export type FormField = {
  name: string;
  labelKey: string;
  isRequired: boolean;
} & (TextInput | { control: 'select'; choices: readonly Choice[] } | { control: 'checkbox' });

const TEXT_INPUTS: Readonly<Record<string, TextInput>> = {
  fullname: { control: 'text', inputType: 'text', autoComplete: 'name', placeholderKey: 'signin_placeholder_fullname' },
  email: {
    control: 'text',
    inputType: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    placeholderKey: 'signin_placeholder_email',
  },
  [EMAIL_CONFIRMATION_FIELD]: { control: 'text', inputType: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { control: 'text', inputType: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholderKey: 'signin_placeholder_phone' },
  address: { control: 'text', inputType: 'text', autoComplete: 'street-address' },
};

function fieldOf(template: FieldTemplate): FormField {
  const base = { name: template.fieldName, labelKey: fieldLabelKey(template.fieldName), isRequired: template.isRequired };
  // A mail magazine is a yes/no question: one checkbox reads better than a two-choice select.
  if (isMailMagazineField(template.fieldName)) return { ...base, control: 'checkbox' };
  if (template.type === 'select') return { ...base, control: 'select', choices: choicesOf(template) };
  return { ...base, ...(TEXT_INPUTS[template.fieldName] ?? { control: 'text', inputType: 'text' }) };
}

/**
 * The displayed fields in template order, with the e-mail confirmation right after the e-mail
 * (customer e-mail confirmation is on for every site). The confirmation is required when the
 * e-mail is; an optional e-mail that is filled in is checked by the validation.
 */
export function formFields(templates: readonly FieldTemplate[]): FormField[] {
  const fields: FormField[] = [];
  for (const template of templates) {
    if (!template.isDisplay) continue;
    fields.push(fieldOf(template));
    if (template.fieldName === 'email') {
      fields.push({
        name: EMAIL_CONFIRMATION_FIELD,
        labelKey: fieldLabelKey(EMAIL_CONFIRMATION_FIELD),
        isRequired: template.isRequired,
        ...(TEXT_INPUTS[EMAIL_CONFIRMATION_FIELD] as TextInput),
      });
    }
  }
  return fields;
}

/**
 * The form's values: the defaults (mail magazines off unless the venue's setting ticks them), then
 * whatever this visit saved before, or, when nothing was saved, the details the order already
 * carries (the e-mail confirmed as it is).
 */
export function restoreValues(
  templates: readonly FieldTemplate[],
  saved: Readonly<Record<string, unknown>> | null,
  orderFields: Readonly<Record<string, string>> | null = null,
  options: { mailMagazineTicked: boolean } = { mailMagazineTicked: false },
): SignInValues {
  const values: SignInValues = { ...initialValues(templates, options), [EMAIL_CONFIRMATION_FIELD]: '' };
  const source: Readonly<Record<string, unknown>> | null =
    saved ?? (orderFields ? { ...orderFields, [EMAIL_CONFIRMATION_FIELD]: orderFields.email ?? '' } : null);
  if (!source) return values;
  for (const name of Object.keys(values)) {
    const value = source[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}
