/** Business constants of SPEC §9. */

export const LANGUAGE_CODES = ['ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'ja';

export const CURRENCIES = ['JPY', 'USD', 'EUR', 'SAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PRODUCT_TYPES = ['period', 'date', 'time'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const SALES_CHANNELS = ['web', 'pos', 'kiosk', 'OTA', 'spot'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export const PAYMENT_METHOD_IDS = [
  'gmo',
  'gmo_3ds',
  'gmo_paypay',
  'gmo_d_pay',
  'adyen_credit',
  'adyen_alipay',
  'adyen_we_chat_pay',
  'alipay',
  'stripe',
  'stripe_secure',
  'softbank_credit',
  'softbank_3ds',
  'softbank_alipay',
  'softbank_paypay',
  'd_pay',
  'free',
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export const PAYMENT_PROVIDERS = ['free', 'sandbox', 'stripe', 'adyen', 'paypay'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DEFAULT_VARIANT = 'borderless';
export const DISPLAY_TIME_ZONE = 'Asia/Tokyo';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHECKOUT_TIMEOUT_MS = 240_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 0;
export const TOAST_VISIBLE_MS = 3_500;
export const TOAST_CLEAR_DELAY_MS = 1_000;
export const SCROLL_TO_TOP_DELAY_MS = 200;
export const VALIDATION_DEBOUNCE_MS = 0;
export const DEFAULT_HOLD_MINUTES = 15;

/** The widest date range a catalogue search may ask for, in days. */
export const MAX_SEARCH_RANGE_DAYS = 93;

/** BCP 47 tags of the six languages, for <html lang>, `lang` attributes and i18next. */
export const LANGUAGE_TAGS: Record<LanguageCode, string> = {
  ja: 'ja',
  en: 'en',
  'zh-hans': 'zh-Hans',
  kr: 'ko',
  'zh-hant': 'zh-Hant',
  th: 'th',
};
