/**
 * The confirm step's view of the temporary order (SPEC §3): when the visit is (in the shop's time
 * zone), the priced lines, how long the hold lasts, and whether the order can be paid as it is.
 */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { needsCard, paymentProfile } from '@storefront/domain/payments';
import type { TemporaryOrder } from './purchase-api.ts';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
});

/** An instant as a calendar date (yyyy-MM-dd) and a time (HH:mm) in Japan. */
export function inShopTime(instant: string): { date: string; time: string } {
  const value = new Date(instant);
  return { date: dateFormat.format(value), time: timeFormat.format(value) };
}

/** The visit: its date, and its slot as "from" and "to" times. */
export function reservationOf(order: Pick<TemporaryOrder, 'mainProduct'>): { date: string; from: string; to: string } {
  const from = inShopTime(order.mainProduct.reservationFrom);
  return { date: from.date, from: from.time, to: inShopTime(order.mainProduct.reservationTo).time };
}

export type SummaryLine = { id: number; name: string; unitPrice: number; quantity: number; amount: number };

/** The options and set products that are on the order, each with its amount. */
export function orderLines(order: Pick<TemporaryOrder, 'mainProduct' | 'setProducts'>): {
  options: SummaryLine[];
  setProducts: SummaryLine[];
} {
  const line = (item: { id: number; name: string; price: number; quantity: number }): SummaryLine => ({
    id: item.id,
    name: item.name,
    unitPrice: item.price,
    quantity: item.quantity,
    amount: item.price * item.quantity,
  });
  return {
    options: order.mainProduct.options.filter((option) => option.quantity > 0).map(line),
    setProducts: order.setProducts.filter((product) => product.quantity > 0).map(line),
  };
}

/** Whole minutes left on the hold, rounded up; 0 once it has run out. */
export function minutesLeft(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 60_000));
}

/**
 * Where the visitor must go before the order can be paid, or null when it can be: details missing
 * (sign-in, unless the site confirms by mail only), no method, a method that no longer fits the
 * total (a coupon made it free, or removing one made it cost money), or a card that is no longer
 * in memory (the page was reloaded).
 */
export function checkoutBlocker(
  order: Pick<TemporaryOrder, 'customerFields' | 'paymentMethod' | 'price'>,
  context: { hasCard: boolean; hasSignIn: boolean },
): '/sign-in' | '/payment' | null {
  if (!order.customerFields && context.hasSignIn) return '/sign-in';
  const method = order.paymentMethod;
  if (!method) return '/payment';
  if ((order.price === 0) !== (paymentProfile(method)?.kind === 'free')) return '/payment';
  if (needsCard(method) && !context.hasCard) return '/payment';
  return null;
}
