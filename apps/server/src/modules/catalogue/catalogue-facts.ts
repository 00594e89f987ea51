/**
 * What other modules may read of the catalogue: products, their options, set products and slots,
 * sign-in fields, languages, payment methods and configuration. Each takes the database or the caller's
 * transaction first, so an order or a ticket reads them where it reads itself.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import {
  configurations,
  fieldTemplates,
  paymentMethods,
  productOptions,
  products,
  productTimeSpans,
  setProducts,
  siteLanguages,
  slotPrices,
} from './catalogue.schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductOptionRow = typeof productOptions.$inferSelect;
export type SetProductRow = typeof setProducts.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type FieldTemplateRow = typeof fieldTemplates.$inferSelect;

export async function findProductByUuid(db: Database, siteId: number, uuid: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.siteId, siteId), eq(products.uuid, uuid)));
  return row ?? null;
}

export async function findProductById(db: Database, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** A slot of a product, with whether it is over; null when the product has no such slot. */
export async function findTimeSpan(db: Database, productId: number, timeSpanId: number) {
  const [row] = await db
    .select({
      id: productTimeSpans.id,
      date: productTimeSpans.date,
      startsAt: productTimeSpans.startsAt,
      endsAt: productTimeSpans.endsAt,
      isOnSale: productTimeSpans.isOnSale,
      isPast: sql<boolean>`${productTimeSpans.endsAt} <= app_now()`,
    })
    .from(productTimeSpans)
    .where(and(eq(productTimeSpans.id, timeSpanId), eq(productTimeSpans.productId, productId)));
  return row ?? null;
}

/** A slot by its id alone, with its product's type (a ticket's entry window). */
export async function findSlot(db: Database, timeSpanId: number) {
  const [row] = await db
    .select({
      date: productTimeSpans.date,
      startsAt: productTimeSpans.startsAt,
      endsAt: productTimeSpans.endsAt,
      productType: products.type,
    })
    .from(productTimeSpans)
    .innerJoin(products, eq(products.id, productTimeSpans.productId))
    .where(eq(productTimeSpans.id, timeSpanId));
  return row ?? null;
}

/** A slot's own option prices (option id to price), which replace the options' prices at that slot. */
export async function slotOptionPrices(db: Database, timeSpanId: number): Promise<Map<number, number>> {
  const found = await db
    .select({ optionId: slotPrices.optionId, price: slotPrices.price })
    .from(slotPrices)
    .where(eq(slotPrices.timeSpanId, timeSpanId));
  return new Map(found.map((p) => [p.optionId, p.price]));
}

export function listProductOptions(db: Database, productId: number): Promise<ProductOptionRow[]> {
  return db.select().from(productOptions).where(eq(productOptions.productId, productId)).orderBy(asc(productOptions.position));
}

export function listProductSetProducts(db: Database, productId: number): Promise<SetProductRow[]> {
  return db.select().from(setProducts).where(eq(setProducts.mainProductId, productId)).orderBy(asc(setProducts.position));
}

/** The names of options by id (an admission shows its option's name). */
export async function optionNames(db: Database, optionIds: number[]): Promise<Map<number, Record<string, string>>> {
  if (optionIds.length === 0) return new Map();
  const found = await db
    .select({ id: productOptions.id, name: productOptions.name })
    .from(productOptions)
    .where(inArray(productOptions.id, [...new Set(optionIds)]));
  return new Map(found.map((o) => [o.id, o.name]));
}

/** The names of the options of products, by option id (what a gate device names admissions by offline). */
export async function optionNamesOfProducts(db: Database, productIds: number[]): Promise<Map<number, Record<string, string>>> {
  if (productIds.length === 0) return new Map();
  const found = await db
    .select({ id: productOptions.id, name: productOptions.name })
    .from(productOptions)
    .where(inArray(productOptions.productId, [...new Set(productIds)]));
  return new Map(found.map((o) => [o.id, o.name]));
}

/** The names of products by id. */
export async function productNames(db: Database, productIds: number[]): Promise<Map<number, Record<string, string>>> {
  if (productIds.length === 0) return new Map();
  const found = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(found.map((p) => [p.id, p.name]));
}

export async function listFieldTemplates(db: Database, siteId: number): Promise<FieldTemplateRow[]> {
  return await db.select().from(fieldTemplates).where(eq(fieldTemplates.siteId, siteId)).orderBy(asc(fieldTemplates.position));
}

/** Each site's language codes, the default first, then in display order (for venue lists). */
export async function languageCodesOf(db: Database, siteIds: number[]): Promise<Map<number, LanguageCode[]>> {
  const codes = new Map<number, LanguageCode[]>(siteIds.map((id) => [id, []]));
  if (siteIds.length === 0) return codes;
  const found = await db
    .select({ siteId: siteLanguages.siteId, code: siteLanguages.code })
    .from(siteLanguages)
    .where(inArray(siteLanguages.siteId, [...new Set(siteIds)]))
    .orderBy(desc(siteLanguages.isDefault), asc(siteLanguages.displayPosition), asc(siteLanguages.code));
  for (const row of found) codes.get(row.siteId)?.push(row.code as LanguageCode);
  return codes;
}

/** A payment method the site offers on a channel, enabled; null otherwise. */
export async function findPaymentMethod(
  db: Database,
  siteId: number,
  channel: string,
  method: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.siteId, siteId),
        eq(paymentMethods.channel, channel),
        eq(paymentMethods.method, method),
        eq(paymentMethods.isEnabled, true),
      ),
    );
  return row ?? null;
}

/** The grace period around a slot's entry window, in minutes (configuration `checkin_grace_minutes`). */
export async function checkInGraceMinutes(db: Database, siteId: number, fallback: number): Promise<number> {
  const [row] = await db
    .select({ value: configurations.value })
    .from(configurations)
    .where(and(eq(configurations.siteId, siteId), eq(configurations.key, 'checkin_grace_minutes')));
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** A venue's products by key with their names, archived ones included, in display order. */
export function productKeysOf(db: Database, siteId: number): Promise<{ key: string; name: Record<string, string> }[]> {
  return db
    .select({ key: products.key, name: products.name })
    .from(products)
    .where(eq(products.siteId, siteId))
    .orderBy(asc(products.position), asc(products.id));
}

/** A venue's products by id with their names, archived ones included, in display order. */
export function venueProductNames(db: Database, siteId: number): Promise<{ id: number; name: Record<string, string> }[]> {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.siteId, siteId))
    .orderBy(asc(products.position), asc(products.id));
}

export type SlotTimes = { id: number; productId: number; date: string; startsAt: Date; endsAt: Date };

const slotTimesColumns = {
  id: productTimeSpans.id,
  productId: productTimeSpans.productId,
  date: productTimeSpans.date,
  startsAt: productTimeSpans.startsAt,
  endsAt: productTimeSpans.endsAt,
};

/**
 * A venue's slots, with when each is and its product's name, on visit dates from `from` to `to` (venue-local, inclusive)
 * and of one product when asked, in time order (the console's order search by date and by visit time).
 */
export function venueSlotTimes(
  db: Database,
  siteId: number,
  within: { from?: string | undefined; to?: string | undefined; productId?: number | undefined } = {},
): Promise<SlotFacts[]> {
  return db
    .select({ ...slotTimesColumns, productName: products.name })
    .from(productTimeSpans)
    .innerJoin(products, eq(products.id, productTimeSpans.productId))
    .where(
      and(
        eq(products.siteId, siteId),
        within.productId === undefined ? undefined : eq(productTimeSpans.productId, within.productId),
        within.from === undefined ? undefined : gte(productTimeSpans.date, within.from),
        within.to === undefined ? undefined : lte(productTimeSpans.date, within.to),
      ),
    )
    .orderBy(asc(productTimeSpans.startsAt), asc(productTimeSpans.id));
}

export type SlotFacts = SlotTimes & { productName: Record<string, string> };

/** Slots by id with when each is and its product's name, in one read (a page of orders shows both). */
export async function slotFactsOf(db: Database, ids: number[]): Promise<Map<number, SlotFacts>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ ...slotTimesColumns, productName: products.name })
    .from(productTimeSpans)
    .innerJoin(products, eq(products.id, productTimeSpans.productId))
    .where(inArray(productTimeSpans.id, [...new Set(ids)]));
  return new Map(found.map((slot) => [slot.id, slot]));
}

export type GateFacts = {
  slot: SlotFacts | null;
  /** Minutes before a slot's start its visitors may enter (the venue's `checkin_grace_minutes`), or the fallback. */
  graceMinutes: number;
  optionNames: Map<number, Record<string, string>>;
};

/**
 * What a scan at the gate reads of the catalogue, in one statement (the scan's hot path, decision
 * 021): the slot with its product's name, the venue's entry grace and the names of the options named.
 */
export async function gateFactsOf(
  db: Database,
  siteId: number,
  timeSpanId: number,
  optionIds: number[],
  fallbackGraceMinutes: number,
): Promise<GateFacts> {
  const [row] = await rows<{
    slot: {
      id: number;
      product_id: number;
      date: string;
      starts_at: string;
      ends_at: string;
      name: Record<string, string>;
    } | null;
    grace: string | null;
    options: Array<{ id: number; name: Record<string, string> }> | null;
  }>(
    db,
    sql`select
      (select json_build_object('id', s.id, 'product_id', s.product_id, 'date', s.date, 'starts_at', s.starts_at,
              'ends_at', s.ends_at, 'name', p.name)
         from ${productTimeSpans} s join ${products} p on p.id = s.product_id
        where s.id = ${timeSpanId}) as slot,
      (select c.value from ${configurations} c where c.site_id = ${siteId} and c.key = 'checkin_grace_minutes') as grace,
      (select json_agg(json_build_object('id', o.id, 'name', o.name)) from ${productOptions} o
        where o.id = any(${`{${[...new Set(optionIds)].join(',')}}`}::int[])) as options`,
  );
  const grace = Number(row?.grace);
  const slot = row?.slot;
  return {
    slot: slot
      ? {
          id: slot.id,
          productId: slot.product_id,
          date: slot.date,
          startsAt: new Date(slot.starts_at),
          endsAt: new Date(slot.ends_at),
          productName: slot.name,
        }
      : null,
    graceMinutes: row?.grace !== null && Number.isInteger(grace) && grace >= 0 ? grace : fallbackGraceMinutes,
    optionNames: new Map((row?.options ?? []).map((o) => [o.id, o.name])),
  };
}
