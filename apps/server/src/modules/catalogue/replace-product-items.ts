/**
 * A product's options and set products, replaced by the editor's whole list: an item with an id is
 * kept and changed, one without is added, and one left out is removed, unless an order names it.
 * Such an item is refused with 409 rather than hidden: the order's tickets, receipts and prices
 * read it, and the operator can keep it or archive the whole product (decision 015).
 */

import type { ProductOptionInput, SetProductInput } from '@storefront/domain/console/products';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { productOptions, setProducts } from './catalogue.schema.ts';
import type { CatalogueReferences } from './catalogue-references.ts';
import { requireDefaultLanguage, storedText } from './product-rules.ts';

type Item = { id?: number | undefined; key?: string | undefined; name: Partial<Record<LanguageCode, string>> };
type Existing = { id: number; key: string; name: Record<string, string> };

/** Checks a list against the product's current items; returns each input's final key. */
function planKeys(field: string, prefix: string, inputs: Item[], existing: Existing[], defaultLanguage: LanguageCode): string[] {
  const byId = new Map(existing.map((e) => [e.id, e]));
  inputs.forEach((item, index) => {
    requireDefaultLanguage(`${field}.${index}.name`, item.name, defaultLanguage);
    if (item.id !== undefined && !byId.has(item.id)) throw invalidField(`${field}.${index}.id`, 'names no item of this product');
  });
  const taken = new Set(inputs.map((item) => item.key ?? (item.id !== undefined ? byId.get(item.id)?.key : undefined)));
  const keys: string[] = [];
  let next = 1;
  inputs.forEach((item, index) => {
    let key = item.key ?? (item.id !== undefined ? byId.get(item.id)?.key : undefined);
    if (key === undefined) {
      while (taken.has(`${prefix}-${next}`)) next++;
      key = `${prefix}-${next}`;
      taken.add(key);
    }
    if (keys.includes(key)) throw invalidField(`${field}.${index}.key`, 'is the key of another item of this product');
    keys.push(key);
  });
  return keys;
}

function refuseNamed(field: string, named: number[], existing: Existing[], defaultLanguage: LanguageCode) {
  if (named.length === 0) return;
  const names = named.map((id) => `"${localize(existing.find((e) => e.id === id)?.name ?? {}, defaultLanguage)}" (${id})`);
  throw specError('conflict', {
    field,
    message: `${field} leaves out ${names.join(', ')}, which orders name: keep ${named.length > 1 ? 'them' : 'it'}, or archive the product`,
  });
}

/** Kept items whose key changes first take a key no item has, so swapped keys never collide. */
async function freeChangedKeys<T extends Existing>(
  tx: Database,
  table: typeof productOptions | typeof setProducts,
  existing: T[],
  inputs: Item[],
  keys: string[],
) {
  for (const [index, item] of inputs.entries()) {
    const before = existing.find((e) => e.id === item.id);
    if (before && before.key !== keys[index])
      await tx
        .update(table)
        .set({ key: `~${before.id}` })
        .where(eq(table.id, before.id));
  }
}

export async function replaceOptions(
  tx: Database,
  references: CatalogueReferences,
  productId: number,
  inputs: ProductOptionInput[],
  defaultLanguage: LanguageCode,
): Promise<void> {
  const existing = await tx.select().from(productOptions).where(eq(productOptions.productId, productId));
  const keys = planKeys('options', 'option', inputs, existing, defaultLanguage);
  const removed = existing.filter((e) => !inputs.some((item) => item.id === e.id)).map((e) => e.id);
  refuseNamed('options', await references.optionsNamed(tx, productId, removed), existing, defaultLanguage);
  if (removed.length > 0) await tx.delete(productOptions).where(inArray(productOptions.id, removed));
  await freeChangedKeys(tx, productOptions, existing, inputs, keys);
  for (const [index, item] of inputs.entries()) {
    const values = {
      key: keys[index] as string,
      position: index + 1,
      type: item.type,
      name: storedText(item.name),
      price: item.price,
    };
    if (item.id !== undefined) await tx.update(productOptions).set(values).where(eq(productOptions.id, item.id));
    else await tx.insert(productOptions).values({ productId, ...values });
  }
}

export async function replaceSetProducts(
  tx: Database,
  references: CatalogueReferences,
  productId: number,
  inputs: SetProductInput[],
  defaultLanguage: LanguageCode,
): Promise<void> {
  const existing = await tx.select().from(setProducts).where(eq(setProducts.mainProductId, productId));
  const keys = planKeys('set_products', 'set', inputs, existing, defaultLanguage);
  const removed = existing.filter((e) => !inputs.some((item) => item.id === e.id)).map((e) => e.id);
  refuseNamed('set_products', await references.setProductsNamed(tx, productId, removed), existing, defaultLanguage);
  if (removed.length > 0) await tx.delete(setProducts).where(inArray(setProducts.id, removed));
  await freeChangedKeys(tx, setProducts, existing, inputs, keys);
  for (const [index, item] of inputs.entries()) {
    const values = {
      key: keys[index] as string,
      position: index + 1,
      name: storedText(item.name),
      description: storedText(item.description),
      price: item.price,
      capacityPerSlot: item.capacity_per_slot,
    };
    if (item.id !== undefined) await tx.update(setProducts).set(values).where(eq(setProducts.id, item.id));
    else await tx.insert(setProducts).values({ mainProductId: productId, ...values });
  }
}
