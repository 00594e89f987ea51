/**
 * How the sign-in fields of SPEC §3 are named and shown: the label of each field, the choices of a
 * select, and the customer details as the confirm page lists them. Shared by the sign-in and
 * confirm steps, so both say the same thing for the same value.
 */
import { type Choice, choicesFor } from '@storefront/domain/customer/choices';
import {
  EMAIL_CONFIRMATION_FIELD,
  type FieldTemplate,
  isMailMagazineField,
  NO_SELECT,
  NO_SEND,
} from '@storefront/domain/customer/customer-info';

/** The label's translation key; every operator mail magazine (`mail_magazine_<site>`) shares one. */
export function fieldLabelKey(fieldName: string): string {
  if (fieldName !== 'mail_magazine' && isMailMagazineField(fieldName)) return 'signin_field_mail_magazine_operator';
  return `signin_field_${fieldName}`;
}

/** The choices of a select: its own list (shown as sent), else the named list of SPEC §3. */
export function choicesOf(template: Pick<FieldTemplate, 'choices' | 'choiceList'>): readonly Choice[] {
  if (template.choices.length > 0) return template.choices.map((value) => ({ value, label: value }));
  return template.choiceList ? choicesFor(template.choiceList) : [];
}

/** One line of the customer details: a label and either a literal text or a translated one. */
export type CustomerLine = { fieldName: string; labelKey: string; text?: string; textKey?: string };

export type CustomerSummary = {
  lines: CustomerLine[];
  /** Label keys of the mail magazines the visitor said yes to. */
  mailMagazines: string[];
};

/**
 * The details the order carries, in the order of the form: displayed fields only, empty values and
 * "nothing chosen" left out, a select shown by its choice's label, mail magazines apart.
 */
export function customerSummary(
  templates: readonly FieldTemplate[],
  fields: Readonly<Record<string, string>> | null,
): CustomerSummary {
  const summary: CustomerSummary = { lines: [], mailMagazines: [] };
  if (!fields) return summary;
  for (const template of templates) {
    const name = template.fieldName;
    if (!template.isDisplay || name === EMAIL_CONFIRMATION_FIELD) continue;
    const value = (fields[name] ?? '').trim();
    const labelKey = fieldLabelKey(name);
    if (isMailMagazineField(name)) {
      if (value === 'true') summary.mailMagazines.push(labelKey);
      continue;
    }
    if (value === '' || value === NO_SELECT || value === NO_SEND) continue;
    if (template.type === 'select') {
      const choice = choicesOf(template).find((candidate) => candidate.value === value);
      // 'none' is how some sites send "nothing chosen"; it is only shown when it is a real choice.
      if (!choice) {
        if (value !== 'none') summary.lines.push({ fieldName: name, labelKey, text: value });
        continue;
      }
      summary.lines.push(
        choice.labelKey
          ? { fieldName: name, labelKey, textKey: choice.labelKey }
          : { fieldName: name, labelKey, text: choice.label ?? value },
      );
      continue;
    }
    summary.lines.push({ fieldName: name, labelKey, text: value });
  }
  return summary;
}
