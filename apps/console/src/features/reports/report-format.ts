/** Amounts, counts, shares and days as the console's language writes them, in the figures' currency. */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice, MINOR_UNITS } from '@storefront/domain/format';
import { useMemo } from 'react';
import { LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';

export type ReportFormats = ReturnType<typeof reportFormats>;

/** A calendar day (`YYYY-MM-DD`) as an instant that every zone's formatter reads back as that day. */
const dayInstant = (date: string) => new Date(`${date}T12:00:00Z`);

function reportFormats(lang: LanguageCode, currency: Currency) {
  const tag = LANGUAGE_TAGS[lang];
  const count = new Intl.NumberFormat(tag);
  const compact = new Intl.NumberFormat(tag, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const change = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayWithWeekday = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(tag, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const hour = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  return {
    money: (amount: number) => formatPrice(amount, currency, lang),
    /** For a chart's axis: "¥1.2M" where the language abbreviates so. */
    compactMoney: (amount: number) => compact.format(amount / 10 ** MINOR_UNITS[currency]),
    count: (value: number) => count.format(value),
    /** A share of 1 (0.73 → "73%"). */
    percent: (share: number) => percent.format(share),
    /** Against the period before: `null` when there was nothing to compare with. */
    change: (current: number, previous: number): string | null =>
      previous === 0 ? (current === 0 ? change.format(0) : null) : change.format((current - previous) / Math.abs(previous)),
    day: (date: string) => day.format(dayInstant(date)),
    dayWithWeekday: (date: string) => dayWithWeekday.format(dayInstant(date)),
    shortDay: (date: string) => shortDay.format(dayInstant(date)),
    range: (range: { from: string; to: string }) =>
      range.from === range.to
        ? day.format(dayInstant(range.from))
        : day.formatRange(dayInstant(range.from), dayInstant(range.to)),
    /** An hour of the day (0–23) as the start of that hour: "10:00". */
    hour: (value: number) => hour.format(Date.UTC(2000, 0, 1, value)),
    dateTime: (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)),
  };
}

export function useReportFormats(lang: LanguageCode, currency: Currency): ReportFormats {
  return useMemo(() => reportFormats(lang, currency), [lang, currency]);
}
