/**
 * What a slot series wants, as SQL: every (product, day, start) of the rule placed in the venue's
 * time zone, and each one's standing against the product's slots already there. Preview and apply
 * share it, so applying makes exactly the slots the preview called new.
 *
 * The day × start expansion is one `unnest` over arrays, and `(day + start) at time zone tz`
 * lets the database turn a venue-local wall-clock time into an instant, daylight saving included.
 */

import {
  MAX_SERIES_SLOTS,
  type SlotSeriesRule,
  type SlotSeriesRuleInput,
  SlotSeriesRule as SlotSeriesRuleSchema,
} from '@storefront/domain/console/slot-series';
import { todayIn } from '@storefront/domain/dates';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { invalidField } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import type { Site } from '../sites/site.ts';
import { type ExpandedSeries, expandSlotSeries } from './expand-slot-series.ts';

/** A PostgreSQL array literal of plain values (ints, ISO dates): one parameter, whatever the driver. */
const arrayOf = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * The checks that need the venue: dates from the venue's today, the products (of the venue, not
 * archived), and the size. With `lock`, the products' rows stay locked to the end of the
 * transaction, so two series applied at once for one product take turns and cannot both make an
 * overlapping slot.
 */
export async function checkSlotSeries(
  tx: Database,
  site: Site,
  input: SlotSeriesRule | SlotSeriesRuleInput,
  options: { lock: boolean },
): Promise<{ rule: SlotSeriesRule; expanded: ExpandedSeries }> {
  // Callers outside HTTP (the seed, the bench) pass a rule the route's contract has not parsed.
  const parsed = SlotSeriesRuleSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'rule';
    throw invalidField(field, issue?.message ?? 'is not valid');
  }
  const rule = parsed.data;
  if (rule.valid_from < todayIn(site.timeZone, clock.now()))
    throw invalidField('valid_from', 'must not be before today at the venue');
  const found = await rows<{ id: number; archived: boolean }>(
    tx,
    sql`select id, archived_at is not null as archived from products
        where site_id = ${site.id} and id = any(${arrayOf(rule.product_ids)}::int[])
        order by id ${options.lock ? sql`for no key update` : sql``}`,
  );
  const known = new Map(found.map((row) => [row.id, row.archived]));
  const unknown = rule.product_ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidField('product_ids', `names ${unknown}, which is not a product of this venue`);
  const archived = rule.product_ids.find((id) => known.get(id));
  if (archived !== undefined) throw invalidField('product_ids', `names ${archived}, an archived product`);
  const expanded = expandSlotSeries(rule);
  const total = expanded.slotCount * rule.product_ids.length;
  if (total > MAX_SERIES_SLOTS)
    throw invalidField(
      'valid_to',
      `makes ${total} slots, more than the ${MAX_SERIES_SLOTS} one series may make: shorten the span`,
    );
  return { rule, expanded };
}

/**
 * `wanted(product_id, date, starts_at, ends_at, status)`: the rule's slots with status `overlap`
 * (a slot of the product with another start overlaps it), `existing` (the product has a slot with
 * the same start) or `new`. Use as `with ${wantedSlots(...)} select … from wanted`.
 */
/** Whether the products have any slot from the day before the series' first day to the day after its last. */
export async function hasSlotsNear(tx: Database, rule: SlotSeriesRule, expanded: ExpandedSeries): Promise<boolean> {
  const dates = [...expanded.days, ...expanded.exceptionDays].sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return false;
  const [found] = await rows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from product_time_spans
                        where product_id = any(${arrayOf(rule.product_ids)}::int[])
                          and date between ${first}::date - 1 and ${last}::date + 1) as found`,
  );
  return found?.found ?? true;
}

/** `placed(product_id, date, starts_at)`: the rule's slots, placed in the venue's time zone. */
export function placedSlots(site: Site, rule: SlotSeriesRule, expanded: ExpandedSeries): SQL {
  return sql`placed as (
      select p.id as product_id, w.day as date,
             ((w.day + make_interval(mins => w.minute)) at time zone ${site.timeZone}) as starts_at
        from unnest(${arrayOf(rule.product_ids)}::int[]) as p(id)
        cross join (
          select d.day, t.minute
            from unnest(${arrayOf(expanded.days)}::date[]) as d(day)
            cross join unnest(${arrayOf(expanded.starts)}::int[]) as t(minute)
          union all
          select e.day, e.minute
            from unnest(${arrayOf(expanded.exceptionDays)}::date[], ${arrayOf(expanded.exceptionStarts)}::int[]) as e(day, minute)
        ) as w
    )`;
}

/**
 * Whether the placed slot `s` would overlap a slot of its product with another start. A slot is
 * at most a day long, so an overlapping one starts less than a day before.
 */
export function overlapsOther(rule: SlotSeriesRule): SQL {
  return sql`exists (select 1 from product_time_spans x
                      where x.product_id = s.product_id
                        and x.starts_at > s.starts_at - interval '1 day'
                        and x.starts_at < s.starts_at + make_interval(mins => ${rule.slot_minutes}::int)
                        and x.ends_at > s.starts_at
                        and x.starts_at <> s.starts_at)`;
}

/**
 * `wanted(product_id, date, starts_at, ends_at, status)`: the rule's slots with status `overlap`
 * (a slot of the product with another start overlaps it), `existing` (the product has a slot with
 * the same start) or `new`. Use as `with ${wantedSlots(...)} select … from wanted`.
 */
export function wantedSlots(site: Site, rule: SlotSeriesRule, expanded: ExpandedSeries): SQL {
  return sql`${placedSlots(site, rule, expanded)}, wanted as (
      select s.product_id, s.date, s.starts_at, s.starts_at + make_interval(mins => ${rule.slot_minutes}::int) as ends_at,
             -- In the order applying decides: an overlap is refused first, then a start already taken.
             case
               when ${overlapsOther(rule)} then 'overlap'
               when exists (select 1 from product_time_spans x
                             where x.product_id = s.product_id and x.starts_at = s.starts_at) then 'existing'
               else 'new'
             end as status
        from placed s
    )`;
}
