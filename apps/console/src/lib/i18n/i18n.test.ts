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

describe('console texts', () => {
  it('has every English text in Japanese, and nothing more', () => {
    expect(new Set(keysOf(ja))).toEqual(new Set(keysOf(en)));
  });

  it('has no text in the other four languages that English lacks', () => {
    const english = new Set(keysOf(en));
    for (const texts of [zhHans, kr, zhHant, th]) expect(keysOf(texts).filter((key) => !english.has(key))).toEqual([]);
  });

  it('falls back to English for what a language lacks', () => {
    const i18n = createConsoleI18n('th');
    expect(i18n.t('signIn.title')).toBe('เข้าสู่ระบบ');
    expect(i18n.t('staff.invite')).toBe('Invite a staff member');
    expect(i18n.t('rights.names.audit:read')).toBe('Read the audit log');
  });

  it('chooses the stored language, else the browser’s, else Japanese', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(initialLanguage(storage('kr'), ['en-US'])).toBe('kr');
    expect(initialLanguage(storage(null), ['fr-FR', 'zh-TW'])).toBe('zh-hant');
    expect(initialLanguage(storage(null), ['ko-KR'])).toBe('kr');
    expect(initialLanguage(storage('xx'), ['fr'])).toBe('ja');
  });
});
