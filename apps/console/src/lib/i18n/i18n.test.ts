import {
  COUPON_STATUS_WORDS,
  JOURNAL_KIND_WORDS,
  ORDER_STANDING_WORDS,
  REFUND_STANDING_WORDS,
  SALES_CHANNEL_WORDS,
} from '@storefront/domain/console/key-words';
import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { describe, expect, it } from 'vitest';
import { createConsoleI18n, initialLanguage } from './i18n.ts';
import en from './locales/en.json';
import ja from './locales/ja.json';
import kr from './locales/kr.json';
import th from './locales/th.json';
import zhHans from './locales/zh-hans.json';
import zhHant from './locales/zh-hant.json';

/** Every text's key, plural forms counted as one. */
function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  );
}

/** Each text's `{{placeholders}}`, sorted, plural forms counted as one (all forms together). */
function placeholdersOf(texts: object, prefix = '', found = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'object' && value !== null) placeholdersOf(value, `${prefix}${key}.`, found);
    else {
      const name = `${prefix}${key.replace(/_(one|other)$/, '')}`;
      const names = new Set([
        ...(found.get(name)?.split(' ') ?? []),
        ...[...String(value).matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1]),
      ]);
      found.set(name, [...names].filter(Boolean).sort().join(' '));
    }
  }
  return found;
}

const others = [
  ['zh-hans', zhHans],
  ['kr', kr],
  ['zh-hant', zhHant],
  ['th', th],
] as const;

describe('console texts', () => {
  it('has every English text in Japanese, and nothing more', () => {
    expect(new Set(keysOf(ja))).toEqual(new Set(keysOf(en)));
  });

  it('has no text in the other four languages that English lacks', () => {
    const english = new Set(keysOf(en));
    for (const texts of [zhHans, kr, zhHant, th]) expect(keysOf(texts).filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(others)('has every English text in %s', (_language, texts) => {
    const theirs = new Set(keysOf(texts));
    expect(keysOf(en).filter((key) => !theirs.has(key))).toEqual([]);
  });

  it.each(others)('keeps the placeholders of each English text in %s', (_language, texts) => {
    const english = placeholdersOf(en);
    const theirs = placeholdersOf(texts);
    const differing = [...english]
      .filter(([key, names]) => theirs.has(key) && theirs.get(key) !== names)
      .map(([key, names]) => `${key}: ${names} ≠ ${theirs.get(key)}`);
    expect(differing).toEqual([]);
  });

  it.each(others)('says one and many in %s with its own text, not English', (language, texts) => {
    const i18n = createConsoleI18n(language);
    for (const count of [0, 1, 2, 5])
      expect(i18n.t('staff.caption', { count })).toBe(texts.staff.caption_other.replace('{{count}}', String(count)));
  });

  it('has a one form beside each other form in Korean, as plural rules read `kr` as the default locale', () => {
    // `new Intl.PluralRules('kr')` is not Korean but the runtime's default locale (English: `one` for 1).
    const forms = (texts: object): string[] =>
      Object.entries(texts).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null ? forms(value).map((inner) => `${key}.${inner}`) : [key],
      );
    const korean = new Set(forms(kr));
    const otherForms = [...korean].filter((key) => key.endsWith('_other'));
    expect(otherForms.length).toBeGreaterThan(0);
    expect(otherForms.filter((key) => !korean.has(key.replace(/_other$/, '_one')))).toEqual([]);
  });

  it('falls back to English for what a language lacks', () => {
    const i18n = createConsoleI18n('th');
    // Every text is translated now; a partial Thai set stands for a namespace not yet translated.
    i18n.removeResourceBundle('th', 'translation');
    i18n.addResourceBundle('th', 'translation', { signIn: { title: 'เข้าสู่ระบบ' } });
    expect(i18n.t('signIn.title')).toBe('เข้าสู่ระบบ');
    expect(i18n.t('staff.invite')).toBe('Invite a staff member');
    expect(i18n.t('rights.names.audit:read')).toBe('Read the audit log');
    expect(createConsoleI18n('th').t('staff.invite')).toBe('เชิญพนักงาน');
  });

  it.each(LANGUAGE_CODES)('shows in %s the domain’s words for machine keys, the ones the exports write', (language) => {
    const i18n = createConsoleI18n(language);
    const shown = (prefix: string, words: Record<string, string>) =>
      Object.fromEntries(Object.keys(words).map((key) => [key, i18n.t(`${prefix}.${key}`)]));
    expect(shown('salesChannels', SALES_CHANNEL_WORDS[language])).toEqual(SALES_CHANNEL_WORDS[language]);
    expect(shown('orders.statuses', ORDER_STANDING_WORDS[language])).toEqual(ORDER_STANDING_WORDS[language]);
    expect(shown('orderDetail.standing.refundStatuses', REFUND_STANDING_WORDS[language])).toEqual(
      REFUND_STANDING_WORDS[language],
    );
    expect(shown('reports.journal.kinds', JOURNAL_KIND_WORDS[language])).toEqual(JOURNAL_KIND_WORDS[language]);
    expect(shown('coupons.statuses', COUPON_STATUS_WORDS[language])).toEqual(COUPON_STATUS_WORDS[language]);
    // The texts beside them are the language's own still.
    expect(i18n.t('orders.status')).not.toBe('orders.status');
    expect(i18n.t('orderDetail.standing.kept')).not.toBe('orderDetail.standing.kept');
    expect(i18n.t('reports.journal.kind')).not.toBe('reports.journal.kind');
  });

  it('chooses the stored language, else the browser’s, else Japanese', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(initialLanguage(storage('kr'), ['en-US'])).toBe('kr');
    expect(initialLanguage(storage(null), ['fr-FR', 'zh-TW'])).toBe('zh-hant');
    expect(initialLanguage(storage(null), ['ko-KR'])).toBe('kr');
    expect(initialLanguage(storage('xx'), ['fr'])).toBe('ja');
  });
});
