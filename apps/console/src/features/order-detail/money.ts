/** An amount in minor units as the staff member's language writes it, in the domain's format. */
import type { OrderDetail } from '@storefront/domain/console/order-detail';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice, MINOR_UNITS } from '@storefront/domain/format';

export function formatMoney(amount: number, currency: string, lang: LanguageCode): string {
  return currency in MINOR_UNITS ? formatPrice(amount, currency as Currency, lang) : `${amount} ${currency}`;
}

/** A payment method by the name the venue's shop shows for it, in the staff member's language (its code if it has none). */
export function methodName(order: Pick<OrderDetail, 'payment_method_names'>, method: string, lang: LanguageCode): string {
  const names = order.payment_method_names[method];
  return names?.[lang] ?? names?.en ?? Object.values(names ?? {})[0] ?? method;
}
