/**
 * A change to a venue's product, archived or not, in the caller's transaction; `options` and
 * `set_products`, when given, are the whole new lists (`replace-product-items.ts`).
 */
import type { ProductPatchBody } from '@storefront/domain/console/products';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { products } from './catalogue.schema.ts';
import type { CatalogueReferences } from './catalogue-references.ts';
import { type ProductRow, requireFreeKey } from './create-product.ts';
import { defaultLanguageOf, requireDefaultLanguage, requireVenueImage, storedText } from './product-rules.ts';
import { replaceOptions, replaceSetProducts } from './replace-product-items.ts';

/** The product, locked for the change; a product of another venue is as good as none. */
export async function lockProduct(tx: Database, siteId: number, productId: number): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId)))
    .for('update');
  if (!row) throw specError('not found', { message: 'the venue has no such product' });
  return row;
}

export async function updateProduct(
  tx: Database,
  references: CatalogueReferences,
  siteId: number,
  productId: number,
  input: ProductPatchBody,
): Promise<ProductRow> {
  const current = await lockProduct(tx, siteId, productId);
  const defaultLanguage = await defaultLanguageOf(tx, siteId);
  if (input.name) requireDefaultLanguage('name', input.name, defaultLanguage);
  if (input.image_id !== undefined) await requireVenueImage(tx, siteId, 'image_id', input.image_id);
  if (input.key !== undefined && input.key !== current.key) await requireFreeKey(tx, siteId, input.key, productId);
  const changes: Partial<typeof products.$inferInsert> = {
    ...(input.key !== undefined ? { key: input.key } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.sale_type !== undefined ? { saleType: input.sale_type } : {}),
    ...(input.sales_channels !== undefined ? { salesChannels: input.sales_channels } : {}),
    ...(input.name !== undefined ? { name: storedText(input.name) } : {}),
    ...(input.description !== undefined ? { description: storedText(input.description) } : {}),
    ...(input.caution !== undefined ? { caution: storedText(input.caution) } : {}),
    ...(input.presented_by !== undefined ? { presentedBy: storedText(input.presented_by) } : {}),
    ...(input.max_per_order !== undefined ? { maxPerOrder: input.max_per_order } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.image_id !== undefined ? { imageId: input.image_id } : {}),
    ...(input.self_cancel !== undefined
      ? { selfCancelHoursBefore: input.self_cancel?.hours_before ?? null, selfCancelFee: input.self_cancel?.fee ?? 0 }
      : {}),
  };
  if (input.options) await replaceOptions(tx, references, productId, input.options, defaultLanguage);
  if (input.set_products) await replaceSetProducts(tx, references, productId, input.set_products, defaultLanguage);
  if (Object.keys(changes).length === 0) return current;
  const [row] = await tx.update(products).set(changes).where(eq(products.id, productId)).returning();
  return row ?? current;
}
