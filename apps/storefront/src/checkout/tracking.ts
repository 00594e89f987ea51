/**
 * The purchase event for the tag manager (SPEC §3 tracking): one item per option, its name as both
 * name and category, and a sku of the time slot and the option name.
 */
import type { Currency } from '@storefront/domain/constants';
import { MINOR_UNITS } from '@storefront/domain/format';
import type { TemporaryOrder } from './purchase-api.ts';

/** What the order page keeps for tracking (session key conversionData). */
export type ConversionData = { options: { name: string; price: number; count: number }[]; timeSpanId: number };

export type TrackedItem = { name: string; category: string; price: number; quantity: number; sku: string };

export type PurchaseEvent = {
  event: 'purchase';
  ecommerce: { transaction_id: string; value: number; currency: Currency; items: TrackedItem[] };
};

/** The stored conversion data when it has the expected shape, else null. */
export function readConversionData(raw: unknown): ConversionData | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { options, timeSpanId } = raw as { options?: unknown; timeSpanId?: unknown };
  if (!Array.isArray(options) || typeof timeSpanId !== 'number') return null;
  const valid = options.every(
    (option) =>
      typeof option === 'object' &&
      option !== null &&
      typeof option.name === 'string' &&
      typeof option.price === 'number' &&
      typeof option.count === 'number',
  );
  return valid ? { options, timeSpanId } : null;
}

/** Amounts are kept in minor units; the tag manager wants them in the currency's own unit. */
function inMajorUnits(amount: number, currency: Currency): number {
  return amount / 10 ** MINOR_UNITS[currency];
}

/**
 * The tracked items: from the conversion data the order page kept, or, when there is none (a
 * visit that started elsewhere), from the order itself. Options not bought are left out.
 */
export function trackingItems(
  conversion: ConversionData | null,
  order: Pick<TemporaryOrder, 'mainProduct'>,
  currency: Currency,
): TrackedItem[] {
  const source: ConversionData = conversion ?? {
    options: order.mainProduct.options.map((option) => ({ name: option.name, price: option.price, count: option.quantity })),
    timeSpanId: order.mainProduct.productTimeSpanID,
  };
  return source.options
    .filter((option) => option.count > 0)
    .map((option) => ({
      name: option.name,
      category: option.name,
      price: inMajorUnits(option.price, currency),
      quantity: option.count,
      sku: `${source.timeSpanId}_${option.name}`,
    }));
}

/** The order total for tracking is the sum of price times count over the options (SPEC §3). */
export function purchaseEvent(sale: { reservationNumber: string; currency: Currency; items: TrackedItem[] }): PurchaseEvent {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: sale.reservationNumber,
      value: sale.items.reduce((sum, item) => sum + item.price * item.quantity, 0),
      currency: sale.currency,
      items: sale.items,
    },
  };
}

/** Pushes onto the page's data layer, making it if the tag manager has not loaded yet. */
export function pushToDataLayer(target: { dataLayer?: unknown[] }, event: PurchaseEvent): void {
  target.dataLayer = target.dataLayer || [];
  target.dataLayer.push(event);
}
