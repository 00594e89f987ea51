/** How a series' parts read in the console's language: weekdays, times, product names. */
import type { SlotSeriesProduct, SlotTimes } from '@storefront/domain/console/slot-series';
import type { LanguageCode } from '@storefront/domain/constants';
import type { TFunction } from 'i18next';
import { LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';

/** A Monday (2024-01-01) and the six days after it: ISO weekday n is day n - 1 of that week. */
const weekdayFormatter = (lang: LanguageCode, width: 'short' | 'long') =>
  new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { weekday: width, timeZone: 'UTC' });

export function weekdayName(isoDay: number, lang: LanguageCode, width: 'short' | 'long' = 'short'): string {
  return weekdayFormatter(lang, width).format(new Date(Date.UTC(2024, 0, isoDay)));
}

export function weekdayNames(days: readonly number[], lang: LanguageCode): string {
  return [...days]
    .sort((a, b) => a - b)
    .map((day) => weekdayName(day, lang))
    .join(' ');
}

export function describeTimes(times: SlotTimes, t: TFunction): string {
  return times.kind === 'hours'
    ? t('slotSeries.hoursRange', { from: times.opens_at, to: times.closes_at })
    : t('slotSeries.startTimesList', { times: times.start_times.join(', ') });
}

export function productName(products: readonly SlotSeriesProduct[], id: number, lang: string): string {
  const product = products.find((p) => p.id === id);
  if (!product) return `#${id}`;
  return product.name[lang] || product.name.en || product.name.ja || product.key;
}
