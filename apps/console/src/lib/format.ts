/** Dates as the console shows them: the venue's zone is Asia/Tokyo (SPEC §9). */
import type { LanguageCode } from '@storefront/domain/constants';
import { LANGUAGE_TAGS } from './i18n/i18n.ts';

export const DISPLAY_TIME_ZONE = 'Asia/Tokyo';

export function formatDateTime(iso: string | null | undefined, lang: LanguageCode): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: DISPLAY_TIME_ZONE,
  }).format(date);
}
