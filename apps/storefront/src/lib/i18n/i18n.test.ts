import { describe, expect, it } from 'vitest';
import { chooseLanguage, langParameter, withoutLangParameter } from './i18n.ts';

describe('language rules', () => {
  it('accepts only the six codes and falls back to the default otherwise', () => {
    expect(chooseLanguage('en', null, 'ja')).toBe('en');
    expect(chooseLanguage('zh-hant', 'en', 'ja')).toBe('zh-hant');
    expect(chooseLanguage('fr', 'en', 'ja')).toBe('ja');
    expect(chooseLanguage('EN', null, null)).toBe('ja');
    expect(chooseLanguage('ko', null, null)).toBe('ja');
  });

  it('keeps the language chosen earlier when the address names none', () => {
    expect(chooseLanguage(null, 'th', 'ja')).toBe('th');
    expect(chooseLanguage(null, 'xx', 'en')).toBe('en');
    expect(chooseLanguage(null, null, null)).toBe('ja');
  });

  it('finds lang in the query string or in the hash route', () => {
    expect(langParameter({ search: '?lang=en', hash: '' })).toBe('en');
    expect(langParameter({ search: '', hash: '#/order?ref=c&lang=kr' })).toBe('kr');
    expect(langParameter({ search: '', hash: '#/order' })).toBeNull();
  });

  it('removes lang from the address and keeps everything else', () => {
    expect(withoutLangParameter({ pathname: '/demo/', search: '?lang=en', hash: '#/order' })).toBe('/demo/#/order');
    expect(withoutLangParameter({ pathname: '/', search: '?a=1&lang=en', hash: '#/order?ref=c&lang=th' })).toBe(
      '/?a=1#/order?ref=c',
    );
    expect(withoutLangParameter({ pathname: '/', search: '', hash: '#/spot?lang=en' })).toBe('/#/spot');
  });
});
