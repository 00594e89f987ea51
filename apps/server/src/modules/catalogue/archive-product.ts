/**
 * Archiving takes a product out of the shop (its lists, searches and new orders) and keeps all it
 * had: orders, tickets, slots. Unarchiving offers it again. Both in the caller's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from './catalogue.schema.ts';
import type { ProductRow } from './create-product.ts';
import { lockProduct } from './update-product.ts';

export async function archiveProduct(tx: Database, siteId: number, productId: number): Promise<ProductRow> {
  const current = await lockProduct(tx, siteId, productId);
  if (current.archivedAt) return current;
  const [row] = await tx.update(products).set({ archivedAt: sql`app_now()` }).where(eq(products.id, productId)).returning();
  return row ?? current;
}

export async function unarchiveProduct(tx: Database, siteId: number, productId: number): Promise<ProductRow> {
  const current = await lockProduct(tx, siteId, productId);
  if (!current.archivedAt) return current;
  const [row] = await tx.update(products).set({ archivedAt: null }).where(eq(products.id, productId)).returning();
  return row ?? current;
}
