/** A venue's products as the console shows them: every language, options, set products, image, archived or not. */
import type { ConsoleProduct } from '@storefront/domain/console/products';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listOptions, listSetProducts } from './catalogue.repository.ts';
import { products } from './catalogue.schema.ts';
import { consoleImageOf, findImages } from './image-views.ts';

export async function listConsoleProducts(
  db: Database,
  siteId: number,
  filter: { includeArchived: boolean; id?: number },
): Promise<ConsoleProduct[]> {
  const conditions = [eq(products.siteId, siteId)];
  if (!filter.includeArchived) conditions.push(isNull(products.archivedAt));
  if (filter.id !== undefined) conditions.push(eq(products.id, filter.id));
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.position), asc(products.id));
  const ids = rows.map((p) => p.id);
  const [options, sets, pictures] = await Promise.all([
    listOptions(db, ids),
    listSetProducts(db, ids),
    findImages(
      db,
      siteId,
      rows.map((p) => p.imageId),
    ),
  ]);
  return rows.map((p) => {
    const image = p.imageId ? pictures.get(p.imageId) : undefined;
    return {
      id: p.id,
      uuid: p.uuid,
      key: p.key,
      type: p.type,
      sale_type: p.saleType,
      sales_channels: p.salesChannels,
      name: p.name,
      description: p.description,
      caution: p.caution,
      presented_by: p.presentedBy,
      max_per_order: p.maxPerOrder,
      position: p.position,
      image: image ? consoleImageOf(image) : null,
      is_archived: p.archivedAt !== null,
      archived_at: p.archivedAt?.toISOString() ?? null,
      options: options
        .filter((o) => o.productId === p.id)
        .map((o) => ({ id: o.id, key: o.key, type: o.type, name: o.name, price: o.price })),
      set_products: sets
        .filter((s) => s.mainProductId === p.id)
        .map((s) => ({
          id: s.id,
          uuid: s.uuid,
          key: s.key,
          name: s.name,
          description: s.description,
          price: s.price,
          capacity_per_slot: s.capacityPerSlot,
        })),
      self_cancel: p.selfCancelHoursBefore === null ? null : { hours_before: p.selfCancelHoursBefore, fee: p.selfCancelFee },
    };
  });
}

/** One product of the venue, archived or not; null when the venue has no such product. */
export async function findConsoleProduct(db: Database, siteId: number, id: number): Promise<ConsoleProduct | null> {
  const [found] = await listConsoleProducts(db, siteId, { includeArchived: true, id });
  return found ?? null;
}
