/**
 * A new product of a venue, with its options and set products, in the caller's transaction (which
 * also marks the catalogue changed and writes the audit row: `changeCatalogue`). Every refusal
 * comes before the first write.
 */
import type { NewProductBody } from '@storefront/domain/console/products';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { products } from './catalogue.schema.ts';
import type { CatalogueReferences } from './catalogue-references.ts';
import { defaultLanguageOf, requireDefaultLanguage, requireVenueImage, storedText } from './product-rules.ts';
import { replaceOptions, replaceSetProducts } from './replace-product-items.ts';

/**
 * The `products` slot-pattern columns are read by nothing any more: every product gets its slots
 * from slot series (the demo seed's too). They are written closed every day until a migration drops them.
 */
const NO_SLOT_PATTERN = {
  opensAt: '10:00',
  closesAt: '18:00',
  slotMinutes: 60,
  slotCapacity: 0,
  closedWeekdays: [0, 1, 2, 3, 4, 5, 6],
};

export type ProductRow = typeof products.$inferSelect;

export async function requireFreeKey(tx: Database, siteId: number, key: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.siteId, siteId), eq(products.key, key)));
  if (taken && taken.id !== exceptId)
    throw specError('conflict', { field: 'key', message: `key "${key}" is already a product of this venue` });
}

export async function createProduct(
  tx: Database,
  references: CatalogueReferences,
  siteId: number,
  input: NewProductBody,
): Promise<ProductRow> {
  const defaultLanguage = await defaultLanguageOf(tx, siteId);
  requireDefaultLanguage('name', input.name, defaultLanguage);
  await requireVenueImage(tx, siteId, 'image_id', input.image_id);
  await requireFreeKey(tx, siteId, input.key);
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`(coalesce(max(${products.position}), 0) + 1)::int` })
    .from(products)
    .where(eq(products.siteId, siteId));
  const [row] = await tx
    .insert(products)
    .values({
      siteId,
      key: input.key,
      position: input.position ?? next,
      type: input.type,
      saleType: input.sale_type,
      salesChannels: input.sales_channels,
      name: storedText(input.name),
      description: storedText(input.description),
      caution: storedText(input.caution),
      presentedBy: storedText(input.presented_by),
      maxPerOrder: input.max_per_order,
      imageId: input.image_id,
      selfCancelHoursBefore: input.self_cancel?.hours_before ?? null,
      selfCancelFee: input.self_cancel?.fee ?? 0,
      ...NO_SLOT_PATTERN,
    })
    .returning();
  if (!row) throw new Error('the product row was not written');
  await replaceOptions(tx, references, row.id, input.options, defaultLanguage);
  await replaceSetProducts(tx, references, row.id, input.set_products, defaultLanguage);
  return row;
}
