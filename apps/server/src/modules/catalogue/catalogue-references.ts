/**
 * What outside the catalogue names its slots, options and set products, declared here and filled
 * by the modules whose rows name them (`date-changes/catalogue-references.ts`): a slot, option or
 * set product an order or a date change points at stays, because that row keeps reading it.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export type CatalogueReferences = {
  /** A SQL condition: an order or a date change names the slot `timeSpanId`. */
  slotIsNamed(timeSpanId: SQL): SQL;
  /** The ids among `optionIds` that some order of the product names. */
  optionsNamed(db: Database, productId: number, optionIds: number[]): Promise<number[]>;
  /** The ids among `setProductIds` that some order of the product names. */
  setProductsNamed(db: Database, productId: number, setProductIds: number[]): Promise<number[]>;
};
