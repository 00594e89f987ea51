import type { Right } from '@storefront/domain/console/rights';
import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

type Result = {
  selected: number;
  changed: number;
  unit: string;
  refused_count: number;
  refused: { slot_id: number; reason: string }[];
  with_tickets: { slot_id: number; sold: number; notice: string }[];
};
type Slot = { id: number; product_id: number; date: string; capacity: number; sold: number; held: number; on_sale: boolean };
type Order = { order_token: string; price: number; subtotal: number };
type TimeSpan = { id: number; status: string; optionPrices?: { optionId: number; price: number }[] };

describeEachEngine('console calendar', (ctx) => {
  const server = useTestApp(ctx);
  let product: { id: number; uuid: string; adult: number; adultPrice: number };
  const today = todayIn('Asia/Tokyo');

  beforeAll(async () => {
    const [found] = await rows<{ id: number; uuid: string; adult: number; adult_price: number }>(
      ctx.db,
      sql`select p.id, p.uuid::text as uuid, o.id as adult, o.price as adult_price
          from products p join sites s on s.id = p.site_id join product_options o on o.product_id = p.id
          where s.code = 'demo' and p.type = 'time' and o.type = 'admission' and o.price > 0
          order by p.position, o.position limit 1`,
    );
    if (!found) throw new Error('the demo has no timed product');
    product = { id: found.id, uuid: found.uuid, adult: found.adult, adultPrice: found.adult_price };
  });

  async function staffWith(rights: Right[]) {
    const team = await makeTeam(ctx.db, { rights });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, member.email);
    return client;
  }

  /**
   * `count` slots of the timed product on one day at least `offset` days ahead, that no visitor
   * has held, reset to `capacity` with nothing sold or held; with the day.
   */
  async function freshSlots(offset: number, count: number, capacity: number) {
    const found = await rows<{ id: number; date: string }>(
      ctx.db,
      sql`with free as (
            select t.id, t.date, t.starts_at from product_time_spans t
            where t.product_id = ${product.id} and t.date >= ${addDays(today, offset)}::date
              and not exists (select 1 from stock_holds h where h.time_span_id = t.id)
          ), day as (select date from free group by date having count(*) >= ${count} order by date limit 1)
          select free.id, free.date::text as date from free join day on day.date = free.date order by free.starts_at limit ${count}`,
    );
    if (found.length < count) throw new Error(`not ${count} slots ${offset} days ahead`);
    const ids = found.map((s) => s.id);
    for (const id of ids)
      await ctx.db.execute(
        sql`update product_time_spans set capacity = ${capacity}, sold = 0, held = 0, is_on_sale = true where id = ${id}`,
      );
    return Object.assign(ids, { date: found[0]?.date ?? '' });
  }

  const change = (client: ConsoleClient, body: unknown) => client.post<Result>('venues/demo/calendar/changes', body);
  const slotsOf = async (client: ConsoleClient, from: string, to: string) =>
    (await client.get<{ slots: Slot[] }>(`venues/demo/calendar?from=${from}&to=${to}&product_id=${product.id}`)).body.slots;
  const lastAudit = async () =>
    (
      await rows<{ action: string; object_type: string; venue_code: string; changes: Record<string, unknown> | string }>(
        ctx.db,
        sql`select action, object_type, venue_code, changes from audit_log order by id desc limit 1`,
      )
    ).map((r) => ({ ...r, changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes }))[0];

  it('sets the capacity of the weekend slots of a range and leaves the weekdays, audited with the counts', async () => {
    const client = await staffWith(['catalogue:write']);
    const from = addDays(today, 1);
    const to = addDays(today, 13);
    await ctx.db.execute(sql`update product_time_spans set sold = 0, held = 0 where product_id = ${product.id}
        and date between ${from}::date and ${to}::date`);
    const before = await slotsOf(client, from, to);
    const weekend = (s: Slot) => [0, 6].includes(new Date(`${s.date}T00:00:00Z`).getUTCDay());
    const result = await change(client, {
      selection: { from, to, weekdays: [0, 6], product_ids: [product.id] },
      change: { kind: 'capacity', capacity: 321 },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const weekendCount = before.filter(weekend).length;
    expect(weekendCount).toBeGreaterThan(0);
    expect(result.body).toMatchObject({ selected: weekendCount, changed: weekendCount, refused_count: 0, unit: 'slots' });
    const after = await slotsOf(client, from, to);
    for (const slot of after) {
      const was = before.find((s) => s.id === slot.id);
      expect(slot.capacity).toBe(weekend(slot) ? 321 : was?.capacity);
    }
    expect(await lastAudit()).toMatchObject({
      action: 'capacity_changed',
      object_type: 'calendar',
      venue_code: 'demo',
      changes: {
        selection: { from, to, weekdays: [0, 6], product_ids: [product.id] },
        change: { kind: 'capacity', capacity: 321 },
        selected: weekendCount,
        changed: weekendCount,
        refused: 0,
      },
    });
  });

  it('refuses a cut below sold and held for that slot with the reason, and changes the others', async () => {
    const client = await staffWith(['catalogue:write']);
    const [full, free] = await freshSlots(2, 2, 20);
    if (!full || !free) throw new Error('no slots');
    await ctx.db.execute(sql`update product_time_spans set sold = 12 where id = ${full}`);
    const shop = apiFor(server.app, 'demo');
    const held = await shop.post<Order>('orders', {
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: full,
      quantity: 3,
      option_values: [{ option_value_id: product.adult, quantity: 3 }],
      set_products: [],
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const result = await change(client, { selection: { slot_ids: [full, free] }, change: { kind: 'capacity', capacity: 10 } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ selected: 2, changed: 1, refused_count: 1 });
    expect(result.body.refused).toEqual([
      expect.objectContaining({ slot_id: full, reason: '12 sold and 3 held; capacity cannot go below 15' }),
    ]);
    const counters = await rows<{ id: number; capacity: number }>(
      ctx.db,
      sql`select id, capacity from product_time_spans where id in (${full}, ${free}) order by id`,
    );
    expect(counters).toEqual(
      expect.arrayContaining([
        { id: full, capacity: 20 },
        { id: free, capacity: 10 },
      ]),
    );
    // Exactly what is sold and held is allowed.
    const exact = await change(client, { selection: { slot_ids: [full] }, change: { kind: 'capacity', capacity: 15 } });
    expect(exact.body).toMatchObject({ changed: 1, refused_count: 0 });
    expect((await lastAudit())?.changes).toMatchObject({ selection: { slot_count: 1, first_slot_ids: [full] } });
  });

  it('never oversells while visitors hold places during a capacity cut', async () => {
    const client = await staffWith(['catalogue:write']);
    const [slot] = await freshSlots(3, 1, 60);
    if (!slot) throw new Error('no slot');
    const body = {
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: slot,
      quantity: 2,
      option_values: [{ option_value_id: product.adult, quantity: 2 }],
      set_products: [],
    };
    const visitors = Array.from({ length: 24 }, () => apiFor(server.app, 'demo'));
    const holds = visitors.map((visitor) => visitor.post<Order>('orders', body));
    const cut = change(client, { selection: { slot_ids: [slot] }, change: { kind: 'capacity', capacity: 30 } });
    const [cutAnswer, ...answers] = await Promise.all([cut, ...holds]);
    const placed = answers.filter((a) => a.status === 201).length;
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const [counters] = await rows<{ capacity: number; sold: number; held: number; live: number }>(
      ctx.db,
      sql`select capacity, sold, held, (select coalesce(sum(quantity), 0)::int from stock_holds
            where time_span_id = ${slot} and released_at is null) as live
          from product_time_spans where id = ${slot}`,
    );
    expect(counters?.held).toBe(placed * 2);
    expect(counters?.live).toBe(placed * 2);
    expect((counters?.sold ?? 0) + (counters?.held ?? 0)).toBeLessThanOrEqual(counters?.capacity ?? 0);
    if (cutAnswer.body.changed === 1) {
      expect(counters?.capacity).toBe(30);
      expect(placed).toBeLessThanOrEqual(15);
    } else {
      expect(cutAnswer.body.refused_count).toBe(1);
      expect(cutAnswer.body.refused[0]?.reason).toMatch(/capacity cannot go below \d+/);
      expect(counters?.capacity).toBe(60);
      expect(placed * 2).toBeGreaterThan(30);
    }
  });

  it('closes and opens sale as the shop sees it, and says which closed slots have tickets', async () => {
    const client = await staffWith(['catalogue:write']);
    const slots = await freshSlots(4, 2, 100);
    const [sold, empty] = slots;
    if (!sold || !empty) throw new Error('no slots');
    await ctx.db.execute(sql`update product_time_spans set sold = 4 where id = ${sold}`);
    const shop = apiFor(server.app, 'demo');
    const date = slots.date;
    const statusOf = async (id: number) =>
      (await shop.get<{ timeSpans: TimeSpan[] }>(`products/stocks?date=${date}&product_id=${product.id}`)).body.timeSpans.find(
        (s) => s.id === id,
      )?.status;
    const closed = await change(client, { selection: { slot_ids: [sold, empty] }, change: { kind: 'sale', on_sale: false } });
    expect(closed.body).toMatchObject({ selected: 2, changed: 2, refused_count: 0 });
    expect(closed.body.with_tickets).toEqual([
      expect.objectContaining({
        slot_id: sold,
        sold: 4,
        notice: expect.stringContaining("cancel the slot's orders from Orders"),
      }),
    ]);
    expect(await statusOf(sold)).toBe('closed');
    expect(await statusOf(empty)).toBe('closed');
    const refused = await shop.post<{ error: string }>('orders', {
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: empty,
      quantity: 1,
      option_values: [{ option_value_id: product.adult, quantity: 1 }],
      set_products: [],
    });
    expect(refused.body.error).toBe('ticket not on sale now');
    const opened = await change(client, { selection: { slot_ids: [empty] }, change: { kind: 'sale', on_sale: true } });
    expect(opened.body).toMatchObject({ changed: 1, with_tickets: [] });
    expect(await statusOf(empty)).toBe('available');
    expect((await lastAudit())?.action).toBe('sale_changed');
  });

  it('shows a slot price in the shop and charges it on a new order; clearing goes back to the option price', async () => {
    const client = await staffWith(['catalogue:write']);
    const slots = await freshSlots(5, 2, 10);
    const [slot, other] = slots;
    if (!slot || !other) throw new Error('no slots');
    const shop = apiFor(server.app, 'demo');
    const date = slots.date;
    const spans = async () =>
      (await shop.get<{ timeSpans: TimeSpan[] }>(`products/stocks?date=${date}&product_id=${product.id}`)).body.timeSpans;
    const set = await change(client, {
      selection: { slot_ids: [slot] },
      change: { kind: 'slot_prices', prices: [{ option_id: product.adult, price: 777 }] },
    });
    expect(set.body).toMatchObject({ selected: 1, changed: 1 });
    const shown = await spans();
    expect(shown.find((s) => s.id === slot)?.optionPrices).toEqual([{ optionId: product.adult, price: 777 }]);
    expect(shown.find((s) => s.id === other)?.optionPrices).toBeUndefined();
    const search = await shop.get<{ timeSpans: TimeSpan[] }[]>(
      `products/search?from=${date}&to=${date}&product_uuid=${product.uuid}`,
    );
    expect(search.body[0]?.timeSpans.find((s) => s.id === slot)?.optionPrices).toEqual([{ optionId: product.adult, price: 777 }]);
    const order = (id: number) =>
      shop.post<Order>('orders', {
        lang: 'en',
        product_uuid: product.uuid,
        time_span_id: id,
        quantity: 2,
        option_values: [{ option_value_id: product.adult, quantity: 2 }],
        set_products: [],
      });
    expect((await order(slot)).body.price).toBe(2 * 777);
    expect((await order(other)).body.price).toBe(2 * product.adultPrice);
    const calendar = await slotsOf(client, date, date);
    expect(calendar.find((s) => s.id === slot)).toMatchObject({ prices: [{ option_id: product.adult, price: 777 }] });
    const cleared = await change(client, {
      selection: { slot_ids: [slot] },
      change: { kind: 'slot_prices', prices: [{ option_id: product.adult, price: null }] },
    });
    expect(cleared.body).toMatchObject({ changed: 1 });
    expect((await spans()).find((s) => s.id === slot)?.optionPrices).toBeUndefined();
    expect((await order(slot)).body.price).toBe(2 * product.adultPrice);
  });

  it('keeps the price a visitor was shown through checkout when the price changes meanwhile', async () => {
    const client = await staffWith(['catalogue:write']);
    const [slot] = await freshSlots(6, 1, 10);
    if (!slot) throw new Error('no slot');
    const shop = apiFor(server.app, 'demo');
    const created = await shop.post<Order>('orders', {
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: slot,
      quantity: 2,
      option_values: [{ option_value_id: product.adult, quantity: 2 }],
      set_products: [],
    });
    expect(created.body.price).toBe(2 * product.adultPrice);
    const [kept] = await rows<{ option_values: unknown }>(
      ctx.db,
      sql`select option_values from orders where time_span_id = ${slot} order by created_at desc limit 1`,
    );
    const values = typeof kept?.option_values === 'string' ? JSON.parse(kept.option_values) : kept?.option_values;
    expect(values).toEqual([{ option_value_id: product.adult, quantity: 2, unit_price: product.adultPrice }]);
    await change(client, {
      selection: { slot_ids: [slot] },
      change: { kind: 'slot_prices', prices: [{ option_id: product.adult, price: product.adultPrice + 5000 }] },
    });
    const token = created.body.order_token;
    const ready = await shop.put<Order>(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' });
    expect(ready.body.price).toBe(2 * product.adultPrice);
    expect((await shop.get<Order>(`orders/${token}`)).body.price).toBe(2 * product.adultPrice);
    const paid = await shop.post<{ total: number; reservation_number: string }>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.total).toBe(2 * product.adultPrice);
    // A visitor who picks the slot now is shown and charged the new price.
    const later = await shop.post<Order>('orders', {
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: slot,
      quantity: 1,
      option_values: [{ option_value_id: product.adult, quantity: 1 }],
      set_products: [],
    });
    expect(later.body.price).toBe(product.adultPrice + 5000);
  });

  it("colours the days of a range's weekdays in the shop's calendar and removes the colour again", async () => {
    const client = await staffWith(['catalogue:write']);
    const from = addDays(today, 50);
    const to = addDays(today, 63);
    const result = await change(client, {
      selection: { from, to, weekdays: [3] },
      change: { kind: 'calendar_colors', color_code: '#123ABC' },
    });
    expect(result.body).toMatchObject({ selected: 2, changed: 2, unit: 'days' });
    const shop = apiFor(server.app, 'demo');
    const colors = (await shop.get<{ date: string; color_code: string }[]>(`calendar/colors?from=${from}&to=${to}`)).body;
    const wednesdays = colors.filter((c) => c.color_code === '#123abc').map((c) => c.date);
    expect(wednesdays).toHaveLength(2);
    for (const date of wednesdays) expect(new Date(`${date}T00:00:00Z`).getUTCDay()).toBe(3);
    expect((await lastAudit())?.action).toBe('calendar_colors_changed');
    await change(client, { selection: { from, to, weekdays: [3] }, change: { kind: 'calendar_colors', color_code: null } });
    const after = (await shop.get<{ date: string; color_code: string }[]>(`calendar/colors?from=${from}&to=${to}`)).body;
    expect(after.filter((c) => wednesdays.includes(c.date))).toEqual([]);
  });

  it('reads with catalogue:read, changes only with catalogue:write, and names the field of a bad change', async () => {
    const reader = await staffWith(['catalogue:read']);
    const nobody = await staffWith(['orders:read']);
    const writer = await staffWith(['catalogue:write']);
    const from = addDays(today, 1);
    const read = await reader.get<{ slots: Slot[]; products: unknown[]; colors: unknown[] }>(
      `venues/demo/calendar?from=${from}&to=${addDays(from, 6)}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.slots.length).toBeGreaterThan(0);
    const audits = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`);
    const denied = await change(reader, { selection: { from, to: from }, change: { kind: 'sale', on_sale: false } });
    expect(denied.status).toBe(403);
    expect((await nobody.get(`venues/demo/calendar?from=${from}&to=${from}`)).status).toBe(403);
    const cases: [unknown, string][] = [
      [{ selection: { from, to: from }, change: { kind: 'capacity', capacity: -1 } }, 'change.capacity'],
      [{ selection: { from, to: addDays(from, 400) }, change: { kind: 'sale', on_sale: true } }, 'selection.to'],
      [{ selection: { to: from }, change: { kind: 'sale', on_sale: true } }, 'selection.from'],
      [{ selection: { from, to: from }, change: { kind: 'paint' } }, 'change.kind'],
      [{ selection: { from, to: from, time_from: '25:00' }, change: { kind: 'sale', on_sale: true } }, 'selection.time_from'],
      [{ selection: { from, to: from }, change: { kind: 'calendar_colors', color_code: 'red' } }, 'change.color_code'],
      [
        { selection: { from, to: from }, change: { kind: 'slot_prices', prices: [{ option_id: 999999, price: 1 }] } },
        'change.prices',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await writer.post<{ field?: string }>('venues/demo/calendar/changes', body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.field, JSON.stringify(answer.body)).toBe(field);
    }
    const wide = await reader.get<{ field?: string }>(`venues/demo/calendar?from=${from}&to=${addDays(from, 70)}`);
    expect(wide.status).toBe(400);
    expect(wide.body.field).toBe('to');
    expect((await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`))[0]?.n).toBe(audits[0]?.n);
  });
});
