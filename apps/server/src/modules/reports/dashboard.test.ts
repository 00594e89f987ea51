/**
 * The dashboard's figures (issue 18 part 1, decision 023) on a generated data set of two venues:
 * orders over several days with products, options, set products, coupons, methods and channels,
 * refunds and date changes, some of them outside the range or not counted at all. Every figure is
 * compared with a sum computed here in plain JS over the generated rows: from the orders alone, with
 * part of the days summarised, and with all of them summarised. Then the routes' refusals.
 */
import type { BreakdownRow, Dashboard, OccupancyCell, SalesTotals } from '@storefront/domain/console/reports';
import { addDays, startOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import { readDashboard } from './dashboard.ts';
import { summariseClosedDays } from './dashboard-days.ts';

// Far from today, so no clock reaches them by itself: Monday 3 to Friday 7 March 2031.
const RANGE = { from: '2031-03-03', to: '2031-03-07' };
const PREVIOUS = { from: '2031-02-26', to: '2031-03-02' };
/** Days orders are made on: the range, the previous range, and last week before it. */
const ORDER_DAYS = ['2031-02-24', '2031-02-27', '2031-03-01', '2031-03-02', ...dates(RANGE.from, RANGE.to), '2031-03-08'];
const SLOT_HOURS = [10, 11, 14];
const LANG = 'en';

function dates(from: string, to: string): string[] {
  const all: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) all.push(day);
  return all;
}

/** A small deterministic generator, so a failing run can be read again. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

type Piece = { id: number; quantity: number; unit_price: number };
type MadeOrder = {
  siteId: number;
  day: string;
  counted: boolean;
  channel: string;
  method: string | null;
  productId: number;
  quantity: number;
  options: Piece[];
  sets: Piece[];
  discount: number;
  total: number;
  coupons: string[];
};
type MadeRefund = { siteId: number; day: string; amount: number; status: string };
type MadeChange = { siteId: number; day: string; toPay: number; status: string };
type MadeSlot = { siteId: number; date: string; hour: number; capacity: number; sold: number };

type VenueFixture = {
  site: Site;
  productIds: number[];
  optionsOf: Map<number, { id: number; price: number }[]>;
  setIds: number[];
  methods: string[];
  coupons: string[];
};

describeEachEngine('dashboard figures', (ctx) => {
  const server = useTestApp(ctx);
  const orders: MadeOrder[] = [];
  const refunds: MadeRefund[] = [];
  const changes: MadeChange[] = [];
  const slots: MadeSlot[] = [];
  const venues: VenueFixture[] = [];
  let manager: ConsoleClient;

  async function fixtureOf(db: Database, code: string): Promise<VenueFixture> {
    // What the dashboard reads of a venue.
    const [found] = await rows<Pick<Site, 'id' | 'code' | 'timeZone' | 'currency'>>(
      db,
      sql`select id, code, time_zone as "timeZone", currency from sites where code = ${code}`,
    );
    if (!found) throw new Error(`no venue ${code}`);
    const products = await rows<{ id: number }>(
      db,
      sql`select id from products where site_id = ${found.id} order by position, id limit 2`,
    );
    const optionsOf = new Map<number, { id: number; price: number }[]>();
    for (const product of products) {
      optionsOf.set(
        product.id,
        await rows<{ id: number; price: number }>(
          db,
          sql`select id, price from product_options where product_id = ${product.id} order by position, id`,
        ),
      );
    }
    const [main] = products;
    if (!main) throw new Error(`venue ${code} has no product`);
    const sets = await rows<{ id: number }>(
      db,
      sql`insert into set_products (main_product_id, key, position, name, description, price, capacity_per_slot)
          values (${main.id}, 'report-guide', 90, '{"en":"Audio guide","ja":"音声ガイド"}', '{}', 500, 100),
                 (${main.id}, 'report-book', 91, '{"en":"Catalogue book","ja":"図録"}', '{}', 2000, 100)
          returning id`,
    );
    const methods = await rows<{ method: string }>(
      db,
      sql`select distinct method from payment_methods where site_id = ${found.id} order by method`,
    );
    const coupons = [`${code.toUpperCase()}-SPRING`, `${code.toUpperCase()}-VIP`];
    for (const coupon of coupons) {
      await db.execute(
        sql`insert into coupons (site_id, code, name, discount_type, discount_amount, coverage_from, coverage_to, expires_at, channels)
            values (${found.id}, ${coupon}, ${JSON.stringify({ en: `Coupon ${coupon}`, ja: `クーポン ${coupon}` })}::jsonb, 'fixed', 300,
                    '2031-01-01', '2031-12-31', '2032-01-01T00:00:00Z', '{web,spot}')`,
      );
    }
    return {
      site: found as Site,
      productIds: products.map((p) => p.id),
      optionsOf,
      setIds: sets.map((s) => s.id),
      methods: [...methods.map((m) => m.method), 'unlisted_method'],
      coupons,
    };
  }

  /** A local wall-clock time of a venue's day as an instant. */
  const at = (venue: VenueFixture, day: string, hour: number, minute = 0) =>
    new Date(startOfDayIn(day, venue.site.timeZone).getTime() + (hour * 60 + minute) * 60_000);

  beforeAll(async () => {
    const db = ctx.db;
    for (const code of ['demo', 'cafe-lumen']) venues.push(await fixtureOf(db, code));
    const pick = generator(20310303);
    let serial = 0;
    for (const venue of venues) {
      // Slots of every order day, three hours a day, for each product.
      const slotIds = new Map<string, number>();
      for (const productId of venue.productIds) {
        for (const day of ORDER_DAYS) {
          for (const hour of SLOT_HOURS) {
            const capacity = 20 + pick(30);
            const sold = pick(capacity + 1);
            const [slot] = await rows<{ id: number }>(
              db,
              sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
                  values (${productId}, ${day}, ${at(venue, day, hour).toISOString()}, ${at(venue, day, hour + 1).toISOString()},
                          ${capacity}, ${sold}) returning id`,
            );
            slotIds.set(`${productId} ${day} ${hour}`, slot?.id ?? 0);
            slots.push({ siteId: venue.site.id, date: day, hour, capacity, sold });
          }
        }
      }
      for (const day of ORDER_DAYS) {
        const count = 3 + pick(5);
        for (let n = 0; n < count; n++) {
          serial += 1;
          const productId = venue.productIds[pick(venue.productIds.length)] ?? 0;
          const optionChoices = venue.optionsOf.get(productId) ?? [];
          const options = optionChoices
            .filter(() => pick(3) > 0)
            .map((o) => ({ id: o.id, quantity: 1 + pick(3), unit_price: o.price }));
          const quantity = Math.max(
            1,
            options.reduce((sum, o) => sum + o.quantity, 0),
          );
          const sets =
            productId === venue.productIds[0] && pick(2) === 0
              ? [{ id: venue.setIds[pick(2)] ?? 0, quantity: 1 + pick(2), unit_price: 500 }]
              : [];
          const subtotal = [...options, ...sets].reduce((sum, p) => sum + p.quantity * p.unit_price, 0) + 1000;
          const coupons = pick(3) === 0 ? [venue.coupons[pick(2)] ?? ''] : [];
          if (coupons.length > 0 && pick(4) === 0) coupons.push(...venue.coupons.filter((c) => !coupons.includes(c)));
          const discount = coupons.length * 300;
          // The first order of each day is completed a minute before the day ends (the venue's midnight counts).
          const minute = n === 0 ? 23 * 60 + 59 : 9 * 60 + pick(600);
          const completedAt = at(venue, day, 0, minute);
          const abandoned = n === 1 && pick(2) === 0;
          const order: MadeOrder = {
            siteId: venue.site.id,
            day,
            counted: !abandoned,
            channel: pick(3) === 0 ? 'spot' : 'web',
            method: pick(6) === 0 ? null : (venue.methods[pick(venue.methods.length)] ?? null),
            productId,
            quantity,
            options,
            sets,
            discount,
            total: subtotal - discount,
            coupons,
          };
          const slot = slotIds.get(`${productId} ${day} ${SLOT_HOURS[pick(SLOT_HOURS.length)]}`);
          const [made] = await rows<{ id: string }>(
            db,
            sql`insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity, option_values,
                                    set_products, payment_method, subtotal, discount, total, expires_at, completed_at, reservation_number)
                values (${venue.site.id}, ${`report-token-${serial}`}, ${abandoned ? 'cancelled' : 'completed'}, ${order.channel}, 'ja',
                        ${productId}, ${slot}, ${quantity},
                        ${JSON.stringify(options.map((o) => ({ option_value_id: o.id, quantity: o.quantity, unit_price: o.unit_price })))}::jsonb,
                        ${JSON.stringify(sets.map((s) => ({ set_product_id: s.id, quantity: s.quantity, unit_price: s.unit_price })))}::jsonb,
                        ${order.method}, ${subtotal}, ${discount}, ${order.total}, ${completedAt.toISOString()},
                        ${abandoned ? null : completedAt.toISOString()}, ${abandoned ? null : `RPT${String(serial).padStart(7, '0')}`})
                returning id`,
          );
          for (const code of coupons) {
            await db.execute(
              sql`insert into order_coupons (order_id, coupon_id)
                  select ${made?.id}::uuid, id from coupons where site_id = ${venue.site.id} and code = ${code}`,
            );
          }
          orders.push(order);
          // Refunds of some orders, two days later: succeeded ones count, failed and pending ones do not.
          // The first order of 3 March is refunded and re-dated for sure, so every venue's range has both.
          const certain = n === 0 && day === RANGE.from;
          if (!abandoned && (certain || pick(5) === 0)) {
            const status = certain
              ? 'succeeded'
              : ((['succeeded', 'succeeded', 'failed', 'pending'] as const)[pick(4)] ?? 'succeeded');
            const settledDay = addDays(day, 2);
            const amount = 100 + pick(order.total - 99);
            await db.execute(
              sql`insert into refunds (order_id, site_id, kind, amount, currency, status, idempotency_key, reason, requested_by, settled_at)
                  values (${made?.id}::uuid, ${venue.site.id}, 'outside', ${amount}, 'JPY', ${status}, ${`report-refund-${serial}`},
                          'test', 'staff', ${status === 'pending' ? null : at(venue, settledDay, 11).toISOString()})`,
            );
            refunds.push({ siteId: venue.site.id, day: settledDay, amount, status });
          }
          // Date changes a day later: completed ones count, expired ones do not.
          if (!abandoned && (certain || pick(6) === 0)) {
            const status = !certain && pick(3) === 0 ? 'expired' : 'completed';
            const changeDay = addDays(day, 1);
            const toPay = pick(2) * 500 + 200;
            await db.execute(
              sql`insert into time_changes (order_id, token_hash, status, from_time_span_id, to_time_span_id, quantity, lang, paid,
                                            new_subtotal, new_discount, new_total, fee, to_pay, to_refund, resulting_total, expires_at,
                                            completed_at)
                  values (${made?.id}::uuid, ${`report-change-${serial}`}, ${status}, ${slot}, ${slot}, ${quantity}, 'ja', ${order.total},
                          ${subtotal}, ${discount}, ${order.total}, 200, ${toPay}, 0, ${order.total + toPay},
                          ${at(venue, changeDay, 12).toISOString()},
                          ${status === 'completed' ? at(venue, changeDay, 10).toISOString() : null})`,
            );
            changes.push({ siteId: venue.site.id, day: changeDay, toPay, status });
          }
        }
      }
    }
    const team = await makeTeam(db, { rights: ['reports:read'] });
    const staff = await makeStaff(db, { teamIds: [team.id] });
    manager = consoleClient(server.app);
    await signIn(manager, staff.email);
  }, 120_000);

  // What the figures must be, summed here over the generated rows.
  function expectedTotals(siteIds: number[], range: { from: string; to: string }): SalesTotals {
    const inRange = (x: { siteId: number; day: string }) =>
      siteIds.includes(x.siteId) && x.day >= range.from && x.day <= range.to;
    const sold = orders.filter((o) => o.counted && inRange(o));
    const refunded = refunds.filter((r) => r.status === 'succeeded' && inRange(r));
    const changed = changes.filter((c) => c.status === 'completed' && inRange(c));
    return {
      amount: sold.reduce((s, o) => s + o.total, 0),
      orders: sold.length,
      tickets: sold.reduce((s, o) => s + o.quantity, 0),
      discount: sold.reduce((s, o) => s + o.discount, 0),
      coupon_orders: sold.filter((o) => o.coupons.length > 0).length,
      refunds: refunded.length,
      refunded_amount: refunded.reduce((s, r) => s + r.amount, 0),
      date_changes: changed.length,
      date_change_amount: changed.reduce((s, c) => s + c.toPay, 0),
    };
  }

  async function expectedLabels(siteIds: number[]) {
    const products = await rows<{ id: number; name: Record<string, string> }>(
      ctx.db,
      sql`select id, name from products where site_id in (${sql.join(
        siteIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const options = await rows<{ id: number; name: Record<string, string> }>(
      ctx.db,
      sql`select o.id, o.name from product_options o join products p on p.id = o.product_id
          where p.site_id in (${sql.join(
            siteIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const texts = await rows<{ key: string; value: string }>(
      ctx.db,
      sql`select key, value from texts where site_id = ${siteIds[0]} and lang = ${LANG} and key like 'payment_method_%'`,
    );
    return {
      product: new Map(products.map((p) => [String(p.id), localize(p.name, LANG)])),
      option: new Map(options.map((o) => [String(o.id), localize(o.name, LANG)])),
      text: new Map(texts.map((t) => [t.key, t.value])),
    };
  }

  async function expectBreakdowns(answer: Dashboard, siteIds: number[], range: { from: string; to: string }) {
    const sold = orders.filter((o) => o.counted && siteIds.includes(o.siteId) && o.day >= range.from && o.day <= range.to);
    const sum = (entries: Array<{ key: string; orders: number; quantity: number; amount: number }>) => {
      const out: Record<string, { orders: number; quantity: number; amount: number }> = {};
      for (const e of entries) {
        const row = out[e.key] ?? { orders: 0, quantity: 0, amount: 0 };
        row.orders += e.orders;
        row.quantity += e.quantity;
        row.amount += e.amount;
        out[e.key] = row;
      }
      return out;
    };
    const numbers = (rows: BreakdownRow[]) =>
      Object.fromEntries(rows.map((r) => [r.key, { orders: r.orders, quantity: r.quantity, amount: r.amount }]));
    expect(numbers(answer.products)).toEqual(
      sum(sold.map((o) => ({ key: String(o.productId), orders: 1, quantity: o.quantity, amount: o.total }))),
    );
    expect(numbers(answer.channels)).toEqual(
      sum(sold.map((o) => ({ key: o.channel, orders: 1, quantity: o.quantity, amount: o.total }))),
    );
    expect(numbers(answer.payment_methods)).toEqual(
      sum(sold.map((o) => ({ key: o.method ?? '', orders: 1, quantity: o.quantity, amount: o.total }))),
    );
    expect(numbers(answer.options)).toEqual(
      sum(
        sold.flatMap((o) =>
          o.options.map((p) => ({ key: String(p.id), orders: 1, quantity: p.quantity, amount: p.quantity * p.unit_price })),
        ),
      ),
    );
    // An order names a set product once at most.
    expect(numbers(answer.set_products)).toEqual(
      sum(
        sold.flatMap((o) =>
          o.sets.map((p) => ({ key: String(p.id), orders: 1, quantity: p.quantity, amount: p.quantity * p.unit_price })),
        ),
      ),
    );
    expect(numbers(answer.coupons)).toEqual(
      sum(sold.flatMap((o) => o.coupons.map((code) => ({ key: code, orders: 1, quantity: 1, amount: o.discount })))),
    );
    // Busiest first.
    for (const list of [answer.products, answer.options, answer.channels, answer.payment_methods, answer.coupons]) {
      expect(list.map((r) => r.amount)).toEqual([...list.map((r) => r.amount)].sort((a, b) => b - a));
    }
    const labels = await expectedLabels(siteIds);
    for (const row of answer.products) expect(row.label).toBe(labels.product.get(row.key));
    for (const row of answer.options) expect(row.label).toBe(labels.option.get(row.key));
    for (const row of answer.set_products) expect(['Audio guide', 'Catalogue book']).toContain(row.label);
    for (const row of answer.coupons) expect(row.label).toBe(`Coupon ${row.key}`);
    for (const row of answer.channels) expect(row.label).toBe(row.key);
    if (siteIds.length === 1) {
      // As the shop names them: the method's text, or its detailed text where two methods shown share a name.
      const named = answer.payment_methods
        .filter((row) => row.key !== '')
        .map(
          (row) => labels.text.get(`payment_method_${row.key}`) ?? labels.text.get(`payment_method_${row.key}_detail`) ?? row.key,
        );
      for (const row of answer.payment_methods) {
        if (row.key === '') {
          expect(row.label).toBe('');
          continue;
        }
        const name =
          labels.text.get(`payment_method_${row.key}`) ?? labels.text.get(`payment_method_${row.key}_detail`) ?? row.key;
        const shared = named.filter((n) => n === name).length > 1;
        expect(row.label).toBe(shared ? (labels.text.get(`payment_method_${row.key}_detail`) ?? name) : name);
      }
    }
  }

  function expectDays(answer: Dashboard, siteIds: number[], range: { from: string; to: string }) {
    expect(answer.daily).toEqual(
      dates(range.from, range.to).map((date) => {
        const t = expectedTotals(siteIds, { from: date, to: date });
        return { date, amount: t.amount, orders: t.orders, tickets: t.tickets, refunded_amount: t.refunded_amount };
      }),
    );
    const cells = new Map<string, OccupancyCell>();
    for (const slot of slots) {
      if (!siteIds.includes(slot.siteId) || slot.date < range.from || slot.date > range.to) continue;
      const cell = cells.get(`${slot.date} ${slot.hour}`) ?? { date: slot.date, hour: slot.hour, capacity: 0, sold: 0 };
      cell.capacity += slot.capacity;
      cell.sold += slot.sold;
      cells.set(`${slot.date} ${slot.hour}`, cell);
    }
    expect(answer.occupancy).toEqual(
      [...cells.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.hour - b.hour)),
    );
  }

  async function expectWholeDashboard(siteIds: number[], answer: Dashboard) {
    expect(answer.range).toEqual(RANGE);
    expect(answer.previous_range).toEqual(PREVIOUS);
    expect(answer.totals).toEqual(expectedTotals(siteIds, RANGE));
    expect(answer.previous_totals).toEqual(expectedTotals(siteIds, PREVIOUS));
    // The data set is not empty where it matters.
    expect(answer.totals.orders).toBeGreaterThan(10);
    expect(answer.totals.refunds).toBeGreaterThan(0);
    expect(answer.totals.date_changes).toBeGreaterThan(0);
    expect(answer.totals.coupon_orders).toBeGreaterThan(0);
    expect(answer.set_products.length).toBeGreaterThan(0);
    expectDays(answer, siteIds, RANGE);
    await expectBreakdowns(answer, siteIds, RANGE);
  }

  const demo = () => venues[0] as VenueFixture;
  const cafe = () => venues[1] as VenueFixture;

  async function venueAnswer(code: string): Promise<Dashboard> {
    const answer = await manager.get<Dashboard>(
      `venues/${code}/reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&lang=${LANG}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  async function everyCheck() {
    const one = await venueAnswer('demo');
    expect(one.venues).toEqual(['demo']);
    expect(one.time_zone).toBe(demo().site.timeZone);
    await expectWholeDashboard([demo().site.id], one);
    await expectWholeDashboard([cafe().site.id], await venueAnswer('cafe-lumen'));
    const across = await manager.get<Dashboard>(
      `reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&venues=demo,cafe-lumen&lang=${LANG}`,
    );
    expect(across.status, JSON.stringify(across.body)).toBe(200);
    expect(across.body.venues).toEqual(['demo', 'cafe-lumen']);
    await expectWholeDashboard([demo().site.id, cafe().site.id], across.body);
    // Without `venues`: every venue where the member may read the figures (all of them here).
    const all = await manager.get<Dashboard>(`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&lang=${LANG}`);
    expect(all.status).toBe(200);
    expect(all.body.venues).toEqual(expect.arrayContaining(['demo', 'cafe-lumen']));
    expect(all.body.totals).toEqual(across.body.totals);

    // Today and this week, at noon on Friday 7 March (an injected clock): the week runs Monday to Sunday.
    const now = at(demo(), '2031-03-07', 12);
    const sites = [demo().site.id];
    const dashboard = await readDashboard(ctx.db, [demo().site], RANGE, LANG, now);
    expect(dashboard.today).toEqual({
      date: '2031-03-07',
      current: expectedTotals(sites, { from: '2031-03-07', to: '2031-03-07' }),
      previous: expectedTotals(sites, { from: '2031-03-06', to: '2031-03-06' }),
    });
    expect(dashboard.week).toEqual({
      from: '2031-03-03',
      to: '2031-03-09',
      current: expectedTotals(sites, { from: '2031-03-03', to: '2031-03-09' }),
      previous: expectedTotals(sites, { from: '2031-02-24', to: '2031-03-02' }),
    });
    expect(dashboard.week.previous.orders).toBeGreaterThan(dashboard.previous_totals.orders);
  }

  it('counts every figure from the orders, refunds and date changes themselves', async () => {
    const [kept] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from report_summaries`);
    expect(kept?.n).toBe(0);
    await everyCheck();
  });

  it('counts the same with some days summarised and the rest counted live', async () => {
    // Two hours into Thursday 6 March: the days up to Wednesday are closed.
    const sites = [demo().site, cafe().site];
    expect(await summariseClosedDays(ctx.db, sites, at(demo(), '2031-03-06', 2))).toBeGreaterThan(0);
    const summarised = await rows<{ day: string }>(
      ctx.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from report_summaries where site_id = ${demo().site.id} order by day`,
    );
    expect(summarised.map((d) => d.day)).toContain('2031-03-05');
    expect(summarised.map((d) => d.day)).not.toContain('2031-03-06');
    await everyCheck();
  });

  it('counts the same with every day summarised, and keeps a day once however often the summariser runs', async () => {
    const sites = [demo().site, cafe().site];
    const later = at(demo(), '2031-04-01', 9);
    await Promise.all([summariseClosedDays(ctx.db, sites, later), summariseClosedDays(ctx.db, sites, later)]);
    expect(await summariseClosedDays(ctx.db, sites, later)).toBe(0);
    const [days] = await rows<{ n: number; distinct: number }>(
      ctx.db,
      sql`select count(*)::int as n, count(distinct (site_id, day))::int as distinct from report_summaries
          where day >= '2031-02-24' and day <= '2031-03-31'`,
    );
    expect(days?.n).toBe(days?.distinct);
    expect(days?.n).toBeGreaterThanOrEqual(2 * 36);
    await everyCheck();
  });

  it('refuses a bad range, naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`venues/demo/reports/dashboard?from=${RANGE.to}&to=${RANGE.from}`, 'to'],
      ['venues/demo/reports/dashboard?from=2030-01-01&to=2031-01-02', 'to'],
      [`venues/demo/reports/dashboard?to=${RANGE.to}`, 'from'],
      [`venues/demo/reports/dashboard?from=2031-02-30&to=${RANGE.to}`, 'from'],
      [`reports/dashboard?from=${RANGE.to}&to=${RANGE.from}`, 'to'],
      [`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&venues=demo,nowhere`, 'venues'],
    ];
    for (const [path, field] of cases) {
      const answer = await manager.get<{ error: string; field?: string }>(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ error: 'invalid request', field });
    }
    // Exactly 366 days is allowed.
    const year = await manager.get(`venues/demo/reports/dashboard?from=2030-03-03&to=${addDays('2030-03-03', 365)}`);
    expect(year.status).toBe(200);
  });

  it('answers 403 to a member without reports:read, and counts only the venues they may read', async () => {
    const db = ctx.db;
    const orderTeam = await makeTeam(db, { rights: ['orders:read'] });
    const noReports = await makeStaff(db, { teamIds: [orderTeam.id] });
    const clerk = consoleClient(server.app, { ip: '10.250.0.1' });
    await signIn(clerk, noReports.email);
    expect((await clerk.get(`venues/demo/reports/dashboard?from=${RANGE.from}&to=${RANGE.to}`)).status).toBe(403);
    expect((await clerk.get(`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}`)).status).toBe(403);

    // Figures at the demo venue, orders only at the cafe.
    const demoReports = await makeTeam(db, { rights: ['reports:read'], venueIds: [demo().site.id] });
    const cafeOrders = await makeTeam(db, { rights: ['orders:read'], venueIds: [cafe().site.id] });
    const member = await makeStaff(db, { teamIds: [demoReports.id, cafeOrders.id] });
    const client = consoleClient(server.app, { ip: '10.250.0.2' });
    await signIn(client, member.email);
    const mine = await client.get<Dashboard>(`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}`);
    expect(mine.status).toBe(200);
    expect(mine.body.venues).toEqual(['demo']);
    expect(mine.body.totals).toEqual(expectedTotals([demo().site.id], RANGE));
    const cafeAsked = await client.get(`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&venues=demo,cafe-lumen`);
    expect(cafeAsked.status).toBe(403);
    expect(cafeAsked.body).toMatchObject({ error: 'forbidden' });
    expect((await client.get(`venues/cafe-lumen/reports/dashboard?from=${RANGE.from}&to=${RANGE.to}`)).status).toBe(403);
    // A venue they hold no right at is as unknown as one that does not exist.
    const borderless = await client.get(`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&venues=borderless`);
    const nowhere = await client.get(`reports/dashboard?from=${RANGE.from}&to=${RANGE.to}&venues=nowhere`);
    expect(borderless.status).toBe(400);
    expect(nowhere.status).toBe(400);
    expect(borderless.body).toMatchObject({ error: 'invalid request', field: 'venues' });
  });
});
