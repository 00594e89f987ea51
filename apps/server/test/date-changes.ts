import type { DateChangeSettings } from '@storefront/domain/date-change';
import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { clock } from '../src/lib/clock.ts';
import type { apiFor } from './api.ts';

/** Another slot of the same product, `offsetDays` or more ahead, reset to `capacity` with nothing sold or held. */
export async function otherSlot(db: Database, productId: number, offsetDays: number, capacity = 20): Promise<number> {
  const date = addDays(todayIn('Asia/Tokyo', clock.now()), offsetDays);
  const [slot] = await rows<{ id: number }>(
    db,
    sql`select t.id from product_time_spans t
        where t.product_id = ${productId} and t.date >= ${date}::date
          and not exists (select 1 from stock_holds h where h.time_span_id = t.id)
          and not exists (select 1 from orders o where o.time_span_id = t.id)
        order by t.date, t.starts_at limit 1`,
  );
  if (!slot) throw new Error(`no free slot of product ${productId} from ${date}`);
  await db.execute(sql`update product_time_spans set capacity = ${capacity}, sold = 0, held = 0 where id = ${slot.id}`);
  return slot.id;
}

/** Sets part of a site's date-change rules. */
export async function setDateChangeRules(db: Database, variant: string, rules: Partial<DateChangeSettings>): Promise<void> {
  await db.execute(sql`update sites set time_change = time_change || ${JSON.stringify(rules)}::jsonb where variant = ${variant}`);
}

/** Makes a change's hold lapse now, as if its hold time had passed. */
export async function lapse(db: Database, timechangeToken: string, hashToken: (token: string) => string): Promise<void> {
  const hash = hashToken(timechangeToken);
  await db.execute(sql`
    update stock_holds set expires_at = app_now() - interval '1 second'
    where order_id = (select id from time_changes where token_hash = ${hash})`);
  await db.execute(sql`update time_changes set expires_at = app_now() - interval '1 second' where token_hash = ${hash}`);
}

/** A slot's counters and its live holds (what readers count as taken). */
export async function slotState(db: Database, timeSpanId: number) {
  const [row] = await rows<{ sold: number; held: number; live: number }>(
    db,
    sql`select sold, held,
               coalesce((select sum(quantity) from stock_holds h where h.time_span_id = t.id and h.set_product_id is null
                         and h.released_at is null and h.expires_at > app_now()), 0)::int as live
        from product_time_spans t where t.id = ${timeSpanId}`,
  );
  if (!row) throw new Error('no such slot');
  return row;
}

/**
 * The visitor of `reservationToken` moves their free booking to a slot of the product `offsetDays`
 * ahead, through the API (create, then confirm). Answers the slot it moved to.
 */
export async function changeDateByApi(
  db: Database,
  api: ReturnType<typeof apiFor>,
  booking: { reservationToken: string; productId: number },
  offsetDays = 5,
): Promise<number> {
  const to = await otherSlot(db, booking.productId, offsetDays);
  const created = await api.post<{ time_change_token: string }>(`timechanges/tickets/${booking.reservationToken}`, {
    lang: 'en',
    time_span_id: to,
  });
  if (created.status !== 201) throw new Error(`the date change was refused: ${JSON.stringify(created.body)}`);
  const done = await api.post(`timechanges/${created.body.time_change_token}/confirm`, {
    reservation_token: booking.reservationToken,
  });
  if (done.status !== 200) throw new Error(`the date change was not confirmed: ${JSON.stringify(done.body)}`);
  return to;
}
