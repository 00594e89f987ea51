/**
 * How the sign-in fields of SPEC §3 are named and shown: the label of each field, the choices of a
 * select, and the customer details as the confirm page lists them. Shared by the sign-in and
 * confirm steps, so both say the same thing for the same value.
 */
import { LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import { type Choice, choicesFor, placeLabel } from '@storefront/domain/customer/choices';
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

/** How a choice reads on the page: a place in the page's language, a translated key, or its own text. */
export function choiceText(choice: Choice, lang: LanguageCode): { text: string } | { key: string } {
  const place = placeLabel(choice, lang);
  if (place !== null) return { text: place };
  if (choice.labelKey) return { key: choice.labelKey };
  return { text: choice.label ?? choice.value };
}

export type ChoiceGroup = {
  /** The group's heading key, or null for choices outside any group. */
  labelKey: string | null;
  choices: { value: string; label: { text: string } | { key: string } }[];
};

const GROUP_KEYS = { japan: 'choice_group_japan', abroad: 'choice_group_abroad' } as const;

/**
 * The choices of a select as the page shows them: labelled in its language and, for residence,
 * under "in Japan" (prefectures, in their order) and "outside Japan" (countries in the page's
 * alphabetical order, "other" last).
 */
export function choiceGroups(choices: readonly Choice[], lang: LanguageCode): ChoiceGroup[] {
  const groups: ChoiceGroup[] = [];
  for (const choice of choices) {
    const labelKey = choice.group ? GROUP_KEYS[choice.group] : null;
    let group = groups.at(-1);
    if (!group || group.labelKey !== labelKey) {
      group = { labelKey, choices: [] };
      groups.push(group);
    }
    group.choices.push({ value: choice.value, label: choiceText(choice, lang) });
  }
  const collator = new Intl.Collator(LANGUAGE_TAGS[lang]);
  const byPlace = new Map(choices.map((choice) => [choice.value, choice.place?.kind]));
  for (const group of groups) {
    if (group.labelKey !== GROUP_KEYS.abroad) continue;
    const text = (label: { text: string } | { key: string }) => ('text' in label ? label.text : label.key);
    group.choices.sort((a, b) => {
      const aOther = byPlace.get(a.value) === 'other';
      const bOther = byPlace.get(b.value) === 'other';
      if (aOther !== bOther) return aOther ? 1 : -1;
      return collator.compare(text(a.label), text(b.label));
    });
  }
  return groups;
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
  lang: LanguageCode = 'ja',
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
      const shown = choiceText(choice, lang);
      summary.lines.push(
        'key' in shown ? { fieldName: name, labelKey, textKey: shown.key } : { fieldName: name, labelKey, text: shown.text },
      );
      continue;
    }
    summary.lines.push({ fieldName: name, labelKey, text: value });
  }
  return summary;
}
