import { describe, expect, it } from 'vitest';
import {
  alphaNum,
  cardName,
  cardNameContainingHalfWidthSpaces,
  email,
  expired,
  maxLength,
  maxValue,
  minLength,
  minValue,
  numeric,
  pattern,
  phone,
  required,
  sameEmail,
  validateField,
} from './validation.ts';

const letters = (count: number) => 'A'.repeat(count);

describe('required', () => {
  it('accepts any non-blank value', () => {
    expect(required('a')).toBeNull();
    expect(required(' a ')).toBeNull();
    expect(required('0')).toBeNull();
  });

  it('rejects empty, blank and missing values', () => {
    for (const value of ['', '   ', '\t\n', '\u3000', undefined, null]) {
      expect(required(value)).toEqual({ key: 'common_validate_required' });
    }
  });
});

describe('maxLength and minLength', () => {
  it('allows exactly the limit and names it in the message', () => {
    expect(maxLength(5)('abcde')).toBeNull();
    expect(maxLength(5)('abcdef')).toEqual({ key: 'common_validate_max', values: { length: 5 } });
    expect(minLength(3)('abc')).toBeNull();
    expect(minLength(3)('ab')).toEqual({ key: 'common_validate_min', values: { length: 3 } });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maxLength(2)('😀😀')).toBeNull();
    expect(maxLength(3)('山田太郎')).toEqual({ key: 'common_validate_max', values: { length: 3 } });
  });

  it('lets an empty value through, even below the minimum', () => {
    expect(minLength(3)('')).toBeNull();
    expect(minLength(3)(undefined)).toBeNull();
  });

  it('gives each failure its own object', () => {
    const rule = maxLength(1);
    const first = rule('ab');
    if (first?.values) first.values.length = 99;
    expect(rule('ab')).toEqual({ key: 'common_validate_max', values: { length: 1 } });
  });
});

describe('numeric', () => {
  it('accepts ASCII digits', () => {
    expect(numeric('0123456789')).toBeNull();
  });

  it('accepts Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(numeric('٠١٢٣٤٥٦٧٨٩')).toBeNull();
    expect(numeric('۰۱۲۳۴۵۶۷۸۹')).toBeNull();
  });

  it('rejects signs, decimals, spaces, letters, full-width digits and mixed digit systems', () => {
    for (const value of ['-1', '1.5', '1 2', '12a', '１２', '1٢', ' 12']) {
      expect(numeric(value)).toEqual({ key: 'common_validate_num' });
    }
  });

  it('lets an empty value through', () => {
    expect(numeric('')).toBeNull();
  });
});

describe('cardName', () => {
  it('accepts Latin letters and spaces up to 30 characters', () => {
    expect(cardName('A')).toBeNull();
    expect(cardName(letters(30))).toBeNull();
    expect(cardName('TARO YAMADA')).toBeNull();
    expect(cardName('Mary Ann Smith')).toBeNull();
  });

  it('rejects 31 characters', () => {
    expect(cardName(letters(31))).toEqual({ key: 'customer_name_validate' });
    expect(cardName(`${letters(15)} ${letters(15)}`)).toEqual({ key: 'customer_name_validate' });
  });

  it('rejects digits, accents, punctuation, Japanese, full-width spaces and spaces only', () => {
    for (const value of ['TARO1', 'José', "O'Brien", 'TARO-YAMADA', '山田太郎', 'ＴＡＲＯ', 'TARO\u3000YAMADA', '   ']) {
      expect(cardName(value)).toEqual({ key: 'customer_name_validate' });
    }
  });

  it('lets an empty value through', () => {
    expect(cardName('')).toBeNull();
  });
});

describe('cardNameContainingHalfWidthSpaces', () => {
  const failure = { key: 'customer_name_containing_half_width_spaces_validate' };

  it('accepts two names split by one half-width space', () => {
    expect(cardNameContainingHalfWidthSpaces('TARO YAMADA')).toBeNull();
    expect(cardNameContainingHalfWidthSpaces('a b')).toBeNull();
    expect(cardNameContainingHalfWidthSpaces(`${letters(14)} ${letters(15)}`)).toBeNull();
  });

  it('rejects no space, two spaces and a space at either end', () => {
    for (const value of ['TAROYAMADA', 'TARO  YAMADA', 'TARO J YAMADA', ' TARO', 'TARO ', ' ']) {
      expect(cardNameContainingHalfWidthSpaces(value)).toEqual(failure);
    }
  });

  it('rejects a full-width space and characters other than Latin letters', () => {
    expect(cardNameContainingHalfWidthSpaces('TARO\u3000YAMADA')).toEqual(failure);
    expect(cardNameContainingHalfWidthSpaces('TARO YAMADA2')).toEqual(failure);
    expect(cardNameContainingHalfWidthSpaces('太郎 山田')).toEqual(failure);
  });

  it('rejects more than 30 characters', () => {
    expect(cardNameContainingHalfWidthSpaces(`${letters(15)} ${letters(15)}`)).toEqual(failure);
  });

  it('lets an empty value through', () => {
    expect(cardNameContainingHalfWidthSpaces('')).toBeNull();
  });
});

describe('expired', () => {
  // 15 May 2026 in Tokyo
  const now = new Date('2026-05-15T03:00:00Z');
  const failure = { key: 'common_validate_expired' };

  it('accepts this month and later', () => {
    expect(expired('2026', '5', now)).toBeNull();
    expect(expired('2026', '05', now)).toBeNull();
    expect(expired('2026', '12', now)).toBeNull();
    expect(expired('2031', '01', now)).toBeNull();
  });

  it('rejects last month and earlier', () => {
    expect(expired('2026', '04', now)).toEqual(failure);
    expect(expired('2025', '12', now)).toEqual(failure);
  });

  it('reads two-digit years as 20xx', () => {
    expect(expired('26', '05', now)).toBeNull();
    expect(expired('26', '04', now)).toEqual(failure);
    expect(expired('27', '01', now)).toBeNull();
  });

  it('passes while the year or the month is empty', () => {
    expect(expired('', '', now)).toBeNull();
    expect(expired(undefined, undefined, now)).toBeNull();
    expect(expired('2020', '', now)).toBeNull();
    expect(expired('', '01', now)).toBeNull();
  });

  it('judges the month in Tokyo time, so browser and server agree', () => {
    // 31 May 16:00 UTC is already 1 June in Tokyo
    const juneInTokyo = new Date('2026-05-31T16:00:00Z');
    expect(expired('2026', '05', juneInTokyo)).toEqual(failure);
    expect(expired('2026', '06', juneInTokyo)).toBeNull();
  });

  it('rejects a malformed year or month with the default message', () => {
    const invalid = { key: 'common_validate_default' };
    expect(expired('2026', '13', now)).toEqual(invalid);
    expect(expired('2026', '0', now)).toEqual(invalid);
    expect(expired('202', '05', now)).toEqual(invalid);
    expect(expired('6', '05', now)).toEqual(invalid);
    expect(expired('2026', 'May', now)).toEqual(invalid);
  });
});

describe('email', () => {
  const failure = { key: 'mail_validate_invalid' };

  it('accepts standard addresses', () => {
    for (const value of [
      'taro@example.com',
      'taro.yamada+tickets@mail.example.co.jp',
      'a_b-c@sub-domain.example.org',
      'x@xn--wgv71a.jp',
    ]) {
      expect(email(value)).toBeNull();
    }
  });

  it('rejects spaces, a missing @, a domain without a dot and consecutive dots', () => {
    for (const value of [
      'taro @example.com',
      ' taro@example.com',
      'taro@example.com ',
      'taro.example.com',
      'taro@example',
      'taro..yamada@example.com',
      'taro@example..com',
    ]) {
      expect(email(value)).toEqual(failure);
    }
  });

  it('rejects dots at the ends, two @, an empty local part and non-ASCII', () => {
    for (const value of [
      '.taro@example.com',
      'taro.@example.com',
      'taro@@example.com',
      'a@b@example.com',
      '@example.com',
      'taro@.example.com',
      '太郎@example.com',
      'taro＠example.com',
      'taro@example.c',
    ]) {
      expect(email(value)).toEqual(failure);
    }
  });

  it('rejects a local part over 64 characters', () => {
    expect(email(`${'a'.repeat(64)}@example.com`)).toBeNull();
    expect(email(`${'a'.repeat(65)}@example.com`)).toEqual(failure);
  });

  it('lets an empty value through', () => {
    expect(email('')).toBeNull();
  });
});

describe('phone', () => {
  const failure = { key: 'common_validate_phone' };

  it('accepts 9 to 12 digits', () => {
    expect(phone('123456789')).toBeNull();
    expect(phone('09012345678')).toBeNull();
    expect(phone('123456789012')).toBeNull();
  });

  it('accepts numbers from abroad with their country code, and refuses a plus with too few or too many digits', () => {
    for (const value of [
      '+1 415 555 0100',
      '+66 81 234 5678',
      '+82 10-1234-5678',
      '+86 138 0013 8000',
      '+81 90-1234-5678',
      '+819012345678',
      '0044 20 7946 0958',
      '+1 (415) 555-0100',
    ]) {
      expect(phone(value), value).toBeNull();
    }
    for (const value of ['+1 234', '+0 415 555 0100', '+1 415 555 0100 1234 5', '+1 415 555 01OO', '++1 415 555 0100']) {
      expect(phone(value), value).toEqual(failure);
    }
  });

  it('rejects 8 and 13 digits', () => {
    expect(phone('12345678')).toEqual(failure);
    expect(phone('1234567890123')).toEqual(failure);
  });

  it('accepts hyphenated groups of 2-5, 1-4 and 3-4 digits', () => {
    for (const value of ['03-1234-5678', '090-1234-5678', '0120-12-345', '01234-5-6789', '12-1-123']) {
      expect(phone(value)).toBeNull();
    }
  });

  it('rejects groups of the wrong size or count', () => {
    for (const value of [
      '0-1234-5678',
      '123456-1234-5678',
      '03-12345-5678',
      '03-1234-56',
      '03-1234-56789',
      '03-1234',
      '03-12-34-5678',
      '-03-1234-5678',
    ]) {
      expect(phone(value)).toEqual(failure);
    }
  });

  it('rejects spaces in a Japanese number, letters and full-width digits', () => {
    for (const value of ['03 1234 5678', '090-1234-567a', '０９０１２３４５６７８', '＋819012345678']) {
      expect(phone(value)).toEqual(failure);
    }
  });

  it('lets an empty value through', () => {
    expect(phone('')).toBeNull();
  });
});

describe('sameEmail', () => {
  it('accepts an identical confirmation', () => {
    expect(sameEmail('taro@example.com', 'taro@example.com')).toBeNull();
  });

  it('rejects a different confirmation, with the key spelt as in the texts', () => {
    expect(sameEmail('taro@example.com', 'jiro@example.com')).toEqual({ key: 'mail_validate_defferent' });
    expect(sameEmail('taro@example.com', 'Taro@example.com')).toEqual({ key: 'mail_validate_defferent' });
    expect(sameEmail('', 'taro@example.com')).toEqual({ key: 'mail_validate_defferent' });
    expect(sameEmail(undefined, 'taro@example.com')).toEqual({ key: 'mail_validate_defferent' });
  });

  it('lets an empty confirmation through, for required to report', () => {
    expect(sameEmail('taro@example.com', '')).toBeNull();
    expect(sameEmail('', '')).toBeNull();
  });
});

describe('alphaNum', () => {
  it('accepts digits and Latin letters', () => {
    expect(alphaNum('abcXYZ019')).toBeNull();
  });

  it('rejects anything else', () => {
    for (const value of ['abc def', 'abc-1', 'é', 'ａｂｃ', '٣']) {
      expect(alphaNum(value)).toEqual({ key: 'common_validate_alpha_num' });
    }
  });

  it('lets an empty value through', () => {
    expect(alphaNum('')).toBeNull();
  });
});

describe('pattern', () => {
  it('tests a regular expression as given', () => {
    expect(pattern(/^[A-Z]{3}$/)('ABC')).toBeNull();
    expect(pattern(/^[A-Z]{3}$/)('ABCD')).toEqual({ key: 'common_validate_pattern' });
  });

  it('gives the same answer every time for a global expression', () => {
    const rule = pattern(/A/g);
    expect(rule('A')).toBeNull();
    expect(rule('A')).toBeNull();
  });

  it('matches a string pattern against the whole value', () => {
    expect(pattern('[0-9]{3}')('123')).toBeNull();
    expect(pattern('[0-9]{3}')('1234')).toEqual({ key: 'common_validate_pattern' });
    expect(pattern('a|b')('ab')).toEqual({ key: 'common_validate_pattern' });
  });

  it('lets an empty value through', () => {
    expect(pattern(/^x$/)('')).toBeNull();
  });
});

describe('minValue and maxValue', () => {
  it('allows the bound itself and names it in the message', () => {
    expect(minValue(1)('1')).toBeNull();
    expect(minValue(1)('0')).toEqual({ key: 'common_validate_min_value', values: { min: 1 } });
    expect(maxValue(10)('10')).toBeNull();
    expect(maxValue(10)('10.5')).toEqual({ key: 'common_validate_max_value', values: { max: 10 } });
  });

  it('handles negatives and decimals', () => {
    expect(minValue(-5)('-5')).toBeNull();
    expect(minValue(-5)('-5.1')).toEqual({ key: 'common_validate_min_value', values: { min: -5 } });
  });

  it('rejects what is not a number', () => {
    expect(minValue(0)('abc')).toEqual({ key: 'common_validate_min_value', values: { min: 0 } });
    expect(maxValue(10)('  ')).toEqual({ key: 'common_validate_max_value', values: { max: 10 } });
  });

  it('lets an empty value through', () => {
    expect(minValue(1)('')).toBeNull();
    expect(maxValue(1)('')).toBeNull();
  });
});

describe('validateField', () => {
  it('returns the first failing rule in order', () => {
    expect(validateField('', [required, email])).toEqual({ key: 'common_validate_required' });
    expect(validateField('nope', [required, email, maxLength(2)])).toEqual({ key: 'mail_validate_invalid' });
  });

  it('returns null when every rule passes or there are none', () => {
    expect(validateField('taro@example.com', [required, email, maxLength(100)])).toBeNull();
    expect(validateField('anything', [])).toBeNull();
  });

  it('validates an optional field only when it is filled', () => {
    expect(validateField('', [email, phone, numeric, cardName])).toBeNull();
    expect(validateField('x', [email])).toEqual({ key: 'mail_validate_invalid' });
  });
});
