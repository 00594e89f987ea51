/** An amount in minor units as the staff member's language writes it, in the domain's format. */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice, MINOR_UNITS } from '@storefront/domain/format';

export function formatMoney(amount: number, currency: string, lang: LanguageCode): string {
  return currency in MINOR_UNITS ? formatPrice(amount, currency as Currency, lang) : `${amount} ${currency}`;
}
