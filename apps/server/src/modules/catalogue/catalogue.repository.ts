import { and, asc, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { liveHeldQuantity, setProductSold } from '../stock/hold-places.ts';
import { waitingDemand } from '../stock/waiting-demand.ts';
import {
  calendarColors,
  configurations,
  paymentMethods,
  productOptions,
  products,
  setProducts,
  siteLanguages,
  texts,
} from './catalogue.schema.ts';

export function listLanguages(db: Database, siteId: number) {
  return db
    .select()
    .from(siteLanguages)
    .where(eq(siteLanguages.siteId, siteId))
    .orderBy(asc(siteLanguages.displayPosition), asc(siteLanguages.code));
}

export function listConfigurationValues(db: Database, siteId: number) {
  return db.select().from(configurations).where(eq(configurations.siteId, siteId)).orderBy(asc(configurations.key));
}

export function listTexts(db: Database, siteId: number, lang: string) {
  return db
    .select({ key: texts.key, value: texts.value })
    .from(texts)
    .where(and(eq(texts.siteId, siteId), eq(texts.lang, lang)));
}

/** The products the shop offers: an archived product is left out of every shop answer. */
export function listProducts(db: Database, siteId: number) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.siteId, siteId), isNull(products.archivedAt)))
    .orderBy(asc(products.position), asc(products.id));
}

export function listOptions(db: Database, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productOptions)
    .where(inArray(productOptions.productId, productIds))
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
}

export function listSetProducts(db: Database, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(setProducts)
    .where(inArray(setProducts.mainProductId, productIds))
    .orderBy(asc(setProducts.mainProductId), asc(setProducts.position));
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export type TimeSpanStockRow = {
  id: number;
  product_id: number;
  date: string;
  /** Epoch milliseconds: both drivers agree on numbers, not on timestamp parsing. */
  starts_ms: number;
  ends_ms: number;
  capacity: number;
  sold: number;
  /** Places of live holds, and those the slot's waiting list is owed: neither is the public's. */
  held: number;
  is_on_sale: boolean;
  is_past: boolean;
  /** The slot's own option prices, when asked for (`withPrices`) and it has any. */
  option_prices?: { optionId: number; price: number }[] | string | null;
};

/**
 * Time slots of a site's products with their stock. Held places are those of live holds only,
 * judged by the database clock, so expired holds count as free without any sweeper, and those the
 * slot's waiting list is owed (a slot with people waiting is sold out to the public).
 */
export function listTimeSpanStocks(
  db: Database,
  filter: { siteId: number; from: string; to: string; productIds?: number[]; timeSpanIds?: number[]; withPrices?: boolean },
): Promise<TimeSpanStockRow[]> {
  if (filter.productIds?.length === 0 || filter.timeSpanIds?.length === 0) return Promise.resolve([]);
  const byProduct = filter.productIds ? sql`and t.product_id in (${idList(filter.productIds)})` : sql``;
  const bySpan = filter.timeSpanIds
    ? sql`and t.id in (${idList(filter.timeSpanIds)})`
    : sql`and t.date between ${filter.from}::date and ${filter.to}::date`;
  const prices = filter.withPrices
    ? sql`, (select json_agg(json_build_object('optionId', sp.option_id, 'price', sp.price) order by sp.option_id)
             from slot_prices sp where sp.time_span_id = t.id) as option_prices`
    : sql``;
  return rows<TimeSpanStockRow>(
    db,
    sql`
      select t.id, t.product_id, t.date::text as date,
             (extract(epoch from t.starts_at) * 1000)::float8 as starts_ms,
             (extract(epoch from t.ends_at) * 1000)::float8 as ends_ms, t.capacity, t.sold,
             coalesce(h.held, 0)::int + ${waitingDemand(sql`t.id`)} as held, t.is_on_sale, t.ends_at <= app_now() as is_past ${prices}
      from product_time_spans t
      join products p on p.id = t.product_id
      left join lateral (${liveHeldQuantity(sql`t.id`, null)}) h on true
      where p.site_id = ${filter.siteId} and p.archived_at is null ${byProduct} ${bySpan}
      order by t.product_id, t.starts_at`,
  );
}

export type SetProductStockRow = {
  time_span_id: number;
  set_product_id: number;
  sold: number;
  held: number;
};

/** Sold and live-held set products for the given main time slots. */
export function listSetProductStocks(db: Database, timeSpanIds: number[]): Promise<SetProductStockRow[]> {
  if (timeSpanIds.length === 0) return Promise.resolve([]);
  return rows<SetProductStockRow>(
    db,
    sql`
      select t.id as time_span_id, sp.id as set_product_id,
             coalesce(s.sold, 0)::int as sold, coalesce(h.held, 0)::int as held
      from product_time_spans t
      join set_products sp on sp.main_product_id = t.product_id
      left join lateral (${setProductSold(sql`t.id`, sql`sp.id`)}) s on true
      left join lateral (${liveHeldQuantity(sql`t.id`, sql`sp.id`)}) h on true
      where t.id in (${idList(timeSpanIds)})`,
  );
}

export function listPaymentMethods(db: Database, siteId: number, channel: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.siteId, siteId), eq(paymentMethods.channel, channel), eq(paymentMethods.isEnabled, true)))
    .orderBy(asc(paymentMethods.position));
}

export function listCalendarColors(db: Database, siteId: number, from: string, to: string) {
  return db
    .select({ date: calendarColors.date, colorCode: calendarColors.colorCode })
    .from(calendarColors)
    .where(and(eq(calendarColors.siteId, siteId), between(calendarColors.date, from, to)))
    .orderBy(asc(calendarColors.date));
}
