import type { StockStatus } from './api/catalogue.ts';

export type SlotStock = {
  capacity: number;
  sold: number;
  /** Places held by live temporary orders. */
  held: number;
  isOnSale: boolean;
  /** The slot's entry window has ended. */
  isPast: boolean;
};

/** Places still for sale: capacity minus sold minus live holds, never below zero. */
export function remainingOf(slot: Pick<SlotStock, 'capacity' | 'sold' | 'held'>): number {
  return Math.max(0, slot.capacity - slot.sold - slot.held);
}

/**
 * What the calendar and slot list show. "few" is the low-stock state whose message carries the
 * remaining count (SPEC §9): at or below the site's threshold.
 */
export function slotStatus(slot: SlotStock, lowStockThreshold: number): StockStatus {
  if (!slot.isOnSale || slot.isPast) return 'closed';
  const remaining = remainingOf(slot);
  if (remaining === 0) return 'sold_out';
  if (remaining <= lowStockThreshold) return 'few';
  return 'available';
}

/**
 * A day's status from its slots: closed when nothing is open, sold out when every open slot is,
 * "few" when the open slots together have no more than the threshold left.
 */
export function dayStatus(slots: SlotStock[], lowStockThreshold: number): { status: StockStatus; remaining: number } {
  const open = slots.filter((slot) => slot.isOnSale && !slot.isPast);
  const remaining = open.reduce((sum, slot) => sum + remainingOf(slot), 0);
  if (open.length === 0) return { status: 'closed', remaining: 0 };
  if (remaining === 0) return { status: 'sold_out', remaining };
  if (remaining <= lowStockThreshold) return { status: 'few', remaining };
  return { status: 'available', remaining };
}
