import { describe, expect, it } from 'vitest';
import {
  allowedValues,
  type FieldTemplate,
  fieldsToSend,
  initialValues,
  isMailMagazineField,
  MAIL_MAGAZINE_DEFAULT_KEY,
  mailMagazineStartsTicked,
  NO_SELECT,
  NO_SEND,
  toCustomerInfo,
  validateCustomerFields,
} from './customer-info.ts';

function text(fieldName: string, isDisplay = true, isRequired = false): FieldTemplate {
  return { fieldName, isDisplay, isRequired, type: 'text', choices: [], choiceList: null };
}

function select(
  fieldName: string,
  choiceList: string | null,
  choices: string[] = [],
  isDisplay = true,
  isRequired = false,
): FieldTemplate {
  return { fieldName, isDisplay, isRequired, type: 'select', choices, choiceList };
}

/** The sign-in form as the seed builds it for an exhibition site. */
const templates: FieldTemplate[] = [
  text('fullname', true, true),
  text('email', true, true),
  text('phone', true, true),
  text('address', false),
  select('age', 'age_teens_to_70'),
  select('gender', 'gender_male_female_other'),
  select('resident_area', 'countries', [], true, true),
  select('mail_magazine', null, ['true', 'false']),
  select('mail_magazine_borderless', null, ['true', 'false']),
  text('questionnaire1'),
  text('questionnaire2', false),
  text('questionnaire3', false),
];

const filled: Record<string, string> = {
  fullname: '山田 太郎',
  email: 'taro@example.com',
  email2: 'taro@example.com',
  phone: '090-1234-5678',
  address: 'hidden, not sent',
  age: '30-39',
  gender: 'female',
  resident_area: 'Japan / 日本',
  mail_magazine: 'true',
  mail_magazine_borderless: 'false',
  questionnaire1: 'From a friend',
  questionnaire2: 'hidden, not sent',
};

describe('isMailMagazineField', () => {
  it('recognises mail_magazine and the operator fields after it', () => {
    expect(isMailMagazineField('mail_magazine')).toBe(true);
    expect(isMailMagazineField('mail_magazine_borderless')).toBe(true);
    expect(isMailMagazineField('mail_magazines')).toBe(false);
    expect(isMailMagazineField('magazine')).toBe(false);
  });
});

describe('initialValues', () => {
  it('starts with mail magazines off, selects on "please select" and texts empty', () => {
    expect(initialValues(templates)).toEqual({
      fullname: '',
      email: '',
      phone: '',
      address: '',
      age: NO_SELECT,
      gender: NO_SELECT,
      resident_area: NO_SELECT,
      mail_magazine: 'false',
      mail_magazine_borderless: 'false',
      questionnaire1: '',
      questionnaire2: '',
      questionnaire3: '',
    });
  });

  it('starts mail magazines ticked only where the venue setting is true', () => {
    expect(mailMagazineStartsTicked({})).toBe(false);
    expect(mailMagazineStartsTicked({ [MAIL_MAGAZINE_DEFAULT_KEY]: 'true' })).toBe(false);
    expect(mailMagazineStartsTicked({ [MAIL_MAGAZINE_DEFAULT_KEY]: true })).toBe(true);
    expect(initialValues(templates, { mailMagazineTicked: true })).toMatchObject({
      mail_magazine: 'true',
      mail_magazine_borderless: 'true',
    });
  });

  it('starts a text resident area empty', () => {
    expect(initialValues([text('resident_area')])).toEqual({ resident_area: '' });
  });
});

describe('fieldsToSend', () => {
  it('sends only displayed fields, as key/value pairs', () => {
    expect(fieldsToSend(templates, filled, { noSelectValue: 'empty' })).toEqual({
      fullname: '山田 太郎',
      email: 'taro@example.com',
      phone: '090-1234-5678',
      age: '30-39',
      gender: 'female',
      resident_area: 'Japan / 日本',
      mail_magazine: 'true',
      mail_magazine_borderless: 'false',
      questionnaire1: 'From a friend',
    });
  });

  it('never sends the e-mail confirmation', () => {
    expect(fieldsToSend(templates, filled, { noSelectValue: 'empty' })).not.toHaveProperty('email2');
  });

  it('sends mail magazines as the text true or false', () => {
    const sent = (value: string | undefined) =>
      fieldsToSend([select('mail_magazine', null, ['true', 'false'])], value === undefined ? {} : { mail_magazine: value }, {
        noSelectValue: 'none',
      });
    expect(sent('true')).toEqual({ mail_magazine: 'true' });
    expect(sent('false')).toEqual({ mail_magazine: 'false' });
    expect(sent(NO_SELECT)).toEqual({ mail_magazine: 'false' });
    expect(sent(undefined)).toEqual({ mail_magazine: 'false' });
  });

  it('leaves gender, age and resident_area out when they carry the noSend marker', () => {
    const values = { ...filled, gender: NO_SEND, age: NO_SEND, resident_area: NO_SEND };
    const sent = fieldsToSend(templates, values, { noSelectValue: 'empty' });
    expect(sent).not.toHaveProperty('gender');
    expect(sent).not.toHaveProperty('age');
    expect(sent).not.toHaveProperty('resident_area');
    expect(sent.fullname).toBe('山田 太郎');
  });

  it('sends a select left on "please select" as empty, none or not at all, by setting', () => {
    const values = { ...filled, gender: NO_SELECT, age: NO_SELECT };
    const empty = fieldsToSend(templates, values, { noSelectValue: 'empty' });
    expect([empty.gender, empty.age]).toEqual(['', '']);
    const none = fieldsToSend(templates, values, { noSelectValue: 'none' });
    expect([none.gender, none.age]).toEqual(['none', 'none']);
    const noSend = fieldsToSend(templates, values, { noSelectValue: 'noSend' });
    expect(noSend).not.toHaveProperty('gender');
    expect(noSend).not.toHaveProperty('age');
  });

  it('treats a select that was never set like "please select"', () => {
    const { gender: _gender, ...values } = filled;
    expect(fieldsToSend(templates, values, { noSelectValue: 'none' }).gender).toBe('none');
  });

  it('sends an empty text field as empty and trims text', () => {
    const sent = fieldsToSend(
      templates,
      { ...filled, questionnaire1: '', fullname: '  山田 太郎 ' },
      { noSelectValue: 'noSend' },
    );
    expect(sent.questionnaire1).toBe('');
    expect(sent.fullname).toBe('山田 太郎');
  });

  it('sends a text resident area as typed', () => {
    const sent = fieldsToSend([text('resident_area')], { resident_area: 'Osaka' }, { noSelectValue: 'noSend' });
    expect(sent).toEqual({ resident_area: 'Osaka' });
  });
});

describe('toCustomerInfo', () => {
  it('maps the sent fields to customer info', () => {
    expect(
      toCustomerInfo({
        address: 'Tokyo',
        email: 'taro@example.com',
        fullname: '山田 太郎',
        gender: 'male',
        age: '20-29',
        phone: '0312345678',
        resident_area: 'Japan / 日本',
        mail_magazine: 'true',
        mail_magazine_borderless: 'false',
        questionnaire1: 'q1',
        questionnaire2: 'q2',
        questionnaire3: 'q3',
      }),
    ).toEqual({
      address: 'Tokyo',
      email: 'taro@example.com',
      name: '山田 太郎',
      gender: 'male',
      age: '20-29',
      phone: '0312345678',
      residentArea: 'Japan / 日本',
      acceptMailMagazine: true,
      questionnaire1: 'q1',
      questionnaire2: 'q2',
      questionnaire3: 'q3',
    });
  });

  it('accepts the mail magazine only for the string true', () => {
    expect(toCustomerInfo({ mail_magazine: 'true' }).acceptMailMagazine).toBe(true);
    for (const value of ['false', 'TRUE', '1', ''])
      expect(toCustomerInfo({ mail_magazine: value }).acceptMailMagazine).toBe(false);
  });

  it('leaves out what was not sent', () => {
    expect(toCustomerInfo({})).toEqual({});
    expect(toCustomerInfo({ email: 'a@b.jp', gender: '' })).toEqual({ email: 'a@b.jp', gender: '' });
  });
});

describe('allowedValues', () => {
  it('uses the template choices, else the named list, else true/false for a mail magazine', () => {
    expect(allowedValues(select('mail_magazine', null, ['true', 'false']))).toEqual(['true', 'false']);
    expect(allowedValues(select('gender', 'gender_man_woman'))).toEqual(['man', 'woman']);
    expect(allowedValues(select('mail_magazine_x', null))).toEqual(['true', 'false']);
    expect(allowedValues(select('other', 'unknown'))).toEqual([]);
  });
});

describe('validateCustomerFields', () => {
  const confirm = { confirmEmail: true };

  it('accepts a correctly filled form', () => {
    expect(validateCustomerFields(templates, filled, confirm)).toEqual({});
  });

  it('requires the displayed required fields, counting "please select" as empty', () => {
    const failures = validateCustomerFields(templates, initialValues(templates), confirm);
    expect(failures).toEqual({
      fullname: { key: 'common_validate_required' },
      email: { key: 'common_validate_required' },
      email2: { key: 'common_validate_required' },
      phone: { key: 'common_validate_required' },
      resident_area: { key: 'common_validate_required' },
    });
  });

  it('counts a blank text as empty', () => {
    expect(validateCustomerFields(templates, { ...filled, fullname: '   ' }, confirm)).toEqual({
      fullname: { key: 'common_validate_required' },
    });
  });

  it('ignores hidden fields, even required ones', () => {
    const hiddenRequired = [text('address', false, true), text('questionnaire2', false, true)];
    expect(validateCustomerFields(hiddenRequired, { questionnaire2: 'x'.repeat(600) }, confirm)).toEqual({});
  });

  it('checks the e-mail and phone formats', () => {
    expect(validateCustomerFields(templates, { ...filled, email: 'taro@example', email2: 'taro@example' }, confirm)).toEqual({
      email: { key: 'mail_validate_invalid' },
    });
    expect(validateCustomerFields(templates, { ...filled, phone: '12345678' }, confirm)).toEqual({
      phone: { key: 'common_validate_phone' },
    });
  });

  it('checks the confirmation e-mail when confirmation is on', () => {
    expect(validateCustomerFields(templates, { ...filled, email2: 'jiro@example.com' }, confirm)).toEqual({
      email2: { key: 'mail_validate_defferent' },
    });
    expect(validateCustomerFields(templates, { ...filled, email2: '' }, confirm)).toEqual({
      email2: { key: 'common_validate_required' },
    });
  });

  it('requires the confirmation of an optional e-mail only once the e-mail is filled', () => {
    const optional = [text('email')];
    expect(validateCustomerFields(optional, { email: '' }, confirm)).toEqual({});
    expect(validateCustomerFields(optional, { email: 'taro@example.com' }, confirm)).toEqual({
      email2: { key: 'common_validate_required' },
    });
  });

  it('skips the confirmation when it is off or the e-mail is hidden', () => {
    expect(validateCustomerFields(templates, { ...filled, email2: 'other@example.com' }, { confirmEmail: false })).toEqual({});
    expect(validateCustomerFields([text('email', false, true)], { email2: 'x' }, confirm)).toEqual({});
  });

  it('limits name and address to 100 characters and questionnaires to 500', () => {
    const form = [text('fullname'), text('address'), text('questionnaire1'), text('questionnaire2'), text('questionnaire3')];
    const atLimit = {
      fullname: 'あ'.repeat(100),
      address: 'a'.repeat(100),
      questionnaire1: 'q'.repeat(500),
      questionnaire2: 'q'.repeat(500),
      questionnaire3: 'q'.repeat(500),
    };
    expect(validateCustomerFields(form, atLimit, { confirmEmail: false })).toEqual({});
    const overLimit = {
      fullname: 'あ'.repeat(101),
      address: 'a'.repeat(101),
      questionnaire1: 'q'.repeat(501),
      questionnaire2: 'q'.repeat(501),
      questionnaire3: 'q'.repeat(501),
    };
    expect(validateCustomerFields(form, overLimit, { confirmEmail: false })).toEqual({
      fullname: { key: 'common_validate_max', values: { length: 100 } },
      address: { key: 'common_validate_max', values: { length: 100 } },
      questionnaire1: { key: 'common_validate_max', values: { length: 500 } },
      questionnaire2: { key: 'common_validate_max', values: { length: 500 } },
      questionnaire3: { key: 'common_validate_max', values: { length: 500 } },
    });
  });

  it('allows Japanese and other non-Latin names', () => {
    for (const fullname of ['山田 太郎', 'やまだ たろう', 'José Müller', 'Nguyễn Văn A', 'สมชาย']) {
      expect(validateCustomerFields([text('fullname', true, true)], { fullname }, { confirmEmail: false })).toEqual({});
    }
  });

  it('rejects a select value that is not in its list', () => {
    expect(validateCustomerFields(templates, { ...filled, gender: 'man' }, confirm)).toEqual({
      gender: { key: 'common_validate_default' },
    });
    expect(validateCustomerFields(templates, { ...filled, resident_area: 'Atlantis' }, confirm)).toEqual({
      resident_area: { key: 'common_validate_default' },
    });
    expect(validateCustomerFields(templates, { ...filled, mail_magazine: 'yes' }, confirm)).toEqual({
      mail_magazine: { key: 'common_validate_default' },
    });
  });

  it('accepts an optional select with no choice, and the noSend marker where it is allowed', () => {
    for (const gender of [NO_SELECT, NO_SEND, '', undefined]) {
      expect(validateCustomerFields(templates, { ...filled, gender }, confirm)).toEqual({});
    }
  });

  it('accepts what the server receives for "please select" under each setting', () => {
    for (const noSelectValue of ['empty', 'none', 'noSend'] as const) {
      const values = { ...filled, age: NO_SELECT, gender: NO_SELECT };
      const sent = fieldsToSend(templates, values, { noSelectValue });
      expect(validateCustomerFields(templates, sent, { confirmEmail: false })).toEqual({});
    }
  });

  it('still requires a required select that arrives as none or not at all', () => {
    const required = [select('resident_area', 'prefectures', [], true, true)];
    for (const resident_area of ['none', NO_SEND, '', undefined]) {
      expect(validateCustomerFields(required, { resident_area }, { confirmEmail: false })).toEqual({
        resident_area: { key: 'common_validate_required' },
      });
    }
  });

  it('treats none as a real value when the list has it', () => {
    const form = [select('allergy', null, ['none', 'nuts'], true, true)];
    expect(validateCustomerFields(form, { allergy: 'none' }, { confirmEmail: false })).toEqual({});
  });

  it('does not accept the noSend marker on other selects', () => {
    const form = [select('allergy', null, ['nuts'])];
    expect(validateCustomerFields(form, { allergy: NO_SEND }, { confirmEmail: false })).toEqual({
      allergy: { key: 'common_validate_default' },
    });
  });

  it('limits a text resident area to 100 characters', () => {
    const form = [text('resident_area', true, true)];
    expect(validateCustomerFields(form, { resident_area: 'Osaka' }, { confirmEmail: false })).toEqual({});
    expect(validateCustomerFields(form, { resident_area: 'x'.repeat(101) }, { confirmEmail: false })).toEqual({
      resident_area: { key: 'common_validate_max', values: { length: 100 } },
    });
  });

  it('gives the same answer for the same input', () => {
    const values = { ...filled, email2: 'x@example.com', phone: '1' };
    expect(validateCustomerFields(templates, values, confirm)).toEqual(validateCustomerFields(templates, values, confirm));
  });
});
