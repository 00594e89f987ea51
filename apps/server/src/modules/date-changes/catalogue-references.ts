/**
 * The catalogue's `CatalogueReferences` filled by the rows that name its slots, options and set
 * products: the orders' and the date changes' (this module is above both).
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { CatalogueReferences } from '../catalogue/catalogue-references.ts';
import { optionsNamedByOrders, setProductsNamedByOrders } from '../orders/catalogue-references.ts';
import { hasOrdersOnSlot } from '../orders/orders-on-slot.ts';
import { hasDateChangesOnSlot } from './date-changes-on-slot.ts';

export const catalogueReferences: CatalogueReferences = {
  slotIsNamed: (timeSpanId: SQL) => sql`(${hasOrdersOnSlot(timeSpanId)} or ${hasDateChangesOnSlot(timeSpanId)})`,
  optionsNamed: optionsNamedByOrders,
  setProductsNamed: setProductsNamedByOrders,
};
