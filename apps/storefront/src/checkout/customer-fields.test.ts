import { AGE_BANDS, RESIDENCE } from '@storefront/domain/customer/choices';
import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { describe, expect, it } from 'vitest';
import { choiceGroups, choicesOf, customerSummary, fieldLabelKey } from './customer-fields.ts';

function text(fieldName: string, isDisplay = true): FieldTemplate {
  return { fieldName, isDisplay, isRequired: false, type: 'text', choices: [], choiceList: null };
}
function select(fieldName: string, choiceList: string | null, choices: string[] = [], isDisplay = true): FieldTemplate {
  return { fieldName, isDisplay, isRequired: false, type: 'select', choices, choiceList };
}

const templates: FieldTemplate[] = [
  text('fullname'),
  text('email'),
  text('phone'),
  text('address', false),
  select('age', 'age_teens_to_70'),
  select('gender', 'gender_male_female_other'),
  select('resident_area', 'countries'),
  select('mail_magazine', null, ['true', 'false']),
  select('mail_magazine_demo', null, ['true', 'false']),
  text('questionnaire1'),
];

describe('fieldLabelKey', () => {
  it('labels a field by its name', () => {
    expect(fieldLabelKey('fullname')).toBe('signin_field_fullname');
    expect(fieldLabelKey('email2')).toBe('signin_field_email2');
    expect(fieldLabelKey('mail_magazine')).toBe('signin_field_mail_magazine');
  });
  it('gives every operator mail magazine the operator label', () => {
    expect(fieldLabelKey('mail_magazine_demo')).toBe('signin_field_mail_magazine_operator');
    expect(fieldLabelKey('mail_magazine_lab_exhibition')).toBe('signin_field_mail_magazine_operator');
  });
});

describe('choicesOf', () => {
  it('shows a template’s own choices as they are sent', () => {
    expect(choicesOf(select('q', null, ['a', 'b']))).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
    ]);
  });
  it('expands a named list, and gives nothing for none', () => {
    expect(choicesOf(select('gender', 'gender_man_woman')).map((c) => c.labelKey)).toEqual(['gender_man', 'gender_woman']);
    expect(choicesOf(select('gender', null))).toEqual([]);
  });
});

describe('customerSummary', () => {
  it('lists the displayed details in form order, selects by their labels', () => {
    const summary = customerSummary(templates, {
      fullname: 'Hanako Yamada',
      email: 'hanako@example.com',
      phone: '09012345678',
      address: 'hidden',
      age: '30-39',
      gender: 'female',
      resident_area: 'Japan / 日本',
      mail_magazine: 'true',
      mail_magazine_demo: 'false',
      questionnaire1: '',
    });
    expect(summary.lines).toEqual([
      { fieldName: 'fullname', labelKey: 'signin_field_fullname', text: 'Hanako Yamada' },
      { fieldName: 'email', labelKey: 'signin_field_email', text: 'hanako@example.com' },
      { fieldName: 'phone', labelKey: 'signin_field_phone', text: '09012345678' },
      { fieldName: 'age', labelKey: 'signin_field_age', textKey: 'age_30_39' },
      { fieldName: 'gender', labelKey: 'signin_field_gender', textKey: 'gender_female' },
      { fieldName: 'resident_area', labelKey: 'signin_field_resident_area', text: '日本' },
    ]);
    expect(summary.mailMagazines).toEqual(['signin_field_mail_magazine']);
  });

  it('names a place of residence in the page language', () => {
    const line = (lang: 'en' | 'th', value: string) =>
      customerSummary(templates, { resident_area: value }, lang).lines.find((l) => l.fieldName === 'resident_area');
    expect(line('en', 'Japan / 日本')).toEqual({
      fieldName: 'resident_area',
      labelKey: 'signin_field_resident_area',
      text: 'Japan',
    });
    expect(line('en', 'Canada')?.text).toBe('Canada');
    expect(line('th', 'Others / その他')?.text).toBe('อื่น ๆ');
  });

  it('leaves out selects with nothing chosen, however the site sends that', () => {
    const summary = customerSummary(templates, { fullname: 'A', age: '', gender: 'none', resident_area: 'noSelect' });
    expect(summary.lines.map((line) => line.fieldName)).toEqual(['fullname']);
  });

  it('shows an operator mail magazine that was accepted', () => {
    expect(customerSummary(templates, { mail_magazine: 'false', mail_magazine_demo: 'true' }).mailMagazines).toEqual([
      'signin_field_mail_magazine_operator',
    ]);
  });

  it('is empty before the details are entered', () => {
    expect(customerSummary(templates, null)).toEqual({ lines: [], mailMagazines: [] });
  });
});

describe('choiceGroups', () => {
  it('puts residence under Japan (prefectures in order) and abroad (countries in the page order, other last), in the page language', () => {
    const groups = choiceGroups(RESIDENCE, 'en');
    expect(groups.map((group) => group.labelKey)).toEqual(['choice_group_japan', 'choice_group_abroad']);
    const japan = groups[0]?.choices ?? [];
    expect(japan.slice(0, 2)).toEqual([
      { value: '北海道', label: { text: 'Hokkaido' } },
      { value: '青森県', label: { text: 'Aomori' } },
    ]);
    const abroad = groups[1]?.choices ?? [];
    expect(abroad.at(-1)).toEqual({ value: 'Others / その他', label: { text: 'Other' } });
    const texts = abroad.map((choice) => ('text' in choice.label ? choice.label.text : ''));
    expect(texts.slice(0, -1)).toEqual([...texts.slice(0, -1)].sort(new Intl.Collator('en').compare));
    expect(abroad.find((choice) => choice.value === 'United States')?.label).toEqual({ text: 'United States' });
    const ja = choiceGroups(RESIDENCE, 'ja');
    expect(ja[1]?.choices.find((choice) => choice.value === 'United States')?.label).toEqual({ text: 'アメリカ合衆国' });
  });

  it('keeps other lists in one group, labelled by key', () => {
    expect(choiceGroups(AGE_BANDS.teens_to_70, 'en')).toEqual([
      { labelKey: null, choices: AGE_BANDS.teens_to_70.map((c) => ({ value: c.value, label: { key: c.labelKey } })) },
    ]);
  });
});
