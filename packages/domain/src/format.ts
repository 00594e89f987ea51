/** Money and date display (SPEC §1, §9): the storefront and e-mails format the same way. */
import { type Currency, DISPLAY_TIME_ZONE, type LanguageCode } from './constants.ts';

/** The BCP 47 locale used to format for each language of the product. */
export const LOCALES: Record<LanguageCode, string> = {
  ja: 'ja-JP',
  en: 'en-US',
  'zh-hans': 'zh-Hans-CN',
  kr: 'ko-KR',
  'zh-hant': 'zh-Hant-TW',
  th: 'th-TH-u-nu-latn',
};

/** The currency symbols the product recognises, and what each stands for. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, Currency>> = {
  '￥': 'JPY',
  '¥': 'JPY',
  JP: 'JPY',
  '€': 'EUR',
  $: 'USD',
  SAR: 'SAR',
};

export function currencyOfSymbol(symbol: string): Currency | null {
  return CURRENCY_SYMBOLS[symbol.trim()] ?? null;
}

/** Digits after the decimal point: amounts are integers in these minor units. */
export const MINOR_UNITS: Record<Currency, number> = { JPY: 0, USD: 2, EUR: 2, SAR: 2 };

const priceFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units, e.g. formatPrice(2400, 'JPY', 'ja') → "￥2,400". */
export function formatPrice(amount: number, currency: Currency, lang: LanguageCode): string {
  const key = `${currency}:${lang}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency, currencyDisplay: 'symbol' });
    priceFormats.set(key, format);
  }
  return format.format(amount / 10 ** MINOR_UNITS[currency]);
}

const weekdayFormats = new Map<LanguageCode, Intl.DateTimeFormat>();

function weekdayOf(date: string, lang: LanguageCode): string {
  let format = weekdayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(lang, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** A calendar date as year/month/day with the weekday in the language's own style: "2026/11/22 (日)". */
export function formatDate(date: string, lang: LanguageCode): string {
  const [year, month, day] = date.split('-');
  return `${year}/${month}/${day} (${weekdayOf(date, lang)})`;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
});
const dateFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
});

/** An instant as date and time in the display time zone: "2026/11/22 (日) 10:30". */
export function formatDateTime(instant: Date | string, lang: LanguageCode): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant;
  return `${formatDate(dateFormat.format(value), lang)} ${timeFormat.format(value)}`;
}
