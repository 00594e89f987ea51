/**
 * The console's own texts, one JSON file per language in `locales/`, complete in all six; a
 * language that lacked a text would fall back to English. The words for machine keys (channels,
 * an order's standing and its refunds', a journal line's kind, a coupon's status) come from the domain's tables,
 * which the server's exports word their rows with too. The chosen language is kept in this browser.
 */
import {
  COUPON_STATUS_WORDS,
  JOURNAL_KIND_WORDS,
  ORDER_STANDING_WORDS,
  REFUND_STANDING_WORDS,
  SALES_CHANNEL_WORDS,
} from '@storefront/domain/console/key-words';
import { LANGUAGE_CODES, LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import ja from './locales/ja.json';
import kr from './locales/kr.json';
import th from './locales/th.json';
import zhHans from './locales/zh-hans.json';
import zhHant from './locales/zh-hant.json';

export const CONSOLE_LANGUAGES = LANGUAGE_CODES;

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  ja: '日本語',
  en: 'English',
  'zh-hans': '简体中文',
  kr: '한국어',
  'zh-hant': '繁體中文',
  th: 'ไทย',
};

/** BCP 47 tags for <html lang> and for dates and numbers. */
export { LANGUAGE_TAGS };

const STORAGE_KEY = 'console-language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The stored choice, else the browser's language when it is one of the six, else Japanese. */
export function initialLanguage(storage: Pick<Storage, 'getItem'>, browserLanguages: readonly string[]): LanguageCode {
  const stored = storage.getItem(STORAGE_KEY);
  if (isLanguageCode(stored)) return stored;
  for (const language of browserLanguages) {
    const tag = language.toLowerCase();
    const code = (Object.entries(LANGUAGE_TAGS) as [LanguageCode, string][]).find(
      ([, known]) => tag === known.toLowerCase() || tag.startsWith(`${known.toLowerCase()}-`),
    );
    if (code) return code[0];
    if (tag === 'zh-cn' || tag === 'zh-sg') return 'zh-hans';
    if (tag === 'zh-tw' || tag === 'zh-hk') return 'zh-hant';
  }
  return 'ja';
}

export function rememberLanguage(storage: Pick<Storage, 'setItem'>, lang: LanguageCode): void {
  storage.setItem(STORAGE_KEY, lang);
}

const TEXTS = { ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th } as const;

/**
 * A language's texts with the domain's words for machine keys where the screens look them up
 * (`salesChannels.web`, `orders.statuses.cancelled`, `orderDetail.standing.refundStatuses.pending`,
 * `reports.journal.kinds.refund`, `coupons.statuses.expired`).
 */
function textsOf(lang: LanguageCode) {
  const texts = TEXTS[lang];
  return {
    ...texts,
    salesChannels: SALES_CHANNEL_WORDS[lang],
    orders: { ...texts.orders, statuses: ORDER_STANDING_WORDS[lang] },
    orderDetail: {
      ...texts.orderDetail,
      standing: { ...texts.orderDetail.standing, refundStatuses: REFUND_STANDING_WORDS[lang] },
    },
    reports: { ...texts.reports, journal: { ...texts.reports.journal, kinds: JOURNAL_KIND_WORDS[lang] } },
    coupons: { ...texts.coupons, statuses: COUPON_STATUS_WORDS[lang] },
  };
}

export function createConsoleI18n(lang: LanguageCode): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGE_CODES],
    // `zh-hans` is a code of its own here, not Chinese with a script subtag.
    load: 'currentOnly',
    lowerCaseLng: true,
    resources: Object.fromEntries(LANGUAGE_CODES.map((code) => [code, { translation: textsOf(code) }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    // Rights are `area:action`: a colon in a key is not a namespace here.
    nsSeparator: false,
    initAsync: false,
  });
  const setDocumentLanguage = (code: string) => {
    if (isLanguageCode(code)) document.documentElement.lang = LANGUAGE_TAGS[code];
  };
  setDocumentLanguage(lang);
  instance.on('languageChanged', setDocumentLanguage);
  return instance;
}

export function currentLanguage(instance: i18n): LanguageCode {
  return isLanguageCode(instance.language) ? instance.language : 'ja';
}
