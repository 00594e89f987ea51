/** Times on the arrivals screen: the wall clock at the venue (the console shows Japan time, lib/format). */
import type { LanguageCode } from '@storefront/domain/constants';
import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';
import { LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';

/** "13:02" of an instant at the venue. */
export function timeAt(iso: string, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: DISPLAY_TIME_ZONE,
  }).format(new Date(iso));
}

export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
