/**
 * One change made to many of a venue's slots (or days) at once, from the console's calendar:
 * capacity, sale open or closed, per-slot option prices, or the shop calendar's colour of days.
 * Each is one set-based statement over the selection, so ten thousand slots cost about what one
 * does. A capacity cut is one conditional update (`sold + held <= capacity`): a visitor taking
 * places at the same moment waits for the slot's row lock and is then judged by the new capacity,
 * so the slot is never oversold and a cut never lands under what is sold and held.
 */
import type {
  CalendarChange,
  CalendarChangeBody,
  CalendarChangeResult,
  CalendarRefusal,
  CalendarSelection,
} from '@storefront/domain/console/calendar';
import { MAX_LISTED_REFUSALS } from '@storefront/domain/console/calendar';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { invalidField } from '../../http/errors.ts';
import type { Actor } from '../audit/record-audit.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { reclaimExpiredSlotHolds } from '../stock/hold-places.ts';
import { type CatalogueConsoleContext, changeCatalogue } from './catalogue-changes.ts';

/** An int[] literal as one parameter, however many ids. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The ids of the venue's slots a selection names, as a select to embed. */
export function selectedSlots(site: Pick<Site, 'id' | 'timeZone'>, selection: CalendarSelection): SQL {
  const filters: SQL[] = [sql`p.site_id = ${site.id}`];
  if (selection.slot_ids) filters.push(sql`t.id = any(${intArray(selection.slot_ids)})`);
  else {
    filters.push(sql`t.date between ${selection.from}::date and ${selection.to}::date`);
    if (selection.weekdays) filters.push(sql`extract(dow from t.date)::int = any(${intArray(selection.weekdays)})`);
    const local = sql`(t.starts_at at time zone ${site.timeZone})::time`;
    if (selection.time_from) filters.push(sql`${local} >= ${selection.time_from}::time`);
    if (selection.time_to) filters.push(sql`${local} < ${selection.time_to}::time`);
    if (selection.product_ids) filters.push(sql`t.product_id = any(${intArray(selection.product_ids)})`);
  }
  return sql`select t.id from product_time_spans t join products p on p.id = t.product_id where ${sql.join(filters, sql` and `)}`;
}

export type SelectedSlot = {
  id: number;
  productId: number;
  productName: Record<string, string>;
  date: string;
  startTime: string;
  isOver: boolean;
};

/** The slots a selection names, in time order, with their product's name and whether each is over. */
export async function selectedSlotList(db: Database, site: Site, selection: CalendarSelection): Promise<SelectedSlot[]> {
  const found = await rows<{
    id: number;
    product_id: number;
    name: Record<string, string>;
    date: string;
    start_time: string;
    is_over: boolean;
  }>(
    db,
    sql`select t.id, t.product_id, p.name, t.date::text as date,
               to_char(t.starts_at at time zone ${site.timeZone}, 'HH24:MI') as start_time, t.ends_at <= app_now() as is_over
        from product_time_spans t join products p on p.id = t.product_id
        where t.id in (${selectedSlots(site, selection)})
        order by t.starts_at, p.position, t.id`,
  );
  return found.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productName: r.name,
    date: r.date,
    startTime: r.start_time,
    isOver: r.is_over,
  }));
}

type SlotFacts = {
  id: number;
  product_id: number;
  date: string;
  start_time: string;
  sold: number;
  held: number;
  is_past: boolean;
};

/** The facts of some slots to explain a refusal or a notice, the first `limit` by time. */
async function slotFacts(tx: Database, site: Site, ids: SQL, limit: number): Promise<SlotFacts[]> {
  return rows<SlotFacts>(
    tx,
    sql`select t.id, t.product_id, t.date::text as date, to_char(t.starts_at at time zone ${site.timeZone}, 'HH24:MI') as start_time,
               t.sold, t.held, t.ends_at <= app_now() as is_past
        from product_time_spans t where t.id in (${ids})
        order by t.starts_at, t.product_id limit ${limit}`,
  );
}

const place = (s: SlotFacts) => ({
  slot_id: s.id,
  product_id: s.product_id,
  date: s.date,
  start_time: s.start_time,
  sold: s.sold,
  held: s.held,
});

type Refused = Pick<CalendarRefusal, 'code' | 'reason'>;

const PAST: Refused = { code: 'slot_over', reason: 'this slot is over; it was left as it was' };

/**
 * Makes the change to the selected slots in `tx` (the caller's transaction, which must also mark
 * the catalogue changed: `applyCalendarChange` does both). Refused slots are left as they were.
 */
export async function changeCalendar(tx: Database, site: Site, body: CalendarChangeBody): Promise<CalendarChangeResult> {
  const selected = selectedSlots(site, body.selection);
  const { change } = body;
  switch (change.kind) {
    case 'capacity':
      return changeCapacity(tx, site, selected, change.capacity);
    case 'sale':
      return changeSale(tx, site, selected, change.on_sale);
    case 'slot_prices':
      return changeSlotPrices(tx, site, selected, change.prices);
    case 'calendar_colors':
      return changeColors(tx, site, body.selection, selected, change.color_code);
  }
}

type Counted = { selected: number; changed: number };

async function refusalsOf(
  tx: Database,
  site: Site,
  selected: SQL,
  counted: Counted,
  reason: (slot: SlotFacts) => Refused,
  /** Why a selected slot `t` was left as it was, as a condition. */
  isRefused: SQL,
): Promise<Pick<CalendarChangeResult, 'refused' | 'refused_count'>> {
  const refusedCount = counted.selected - counted.changed;
  if (refusedCount === 0) return { refused: [], refused_count: 0 };
  const refused = await slotFacts(
    tx,
    site,
    sql`select t.id from product_time_spans t join (${selected}) s on s.id = t.id where ${isRefused}`,
    MAX_LISTED_REFUSALS,
  );
  return { refused_count: refusedCount, refused: refused.map((s): CalendarRefusal => ({ ...place(s), ...reason(s) })) };
}

async function changeCapacity(tx: Database, site: Site, selected: SQL, capacity: number): Promise<CalendarChangeResult> {
  // `held` counts expired holds until a writer reclaims them: give those back first, so a cut is
  // judged by the live holds only.
  await reclaimExpiredSlotHolds(tx, selected);
  const [counted] = await rows<Counted>(
    tx,
    sql`with sel as (${selected}), changed as (
          update product_time_spans t set capacity = ${capacity}
          from sel where t.id = sel.id and t.ends_at > app_now() and t.sold + t.held <= ${capacity}
          returning t.id
        )
        select (select count(*) from sel)::int as selected, (select count(*) from changed)::int as changed`,
  );
  const result = counted ?? { selected: 0, changed: 0 };
  // What was not changed: over, or sold and held above the new capacity (as it stands after the update).
  const refusals = await refusalsOf(
    tx,
    site,
    selected,
    result,
    (s): Refused =>
      s.is_past
        ? PAST
        : {
            code: 'below_sold_and_held',
            reason: `${s.sold} sold and ${s.held} held; capacity cannot go below ${s.sold + s.held}`,
          },
    sql`t.capacity <> ${capacity} or t.ends_at <= app_now()`,
  );
  return { ...result, unit: 'slots', ...refusals, with_tickets: [] };
}

async function changeSale(tx: Database, site: Site, selected: SQL, onSale: boolean): Promise<CalendarChangeResult> {
  const [counted] = await rows<Counted>(
    tx,
    sql`with sel as (${selected}), changed as (
          update product_time_spans t set is_on_sale = ${onSale}
          from sel where t.id = sel.id and t.ends_at > app_now()
          returning t.id
        )
        select (select count(*) from sel)::int as selected, (select count(*) from changed)::int as changed`,
  );
  const result = counted ?? { selected: 0, changed: 0 };
  const refusals = await refusalsOf(tx, site, selected, result, () => PAST, sql`t.ends_at <= app_now()`);
  // Closing sale leaves the tickets already sold valid: say where they are.
  const withTickets = onSale
    ? []
    : await slotFacts(
        tx,
        site,
        sql`select t.id from product_time_spans t join (${selected}) s on s.id = t.id where t.sold > 0 and t.ends_at > app_now()`,
        MAX_LISTED_REFUSALS,
      );
  return {
    ...result,
    unit: 'slots',
    ...refusals,
    with_tickets: withTickets.map((s) => ({
      ...place(s),
      notice: `${s.sold} tickets sold stay valid; cancel the slot's orders from Orders`,
    })),
  };
}

async function changeSlotPrices(
  tx: Database,
  site: Site,
  selected: SQL,
  prices: Extract<CalendarChange, { kind: 'slot_prices' }>['prices'],
): Promise<CalendarChangeResult> {
  const ids = prices.map((p) => p.option_id);
  const known = await rows<{ id: number }>(
    tx,
    sql`select o.id from product_options o join products p on p.id = o.product_id
        where p.site_id = ${site.id} and o.id = any(${intArray(ids)})`,
  );
  const unknown = ids.filter((id) => !known.some((k) => k.id === id));
  if (unknown.length > 0)
    throw invalidField('change.prices', `has option ${unknown.join(', ')}, which is not an option of this venue`);
  const values = sql`jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) as v(option_id int, price int)`;
  const [counted] = await rows<Counted>(
    tx,
    sql`with sel as (${selected}), pairs as (
          select t.id as time_span_id, v.option_id, v.price
          from sel join product_time_spans t on t.id = sel.id
          join product_options o on o.product_id = t.product_id
          join ${values} on v.option_id = o.id
          where t.ends_at > app_now()
        ), set_prices as (
          insert into slot_prices (time_span_id, option_id, price)
          select time_span_id, option_id, price from pairs where price is not null
          on conflict (time_span_id, option_id) do update set price = excluded.price
          returning time_span_id
        ), cleared as (
          delete from slot_prices sp using pairs
          where pairs.price is null and sp.time_span_id = pairs.time_span_id and sp.option_id = pairs.option_id
          returning sp.time_span_id
        )
        select (select count(*) from sel)::int as selected,
               (select count(distinct time_span_id) from pairs)::int as changed,
               (select count(*) from set_prices)::int + (select count(*) from cleared)::int as rows`,
  );
  const result = counted ? { selected: counted.selected, changed: counted.changed } : { selected: 0, changed: 0 };
  const refusals = await refusalsOf(
    tx,
    site,
    selected,
    result,
    (s) => (s.is_past ? PAST : { code: 'no_such_option', reason: "none of the options is an option of this slot's product" }),
    sql`t.ends_at <= app_now() or not exists (
          select 1 from product_options o where o.product_id = t.product_id and o.id = any(${intArray(ids)}))`,
  );
  return { ...result, unit: 'slots', ...refusals, with_tickets: [] };
}

async function changeColors(
  tx: Database,
  site: Site,
  selection: CalendarSelection,
  selected: SQL,
  colorCode: string | null,
): Promise<CalendarChangeResult> {
  // The days of the slots named, or the range's days of the chosen weekdays.
  const days = selection.slot_ids
    ? sql`select distinct t.date::date as day from product_time_spans t where t.id in (${selected})`
    : sql`select g::date as day from generate_series(${selection.from}::date, ${selection.to}::date, interval '1 day') g
          ${selection.weekdays ? sql`where extract(dow from g)::int = any(${intArray(selection.weekdays)})` : sql``}`;
  const write =
    colorCode === null
      ? sql`delete from calendar_colors c using days where c.site_id = ${site.id} and c.date = days.day returning c.date`
      : sql`insert into calendar_colors (site_id, date, color_code) select ${site.id}, day, ${colorCode.toLowerCase()} from days
            on conflict (site_id, date) do update set color_code = excluded.color_code returning date`;
  const [counted] = await rows<Counted>(
    tx,
    sql`with days as (${days}), written as (${write})
        select (select count(*) from days)::int as selected, (select count(*) from days)::int as changed`,
  );
  return { ...(counted ?? { selected: 0, changed: 0 }), unit: 'days', refused_count: 0, refused: [], with_tickets: [] };
}

/** What the audit log keeps of a selection: never ten thousand ids. */
function auditedSelection(selection: CalendarSelection): Record<string, unknown> {
  if (!selection.slot_ids) return { ...selection };
  return { slot_count: selection.slot_ids.length, first_slot_ids: selection.slot_ids.slice(0, 20) };
}

/**
 * The console's calendar change: one transaction that changes the slots, marks the venue's
 * catalogue changed (every process's shop answers follow) and records who did it with the
 * selection, the change and the counts.
 */
export async function applyCalendarChange(
  ctx: Pick<CatalogueConsoleContext, 'db' | 'catalogueChanges'>,
  site: Site,
  actor: Actor,
  body: CalendarChangeBody,
): Promise<CalendarChangeResult> {
  return changeCatalogue(ctx, site.id, async (tx) => {
    const result = await changeCalendar(tx, site, body);
    await recordAudit(tx, actor, {
      venue: { id: site.id, code: site.code },
      objectType: 'calendar',
      objectId: null,
      action: `${body.change.kind}_changed`,
      changes: {
        selection: auditedSelection(body.selection),
        change: body.change,
        selected: result.selected,
        changed: result.changed,
        refused: result.refused_count,
        ...(result.with_tickets.length > 0 ? { with_tickets: result.with_tickets.length } : {}),
      },
    });
    return result;
  });
}
