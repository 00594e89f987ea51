/** How the slot-cancellation screens write money, days and slots in the staff member's language. */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice, MINOR_UNITS } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';

/** An amount in minor units, in the venue's currency. */
export function formatMoney(amount: number, currency: string, lang: LanguageCode): string {
  return currency in MINOR_UNITS ? formatPrice(amount, currency as Currency, lang) : `${amount} ${currency}`;
}

/** The first and last day of a cancellation, as one day or a range. */
export function daysText(first: string | null, last: string | null, lang: LanguageCode): string {
  if (!first) return '—';
  if (!last || last === first) return formatDate(first, lang);
  return `${formatDate(first, lang)} – ${formatDate(last, lang)}`;
}

/** A slot as its day, start time and product. */
export function slotText(
  slot: { date: string; start_time: string; product_name: Record<string, string> },
  lang: LanguageCode,
): { when: string; product: string } {
  return { when: `${formatDate(slot.date, lang)} ${slot.start_time}`, product: localize(slot.product_name, lang) };
}
