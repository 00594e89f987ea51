import { todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { clock } from '../src/lib/clock.ts';

export type SpotSlot = { productUuid: string; productId: number; timeSpanId: number; adultOptionId: number; adultPrice: number };

/**
 * A slot of today (venue-local) on a site's first timed product sold on the spot, starting
 * `startsInMinutes` from now (negative for one already over), with `capacity` places and nothing
 * sold or held: spot sales are today's only, whatever the hour the tests run at.
 */
export async function todaySpotSlot(db: Database, variant: string, capacity: number, startsInMinutes = 30): Promise<SpotSlot> {
  const today = todayIn('Asia/Tokyo', clock.now());
  const [product] = await rows<{ uuid: string; id: number }>(
    db,
    sql`select p.uuid::text as uuid, p.id from products p join sites s on s.id = p.site_id
        where s.variant = ${variant} and p.type = 'time' and 'spot' = any(p.sales_channels) order by p.position limit 1`,
  );
  if (!product) throw new Error(`no timed spot product for ${variant}`);
  // The clock carries microseconds, so the start never meets a seeded slot's (starts are unique per product).
  const [slot] = await rows<{ id: number }>(
    db,
    sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity)
        select ${product.id}, ${today}::date, s, s + interval '30 minutes', ${capacity}
        from (select app_clock_timestamp() + make_interval(mins => ${startsInMinutes}) as s) x
        returning id`,
  );
  const [option] = await rows<{ id: number; price: number }>(
    db,
    sql`select id, price from product_options where product_id = ${product.id} and type = 'admission' and price > 0
        order by position limit 1`,
  );
  if (!slot || !option) throw new Error('the spot slot was not made');
  return {
    productUuid: product.uuid,
    productId: product.id,
    timeSpanId: slot.id,
    adultOptionId: option.id,
    adultPrice: option.price,
  };
}

export function spotOrderBody(slot: SpotSlot, qrToken: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    lang: 'en',
    qr_token: qrToken,
    product_uuid: slot.productUuid,
    time_span_id: slot.timeSpanId,
    quantity,
    option_values: [{ option_value_id: slot.adultOptionId, quantity }],
    set_products: [],
    ...extra,
  };
}
