/**
 * Which of a product's options and set products orders name, for the catalogue: an option or a
 * set product an order has named stays, because the order's tickets, receipts and prices read it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from './orders.schema.ts';

/** The ids among `optionIds` that some order of the product names in its `option_values`. */
export async function optionsNamedByOrders(db: Database, productId: number, optionIds: number[]): Promise<number[]> {
  if (optionIds.length === 0) return [];
  const named: number[] = [];
  for (const id of optionIds) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.productId, productId), sql`${orders.optionValues} @> ${JSON.stringify([{ option_value_id: id }])}::jsonb`),
      )
      .limit(1);
    if (row) named.push(id);
  }
  return named;
}

/** The ids among `setProductIds` that some order of the product names in its `set_products`. */
export async function setProductsNamedByOrders(db: Database, productId: number, setProductIds: number[]): Promise<number[]> {
  if (setProductIds.length === 0) return [];
  const named: number[] = [];
  for (const id of setProductIds) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.productId, productId), sql`${orders.setProducts} @> ${JSON.stringify([{ set_product_id: id }])}::jsonb`),
      )
      .limit(1);
    if (row) named.push(id);
  }
  return named;
}
