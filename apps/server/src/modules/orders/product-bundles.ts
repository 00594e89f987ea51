/**
 * Products with their options and set products, slots' times, and a venue's payment methods and
 * sign-in fields, from a short-lived cache: a rush reads them on every hold, every change of
 * details and every checkout. They change rarely; orders may read them up to this old (like the
 * catalogue). Whether a slot is on sale or over is never read from here.
 */
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import {
  type FieldTemplateRow,
  findPaymentMethod,
  findProductById,
  findProductByUuid,
  findTimeSpan,
  listFieldTemplates,
  listProductOptions,
  listProductSetProducts,
  type PaymentMethodRow,
  type ProductOptionRow,
  type ProductRow,
  type SetProductRow,
  slotOptionPrices,
} from '../catalogue/catalogue-facts.ts';

const PRODUCT_TTL_MS = 5_000;

export type SlotTimes = { date: string; startsAt: Date; endsAt: Date };

export type ProductBundle = { product: ProductRow; options: ProductOptionRow[]; setProducts: SetProductRow[] };

export function createProductBundles() {
  const bundles = new Map<string, { at: number; bundle: ProductBundle | null }>();
  const slotPrices = new Map<number, { at: number; prices: Map<number, number> }>();
  const venueFacts = new Map<string, { at: number; value: unknown }>();

  /** A venue's fact by name, read at most once per TTL. */
  async function venueFact<T>(name: string, read: () => Promise<T>): Promise<T> {
    const hit = venueFacts.get(name);
    if (hit && performance.now() - hit.at < PRODUCT_TTL_MS) return hit.value as T;
    const value = await read();
    if (venueFacts.size > 10_000) venueFacts.clear();
    venueFacts.set(name, { at: performance.now(), value });
    return value;
  }

  async function get(tx: Database, key: { id: number } | { siteId: number; uuid: string }): Promise<ProductBundle | null> {
    const name = 'id' in key ? `id:${key.id}` : `uuid:${key.siteId}:${key.uuid}`;
    const hit = bundles.get(name);
    if (hit && performance.now() - hit.at < PRODUCT_TTL_MS) return hit.bundle;
    const product = 'id' in key ? await findProductById(tx, key.id) : await findProductByUuid(tx, key.siteId, key.uuid);
    const bundle = product
      ? { product, options: await listProductOptions(tx, product.id), setProducts: await listProductSetProducts(tx, product.id) }
      : null;
    if (bundles.size > 1_000) bundles.clear();
    bundles.set(name, { at: performance.now(), bundle });
    return bundle;
  }

  return {
    get,
    /** The product of an order, which must exist. */
    async require(tx: Database, productId: number): Promise<ProductBundle> {
      const bundle = await get(tx, { id: productId });
      if (!bundle) throw specError('record not found');
      return bundle;
    },
    /** A slot's own option prices (option id to price; most slots have none), cached like the products. */
    async slotPrices(tx: Database, timeSpanId: number): Promise<Map<number, number>> {
      const hit = slotPrices.get(timeSpanId);
      if (hit && performance.now() - hit.at < PRODUCT_TTL_MS) return hit.prices;
      const prices = await slotOptionPrices(tx, timeSpanId);
      if (slotPrices.size > 10_000) slotPrices.clear();
      slotPrices.set(timeSpanId, { at: performance.now(), prices });
      return prices;
    },
    /** When a slot of a product is (its day, start and end), for showing an order; null when it has no such slot. */
    slotTimes(tx: Database, productId: number, timeSpanId: number): Promise<SlotTimes | null> {
      return venueFact(`slot:${productId}:${timeSpanId}`, async () => {
        const span = await findTimeSpan(tx, productId, timeSpanId);
        return span ? { date: span.date, startsAt: span.startsAt, endsAt: span.endsAt } : null;
      });
    },
    /** A payment method the venue offers on a channel, enabled; null otherwise. */
    paymentMethod(tx: Database, siteId: number, channel: string, method: string): Promise<PaymentMethodRow | null> {
      return venueFact(`method:${siteId}:${channel}:${method}`, () => findPaymentMethod(tx, siteId, channel, method));
    },
    /** The venue's sign-in fields, in order. */
    fieldTemplates(tx: Database, siteId: number): Promise<FieldTemplateRow[]> {
      return venueFact(`fields:${siteId}`, () => listFieldTemplates(tx, siteId));
    },
    /** Money is reckoned on the catalogue as it is now: the next read of the product goes to the database. */
    forget(productId: number, timeSpanId?: number) {
      bundles.delete(`id:${productId}`);
      if (timeSpanId !== undefined) slotPrices.delete(timeSpanId);
    },
    /** After a catalogue change: every product and slot price is read again. */
    forgetAll() {
      bundles.clear();
      slotPrices.clear();
      venueFacts.clear();
    },
  };
}

export type ProductBundles = ReturnType<typeof createProductBundles>;
