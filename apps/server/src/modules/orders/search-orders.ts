/**
 * The console's order search: a venue's completed orders (those with a reservation number) found
 * by one free text and narrowed by visit date, slot, product, standing and channel, a page at a
 * time or all of them for an export. Every kind of text is one indexed lookup (the expressions of
 * `searchKeys`, indexed in `orders.schema.ts`); the kinds a text could be are tried together.
 */
import { COUPON_CODE_PATTERN, normaliseCouponCode } from '@storefront/domain/console/coupons';
import {
  normaliseReservationNumber,
  ORDER_COUNT_LIMIT,
  type OrderSearchFilters,
  type OrderSearchPage,
  type OrderSearchQuery,
  type OrderSort,
  type OrderStanding,
  type OrderSummary,
  phoneDigits,
} from '@storefront/domain/console/order-search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { type SlotFacts, slotFactsOf, venueSlotTimes } from '../catalogue/catalogue-facts.ts';
import type { OrderReads } from './order-reads.ts';
import { searchKeys } from './orders.schema.ts';

export type SearchVenue = { id: number; timeZone: string; currency: string };
export type SearchOrder = { sort: OrderSort; direction: 'asc' | 'desc' };

const fields = sql`o.customer_fields`;
const completed = (siteId: number) => sql`o.site_id = ${siteId} and o.reservation_number is not null`;

/** A PostgreSQL array literal of texts, each quoted (a name may hold commas, quotes or braces). */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The lookups a free text could mean, each selecting order ids of the venue; none when it can mean nothing. */
async function textLookups(db: Database, reads: OrderReads, siteId: number, text: string): Promise<SQL[]> {
  const lookups: SQL[] = [];
  const number = normaliseReservationNumber(text);
  if (number) lookups.push(sql`select o.id from orders o where ${completed(siteId)} and o.reservation_number = ${number}`);
  if (text.includes('@')) {
    lookups.push(
      sql`select o.id from orders o where ${completed(siteId)} and ${searchKeys.email(fields)} = ${text.toLowerCase()}`,
    );
  }
  const digits = phoneDigits(text);
  if (/^[+\d\s().-]+$/.test(text) && digits.length >= 4) {
    lookups.push(sql`select o.id from orders o where ${completed(siteId)} and ${searchKeys.phone(fields)} = ${digits}`);
  }
  if (/^pay_[A-Za-z0-9_-]+$/.test(text)) {
    const orderId = await reads.orderIdByPaymentNumber(db, siteId, text);
    if (orderId) lookups.push(sql`select ${orderId}::uuid`);
  }
  const code = normaliseCouponCode(text);
  if (code.length >= 3 && COUPON_CODE_PATTERN.test(code)) {
    lookups.push(
      sql`select oc.order_id from order_coupons oc join coupons c on c.id = oc.coupon_id
          where c.site_id = ${siteId} and c.code = ${code}`,
    );
  }
  // A name has letters and no at sign (which makes the text an address).
  if (/\p{L}/u.test(text) && !text.includes('@')) {
    // Every word of the text is a word of the name, in any order ("yamada hanako" finds
    // "Hanako Yamada"), or the text begins the name written without spaces ("山田花" finds "山田 花子").
    const lower = text.toLowerCase();
    const words = lower.split(/[\s\u3000]+/).filter(Boolean);
    lookups.push(
      sql`select o.id from orders o where ${completed(siteId)} and ${searchKeys.nameWords(fields)} @> ${textArray(words)}::text[]`,
    );
    lookups.push(
      sql`select o.id from orders o where ${completed(siteId)} and ${searchKeys.name(fields)} like ${likePrefix(words.join(''))}`,
    );
  }
  return lookups;
}

function standingCondition(admissions: OrderReads['admissions'], standing: OrderStanding): SQL {
  const cancelled = admissions.hasCancelledAdmission(sql`o.id`);
  const standingOne = admissions.hasStandingAdmission(sql`o.id`);
  if (standing === 'completed') return sql`not (${cancelled})`;
  if (standing === 'partly_cancelled') return sql`${cancelled} and ${standingOne}`;
  return sql`${cancelled} and not ${standingOne}`;
}

/**
 * A search made into SQL: its conditions, the slots in time order when it sorts by visit, the
 * slots it read from the catalogue (by id), and whether the text narrowed it to a few orders.
 * `cancelledFirst`: the search asks for orders with a cancellation and nothing else it has is an
 * index that narrows it (a text, a slot, visit dates), so its orders are found from the
 * cancelled admissions (`unfiltered`: its conditions but the standing one; `sourceOf`).
 */
type Plan = {
  admissions: OrderReads['admissions'];
  where: SQL;
  slotRanks: SQL | null;
  slots: Map<number, SlotFacts> | null;
  isNarrow: boolean;
  cancelledFirst: { standing: 'partly_cancelled' | 'cancelled'; unfiltered: SQL } | null;
};

async function planSearch(
  db: Database,
  reads: OrderReads,
  venue: SearchVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
): Promise<Plan | null> {
  const conditions: SQL[] = [completed(venue.id)];
  if (filters.q !== undefined) {
    const lookups = await textLookups(db, reads, venue.id, filters.q);
    if (lookups.length === 0) return null;
    const matching = sql.join(lookups, sql` union all `);
    // The orders the text finds are looked up first, so the page is made from them alone; left
    // inside the statement, the planner may instead walk every order in the asked order, testing
    // each, when it guesses that many match. Past the counting limit (a coupon used that often), it may.
    const found = await rows<{ id: string }>(
      db,
      sql`select distinct h.id from (${matching}) as h(id) limit ${ORDER_COUNT_LIMIT + 1}`,
    );
    if (found.length === 0) return null;
    conditions.push(
      found.length > ORDER_COUNT_LIMIT
        ? sql`o.id in (${matching})`
        : sql`o.id = any(${`{${found.map((row) => row.id).join(',')}}`}::uuid[])`,
    );
  }
  if (filters.channel !== undefined) conditions.push(sql`o.channel = ${filters.channel}`);
  if (filters.product_id !== undefined) conditions.push(sql`o.product_id = ${filters.product_id}`);
  if (filters.time_span_id !== undefined) conditions.push(sql`o.time_span_id = ${filters.time_span_id}`);
  const byStanding = filters.status === undefined ? [] : [standingCondition(reads.admissions, filters.status)];

  let slots: SlotFacts[] | null = null;
  if (filters.from !== undefined || filters.to !== undefined) {
    slots = await venueSlotTimes(db, venue.id, { from: filters.from, to: filters.to, productId: filters.product_id });
    if (slots.length === 0) return null;
    conditions.push(sql`o.time_span_id = any(${intArray(slots.map((slot) => slot.id))}::int[])`);
  }
  let slotRanks: SQL | null = null;
  if (order.sort === 'visit') {
    // The catalogue knows when each slot is; its order joins the orders as a rank per slot.
    slots ??=
      filters.time_span_id !== undefined
        ? [...(await slotFactsOf(db, [filters.time_span_id])).values()]
        : await venueSlotTimes(db, venue.id, { productId: filters.product_id });
    if (slots.length === 0) return null;
    slotRanks = sql`unnest(${intArray(slots.map((slot) => slot.id))}::int[], ${intArray(slots.map((_, rank) => rank))}::int[])`;
  }
  const isIndexed =
    filters.q !== undefined || filters.time_span_id !== undefined || filters.from !== undefined || filters.to !== undefined;
  return {
    admissions: reads.admissions,
    where: sql.join([...conditions, ...byStanding], sql` and `),
    slotRanks,
    slots: slots ? new Map(slots.map((slot) => [slot.id, slot])) : null,
    isNarrow: filters.q !== undefined,
    cancelledFirst:
      (filters.status === 'partly_cancelled' || filters.status === 'cancelled') && !isIndexed
        ? { standing: filters.status, unfiltered: sql.join(conditions, sql` and `) }
        : null,
  };
}

const fromClause = (plan: Plan) =>
  plan.slotRanks ? sql`orders o join ${plan.slotRanks} as s(id, rank) on s.id = o.time_span_id` : sql`orders o`;

/**
 * The orders a statement starts from, as `o` (beside `s`, the slots' ranks, when it sorts by
 * visit), and the conditions they must still meet. Orders with a cancellation are few: a search
 * for them alone starts from the small index of cancelled admissions, each order looked up by its
 * id, rather than reading every order of the venue to find them. The lookup keeps its `limit 1`
 * (an id is one order) so that the planner leaves it a lookup per cancelled order. Every order has
 * at least as many admissions as cancelled ones, so "no more" means all of them cancelled.
 */
function sourceOf(plan: Plan): { from: SQL; where: SQL } {
  if (!plan.cancelledFirst) return { from: fromClause(plan), where: plan.where };
  const { standing, unfiltered } = plan.cancelledFirst;
  const admissions = plan.admissions.admissionTotal(sql`o.id`);
  const test = standing === 'partly_cancelled' ? sql`${admissions} > x.cancelled` : sql`${admissions} <= x.cancelled`;
  const found = sql`${plan.admissions.cancelledAdmissionsByOrder()} as x(order_id, cancelled)
        cross join lateral (select o.id, o.completed_at, o.time_span_id from orders o
                            where o.id = x.order_id and ${unfiltered} and ${test} limit 1) as o`;
  return {
    from: plan.slotRanks ? sql`${found} join ${plan.slotRanks} as s(id, rank) on s.id = o.time_span_id` : found,
    where: sql`true`,
  };
}

/** How many orders the plan matches, up to the counting limit. */
function countStatement(plan: Plan): SQL {
  const { from, where } = sourceOf(plan);
  return sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${ORDER_COUNT_LIMIT + 1}) c`;
}

async function countPlan(db: Database, plan: Plan): Promise<number> {
  const [counted] = await rows<{ n: number }>(db, countStatement(plan));
  return counted?.n ?? 0;
}

/** How many of a venue's orders match the filters, up to the counting limit (a page's `total` before it is capped). */
export async function countOrders(
  db: Database,
  reads: OrderReads,
  venue: SearchVenue,
  filters: OrderSearchFilters,
): Promise<number> {
  const plan = await planSearch(db, reads, venue, filters, { sort: 'completed_at', direction: 'desc' });
  return plan ? countPlan(db, plan) : 0;
}

/** The same order again over the chosen page's columns. */
function pageOrder(order: SearchOrder): SQL {
  const direction = order.direction === 'desc' ? 'desc nulls last' : 'asc nulls first';
  return sql.raw(['page.rank', 'page.completed_at', 'page.id'].map((key) => `${key} ${direction}`).join(', '));
}

function orderClause(order: SearchOrder): SQL {
  // Completed orders always have a completion time; the index keeps them newest first.
  const keys = order.sort === 'visit' ? ['s.rank', 'o.completed_at', 'o.id'] : ['o.completed_at', 'o.id'];
  const direction = order.direction === 'desc' ? 'desc nulls last' : 'asc nulls first';
  return sql.raw(keys.map((key) => `${key} ${direction}`).join(', '));
}

type RawRow = {
  id: string;
  reservation_number: string;
  customer_fields: Record<string, string> | null;
  product_id: number;
  time_span_id: number;
  quantity: number;
  total: number;
  channel: string;
  completed_at: Date | string | null;
  admissions: number;
  cancelled: number;
  /** The keys an export pages by, exactly as stored. */
  cursor_completed_at: string;
  cursor_rank: number | null;
  /** How many orders match in all, where the page's own statement counts them (else null). */
  matching: number | null;
};

/**
 * The keys of a page's orders (`id`, `completed_at`, `rank`, `matching`). Sorted by visit, with
 * no text to narrow it, a page reads each slot's orders in the index's order only as far as the
 * page can reach (its offset and size), slot after slot, rather than every matching order sorted.
 */
function pageKeys(plan: Plan, extra: SQL | null, order: SearchOrder, limit: number, offset: number): SQL {
  if (plan.slotRanks && !plan.isNarrow && !plan.cancelledFirst && extra === null) {
    const direction = sql.raw(order.direction === 'desc' ? 'desc nulls last' : 'asc nulls first');
    return sql`select o.id, o.completed_at, s.rank as rank, null::int as matching
               from ${plan.slotRanks} as s(id, rank)
               cross join lateral (select o.id, o.completed_at from orders o
                                   where o.time_span_id = s.id and ${plan.where}
                                   order by o.completed_at ${direction}, o.id ${direction}
                                   limit ${offset + limit}) as o
               order by ${orderClause(order)}
               limit ${limit} offset ${offset}`;
  }
  const { from, where } = sourceOf(plan);
  const matching = plan.cancelledFirst ? sql`count(*) over ()` : sql`null::int`;
  return sql`select o.id, o.completed_at, ${plan.slotRanks ? sql`s.rank` : sql`null::int`} as rank, ${matching} as matching
             from ${from}
             where ${where} ${extra ? sql`and ${extra}` : sql``}
             order by ${orderClause(order)}
             limit ${limit} offset ${offset}`;
}

/**
 * A page: its orders chosen by their keys first (from the indexes alone where the filters allow),
 * then only those orders read, with their admissions counted. A search that starts from the
 * cancelled admissions reads every order it matches to choose the page anyway, so the same
 * statement counts them (`matching`) rather than a second one reading them all again.
 */
function selectRows(plan: Plan, extra: SQL | null, order: SearchOrder, limit: number, offset: number) {
  return sql`select o.id, o.reservation_number, o.customer_fields, o.product_id, o.time_span_id, o.quantity, o.total,
                    o.channel, o.completed_at, o.completed_at::text as cursor_completed_at, page.rank as cursor_rank,
                    c.admissions, c.cancelled, page.matching::int as matching
             from (${pageKeys(plan, extra, order, limit, offset)}) page
             join orders o on o.id = page.id
             cross join lateral ${plan.admissions.admissionCounts(sql`o.id`)} as c
             order by ${pageOrder(order)}`;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The page's rows with their product and slot (one read of the catalogue, unless the search read them already). */
async function summarise(db: Database, found: RawRow[], known: Map<number, SlotFacts> | null): Promise<OrderSummary[]> {
  const slots =
    known && found.every((row) => known.has(row.time_span_id))
      ? known
      : await slotFactsOf(
          db,
          found.map((row) => row.time_span_id),
        );
  return found.map((row) => {
    const slot = slots.get(row.time_span_id);
    const status: OrderStanding =
      row.cancelled === 0 ? 'completed' : row.cancelled < row.admissions ? 'partly_cancelled' : 'cancelled';
    return {
      id: row.id,
      reservation_number: row.reservation_number,
      name: text(row.customer_fields?.fullname),
      email: text(row.customer_fields?.email),
      phone: text(row.customer_fields?.phone),
      product_id: row.product_id,
      product_name: slot?.productName ?? {},
      slot_id: row.time_span_id,
      visit_date: slot?.date ?? null,
      visit_starts_at: slot ? iso(slot.startsAt) : null,
      visit_ends_at: slot ? iso(slot.endsAt) : null,
      quantity: row.quantity,
      total: row.total,
      status,
      channel: row.channel,
      completed_at: iso(row.completed_at),
    };
  });
}

/** One page of a venue's orders matching the query, with how many match (counted up to a limit). */
export async function searchOrders(
  db: Database,
  reads: OrderReads,
  venue: SearchVenue,
  query: OrderSearchQuery,
): Promise<OrderSearchPage> {
  const order = { sort: query.sort, direction: query.direction };
  const base = { page: query.page, size: query.size, currency: venue.currency, time_zone: venue.timeZone };
  const plan = await planSearch(db, reads, venue, query, order);
  if (!plan) return { ...base, orders: [], total: 0, is_total_capped: false };
  const offset = (query.page - 1) * query.size;
  const count = () => countPlan(db, plan);
  // Without a text, many orders may match: they are counted while the page is read. A text finds a
  // few, and a page that is not full tells how many without counting them. Orders with a
  // cancellation alone are counted by the page's own statement (a page past the last has no row to say).
  const counting = plan.isNarrow || plan.cancelledFirst ? null : count();
  // Awaited below; a failed page read must not leave its failure unhandled.
  counting?.catch(() => undefined);
  const found = await rows<RawRow>(db, selectRows(plan, null, order, query.size, offset));
  const isFullyKnown = found.length < query.size && (found.length > 0 || offset === 0);
  const counted = found[0]?.matching ?? null;
  const [orders, matching] = await Promise.all([
    summarise(db, found, plan.slots),
    counting ?? counted ?? (isFullyKnown ? offset + found.length : count()),
  ]);
  return {
    ...base,
    orders,
    total: Math.min(matching, ORDER_COUNT_LIMIT),
    is_total_capped: matching > ORDER_COUNT_LIMIT,
  };
}

const EXPORT_BATCH = 1000;

/**
 * Every order matching the filters in the asked order, a thousand at a time, each batch after the
 * last one's keys (an export of a million orders never skips through earlier ones).
 */
export async function* ordersForExport(
  db: Database,
  reads: OrderReads,
  venue: SearchVenue,
  filters: OrderSearchFilters,
  order: SearchOrder,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<OrderSummary[]> {
  const plan = await planSearch(db, reads, venue, filters, order);
  if (!plan) return;
  const after = order.direction === 'desc' ? sql`<` : sql`>`;
  let last: RawRow | undefined;
  for (;;) {
    let extra: SQL = sql`o.completed_at is not null`;
    if (last) {
      extra =
        last.cursor_rank === null
          ? sql`${extra} and (o.completed_at, o.id) ${after} (${last.cursor_completed_at}::timestamptz, ${last.id}::uuid)`
          : sql`${extra} and (s.rank, o.completed_at, o.id) ${after} (${last.cursor_rank}::int, ${last.cursor_completed_at}::timestamptz, ${last.id}::uuid)`;
    }
    const found = await rows<RawRow>(db, selectRows(plan, extra, order, batchSize, 0));
    if (found.length === 0) return;
    yield await summarise(db, found, plan.slots);
    if (found.length < batchSize) return;
    last = found.at(-1);
  }
}
