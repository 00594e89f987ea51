import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { describe, expect, it } from 'vitest';
import { choicesOf, customerSummary, fieldLabelKey } from './customer-fields.ts';

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
      { fieldName: 'resident_area', labelKey: 'signin_field_resident_area', text: 'Japan / 日本' },
    ]);
    expect(summary.mailMagazines).toEqual(['signin_field_mail_magazine']);
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
