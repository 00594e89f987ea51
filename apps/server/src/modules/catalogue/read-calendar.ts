/** A venue's calendar for the console: its products, the slots of a range with stock and prices, and the days' colours. */
import type { CalendarQuery, CalendarView } from '@storefront/domain/console/calendar';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import { liveHeldQuantity } from '../stock/hold-places.ts';
import * as repo from './catalogue.repository.ts';

type SlotRow = Omit<CalendarView['slots'][number], 'prices'> & { prices: { option_id: number; price: number }[] | string | null };

export async function readCalendar(db: Database, site: Site, query: CalendarQuery): Promise<CalendarView> {
  const productRows = await repo.listProducts(db, site.id);
  const optionRows = await repo.listOptions(
    db,
    productRows.map((p) => p.id),
  );
  const byProduct = query.product_id === undefined ? sql`` : sql`and t.product_id = ${query.product_id}`;
  const slots = await rows<SlotRow>(
    db,
    sql`select t.id, t.product_id, t.date::text as date,
               to_char(t.starts_at at time zone ${site.timeZone}, 'HH24:MI') as start_time,
               to_char(t.ends_at at time zone ${site.timeZone}, 'HH24:MI') as end_time,
               t.capacity, t.sold, coalesce(h.held, 0)::int as held, t.is_on_sale as on_sale, t.ends_at <= app_now() as is_past,
               (select json_agg(json_build_object('option_id', sp.option_id, 'price', sp.price) order by sp.option_id)
                from slot_prices sp where sp.time_span_id = t.id) as prices
        from product_time_spans t
        join products p on p.id = t.product_id
        left join lateral (${liveHeldQuantity(sql`t.id`, null)}) h on true
        where p.site_id = ${site.id} and t.date between ${query.from}::date and ${query.to}::date ${byProduct}
        order by t.starts_at, t.product_id`,
  );
  const colors = await repo.listCalendarColors(db, site.id, query.from, query.to);
  return {
    from: query.from,
    to: query.to,
    time_zone: site.timeZone,
    products: productRows.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      archived: p.archivedAt !== null,
      options: optionRows
        .filter((o) => o.productId === p.id)
        .map((o) => ({ id: o.id, name: o.name, type: o.type, price: o.price })),
    })),
    slots: slots.map((s) => ({
      ...s,
      prices: typeof s.prices === 'string' ? JSON.parse(s.prices) : (s.prices ?? []),
    })),
    colors: colors.map((c) => ({ date: c.date, color_code: c.colorCode })),
  };
}
