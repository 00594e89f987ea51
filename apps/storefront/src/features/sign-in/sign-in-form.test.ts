import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { describe, expect, it } from 'vitest';
import { formFields, restoreValues } from './sign-in-form.ts';

function text(fieldName: string, isDisplay = true, isRequired = false): FieldTemplate {
  return { fieldName, isDisplay, isRequired, type: 'text', choices: [], choiceList: null };
}
function select(fieldName: string, choiceList: string | null, choices: string[] = [], isDisplay = true): FieldTemplate {
  return { fieldName, isDisplay, isRequired: false, type: 'select', choices, choiceList };
}

/** The demo site's form, as the seed builds it. */
const templates: FieldTemplate[] = [
  text('fullname', true, true),
  text('email', true, true),
  text('phone', true, true),
  text('address', false),
  select('age', 'age_teens_to_70'),
  select('gender', 'gender_male_female_other'),
  select('resident_area', 'countries'),
  select('mail_magazine', null, ['true', 'false']),
  select('mail_magazine_demo', null, ['true', 'false']),
  text('questionnaire1'),
  text('questionnaire2', false),
];

describe('formFields', () => {
  const fields = formFields(templates);

  it('shows the displayed fields in order, the e-mail confirmation after the e-mail', () => {
    expect(fields.map((field) => field.name)).toEqual([
      'fullname',
      'email',
      'email2',
      'phone',
      'age',
      'gender',
      'resident_area',
      'mail_magazine',
      'mail_magazine_demo',
      'questionnaire1',
    ]);
  });

  it('makes the confirmation required exactly when the e-mail is', () => {
    expect(fields.find((field) => field.name === 'email2')).toMatchObject({ isRequired: true, inputType: 'email' });
    const optional = formFields([text('email', true, false)]);
    expect(optional.find((field) => field.name === 'email2')?.isRequired).toBe(false);
  });

  it('has no confirmation when the e-mail is not shown', () => {
    expect(formFields([text('email', false), text('fullname')]).map((field) => field.name)).toEqual(['fullname']);
  });

  it('gives text inputs the right type and autocomplete', () => {
    expect(fields.find((field) => field.name === 'fullname')).toMatchObject({ inputType: 'text', autoComplete: 'name' });
    expect(fields.find((field) => field.name === 'email')).toMatchObject({ inputType: 'email', autoComplete: 'email' });
    expect(fields.find((field) => field.name === 'phone')).toMatchObject({ inputType: 'tel', autoComplete: 'tel' });
    expect(formFields([text('address')])[0]).toMatchObject({ autoComplete: 'street-address' });
    expect(fields.find((field) => field.name === 'questionnaire1')).toMatchObject({ control: 'text', inputType: 'text' });
  });

  it('makes mail magazines checkboxes and labels the operator one', () => {
    expect(fields.find((field) => field.name === 'mail_magazine')).toMatchObject({
      control: 'checkbox',
      labelKey: 'signin_field_mail_magazine',
    });
    expect(fields.find((field) => field.name === 'mail_magazine_demo')).toMatchObject({
      control: 'checkbox',
      labelKey: 'signin_field_mail_magazine_operator',
    });
  });

  it('fills selects from their lists', () => {
    const gender = fields.find((field) => field.name === 'gender');
    expect(gender?.control === 'select' && gender.choices.map((choice) => choice.value)).toEqual([
      'male',
      'female',
      'prefer_not_to_say',
    ]);
    const area = fields.find((field) => field.name === 'resident_area');
    expect(area?.control === 'select' && area.choices[0]?.label).toBe('Japan / 日本');
  });
});

describe('restoreValues', () => {
  it('starts with mail magazines unticked and nothing chosen', () => {
    const values = restoreValues(templates, null);
    expect(values).toMatchObject({
      fullname: '',
      email: '',
      email2: '',
      age: 'noSelect',
      mail_magazine: 'false',
      mail_magazine_demo: 'false',
    });
  });

  it('starts with mail magazines ticked where the venue setting says so', () => {
    expect(restoreValues(templates, null, null, { mailMagazineTicked: true })).toMatchObject({
      mail_magazine: 'true',
      mail_magazine_demo: 'true',
    });
  });

  it('restores what this visit saved, strings only, known fields only', () => {
    const values = restoreValues(templates, {
      fullname: 'Hanako',
      email2: 'h@example.com',
      mail_magazine: 'false',
      age: 30,
      unknown: 'x',
    });
    expect(values).toMatchObject({ fullname: 'Hanako', email2: 'h@example.com', mail_magazine: 'false', age: 'noSelect' });
    expect(values).not.toHaveProperty('unknown');
  });

  it('falls back to the details on the order when nothing was saved', () => {
    const orderFields = { fullname: 'Hanako', email: 'h@example.com', mail_magazine: 'false' };
    expect(restoreValues(templates, null, orderFields)).toMatchObject({
      fullname: 'Hanako',
      email: 'h@example.com',
      email2: 'h@example.com',
      mail_magazine: 'false',
      mail_magazine_demo: 'false',
    });
    expect(restoreValues(templates, null, { mail_magazine_demo: 'true' }).mail_magazine_demo).toBe('true');
    expect(restoreValues(templates, { fullname: 'Saved' }, orderFields).fullname).toBe('Saved');
  });
});
