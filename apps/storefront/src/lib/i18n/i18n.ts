/**
 * Six languages (SPEC §1, §5): texts come from the site's `GET texts?lang=` at start, for the
 * current language only. `lang` in the URL chooses it (one of the six codes; anything else falls
 * back to the default) and is then removed from the address.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The `lang` parameter of the page address, from the query string or the hash route's query. */
export function langParameter(location: { search: string; hash: string }): string | null {
  const fromSearch = new URLSearchParams(location.search).get('lang');
  if (fromSearch !== null) return fromSearch;
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  return new URLSearchParams(hashQuery).get('lang');
}

/** The address without its `lang` parameter (in the query string and in the hash route). */
export function withoutLangParameter(location: { pathname: string; search: string; hash: string }): string {
  const search = new URLSearchParams(location.search);
  search.delete('lang');
  let hash = location.hash;
  const queryAt = hash.indexOf('?');
  if (queryAt >= 0) {
    const hashQuery = new URLSearchParams(hash.slice(queryAt + 1));
    hashQuery.delete('lang');
    const rest = hashQuery.toString();
    hash = hash.slice(0, queryAt) + (rest ? `?${rest}` : '');
  }
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${hash}`;
}

/** The page's address with `lang` in its query string (the server writes the page in that language). */
export function withLangParameter(location: { pathname: string; search: string; hash: string }, lang: string): string {
  const search = new URLSearchParams(location.search);
  search.set('lang', lang);
  return `${location.pathname}?${search.toString()}${location.hash}`;
}

/**
 * Which language to show: a `lang` parameter wins (an unknown code means the default), then the
 * language chosen earlier in this session, then the site's default.
 */
export function chooseLanguage(parameter: string | null, stored: string | null, siteDefault: string | null): LanguageCode {
  const fallback = isLanguageCode(siteDefault) ? siteDefault : DEFAULT_LANGUAGE;
  if (parameter !== null) return isLanguageCode(parameter) ? parameter : fallback;
  if (isLanguageCode(stored)) return stored;
  return fallback;
}

/** BCP 47 tags for i18next (plural rules, casing) and for <html lang>. */
export const I18N_TAGS: Record<LanguageCode, string> = LANGUAGE_TAGS;

export function createI18n(lang: LanguageCode, texts: Record<string, string>): i18n {
  const tag = I18N_TAGS[lang];
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: tag,
    load: 'currentOnly',
    resources: { [tag]: { translation: texts } },
    initAsync: false,
    // Texts are written with single-brace placeholders: "Only {count} left".
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnEmptyString: false,
  });
  document.documentElement.lang = tag;
  return instance;
}
