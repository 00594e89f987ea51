import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { clock } from '../src/lib/clock.ts';

export type SlotFixture = {
  productUuid: string;
  productId: number;
  timeSpanId: number;
  adultOptionId: number;
  adultPrice: number;
  setProductId: number | null;
};

/**
 * A slot on or after `offsetDays` from today (tomorrow by default) on a site's first timed product
 * that no order and no hold has touched, reset to the given capacity with nothing sold or held,
 * and the product's first paid admission option.
 */
export async function freshSlot(
  db: Database,
  variant: string,
  capacity: number,
  offsetDays = 1,
  /** Only this product's slots (the site's first timed product with a fresh slot by default). */
  productKey?: string,
): Promise<SlotFixture> {
  const date = addDays(todayIn('Asia/Tokyo', clock.now()), offsetDays);
  const [slot] = await rows<{ product_uuid: string; product_id: number; time_span_id: number }>(
    db,
    sql`select p.uuid::text as product_uuid, p.id as product_id, t.id as time_span_id
        from products p join sites s on s.id = p.site_id join product_time_spans t on t.product_id = p.id
        where s.variant = ${variant} and p.type = 'time' and t.date >= ${date}::date
          and (${productKey ?? null}::text is null or p.key = ${productKey ?? null})
          and not exists (select 1 from stock_holds h where h.time_span_id = t.id)
          and not exists (select 1 from orders o where o.time_span_id = t.id)
        order by t.date, p.position, t.starts_at desc limit 1`,
  );
  if (!slot) throw new Error(`no timed slot on ${date} for ${variant}`);
  await db.execute(sql`update product_time_spans set capacity = ${capacity}, sold = 0, held = 0 where id = ${slot.time_span_id}`);
  const [option] = await rows<{ id: number; price: number }>(
    db,
    sql`select id, price from product_options where product_id = ${slot.product_id} and type = 'admission' and price > 0
        order by position limit 1`,
  );
  if (!option) throw new Error('no paid admission option');
  const [setProduct] = await rows<{ id: number }>(
    db,
    sql`select id from set_products where main_product_id = ${slot.product_id} order by position limit 1`,
  );
  return {
    productUuid: slot.product_uuid,
    productId: slot.product_id,
    timeSpanId: slot.time_span_id,
    adultOptionId: option.id,
    adultPrice: option.price,
    setProductId: setProduct?.id ?? null,
  };
}

export function orderBody(slot: SlotFixture, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    lang: 'en',
    product_uuid: slot.productUuid,
    time_span_id: slot.timeSpanId,
    quantity,
    option_values: [{ option_value_id: slot.adultOptionId, quantity }],
    set_products: [],
    ...extra,
  };
}

export async function slotCounters(db: Database, timeSpanId: number) {
  const [row] = await rows<{ capacity: number; sold: number; held: number }>(
    db,
    sql`select capacity, sold, held from product_time_spans where id = ${timeSpanId}`,
  );
  if (!row) throw new Error('no such slot');
  return row;
}

export const CUSTOMER = {
  fullname: 'Hanako Yamada',
  email: 'hanako@example.com',
  phone: '090-1234-5678',
  resident_area: 'Japan / 日本',
  mail_magazine: 'true',
};
