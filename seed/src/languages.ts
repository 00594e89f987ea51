import type { LanguageCode } from '@storefront/domain/constants';

/** The language selector's entries, each named in its own language, in display order. */
export const languageSeeds: readonly { code: LanguageCode; displayName: string }[] = [
  { code: 'ja', displayName: '日本語' },
  { code: 'en', displayName: 'English' },
  { code: 'zh-hans', displayName: '简体中文' },
  { code: 'zh-hant', displayName: '繁體中文' },
  { code: 'kr', displayName: '한국어' },
  { code: 'th', displayName: 'ไทย' },
];
