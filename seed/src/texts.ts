/** The storefront's shared texts in every language; sites override single keys in their seed. */
import type { LanguageCode } from '@storefront/domain/constants';
import en from './texts/en.json' with { type: 'json' };
import ja from './texts/ja.json' with { type: 'json' };
import kr from './texts/kr.json' with { type: 'json' };
import th from './texts/th.json' with { type: 'json' };
import zhHans from './texts/zh-hans.json' with { type: 'json' };
import zhHant from './texts/zh-hant.json' with { type: 'json' };

export const baseTexts: Record<LanguageCode, Record<string, string>> = {
  ja,
  en,
  'zh-hans': zhHans,
  kr,
  'zh-hant': zhHant,
  th,
};
