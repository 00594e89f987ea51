/**
 * The scanner's texts, one JSON file per language in `locales/`, complete in all six. The device
 * remembers the language chosen on it (an attendant's phone is set once, at the gate).
 */
import { LANGUAGE_CODES, LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import ja from './locales/ja.json';
import kr from './locales/kr.json';
import th from './locales/th.json';
import zhHans from './locales/zh-hans.json';
import zhHant from './locales/zh-hant.json';

export const RESOURCES = { en, ja, kr, th, 'zh-hans': zhHans, 'zh-hant': zhHant } as const;

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  ja: '日本語',
  en: 'English',
  'zh-hans': '简体中文',
  kr: '한국어',
  'zh-hant': '繁體中文',
  th: 'ไทย',
};

const STORAGE_KEY = 'gate-language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The device's choice, else the browser's language when it is one of the six, else English. */
export function initialLanguage(storage: Pick<Storage, 'getItem'>, browserLanguages: readonly string[]): LanguageCode {
  const stored = storage.getItem(STORAGE_KEY);
  if (isLanguageCode(stored)) return stored;
  for (const language of browserLanguages) {
    const tag = language.toLowerCase();
    if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-hans';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag.startsWith('zh-hant')) return 'zh-hant';
    const code = (Object.entries(LANGUAGE_TAGS) as [LanguageCode, string][]).find(
      ([, known]) => tag === known.toLowerCase() || tag.startsWith(`${known.toLowerCase()}-`),
    );
    if (code) return code[0];
  }
  return 'en';
}

export function rememberLanguage(storage: Pick<Storage, 'setItem'>, lang: LanguageCode): void {
  storage.setItem(STORAGE_KEY, lang);
}

export function createGateI18n(lang: LanguageCode): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGE_CODES],
    load: 'currentOnly',
    lowerCaseLng: true,
    resources: Object.fromEntries(Object.entries(RESOURCES).map(([code, texts]) => [code, { translation: texts }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    nsSeparator: false,
    initAsync: false,
  });
  const setDocumentLanguage = (code: string) => {
    if (typeof document !== 'undefined' && isLanguageCode(code)) document.documentElement.lang = LANGUAGE_TAGS[code];
  };
  setDocumentLanguage(lang);
  instance.on('languageChanged', setDocumentLanguage);
  return instance;
}
