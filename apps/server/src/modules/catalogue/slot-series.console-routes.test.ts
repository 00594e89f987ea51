import type { SlotSeriesApplied, SlotSeriesPreview, SlotSeriesRuleInput } from '@storefront/domain/console/slot-series';
import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

const ZONE = 'Europe/Paris';
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
/** The first date on or after `date` that falls on the ISO weekday. */
const nextWeekday = (date: string, weekday: number) => addDays(date, (weekday - isoWeekday(date) + 7) % 7);

/** The next day Europe/Paris changes its clocks (the last Sunday of March or of October), after `after`. */
function nextDstChange(after: string): { date: string; springsForward: boolean } {
  for (let year = Number(after.slice(0, 4)); ; year++) {
    for (const [month, springsForward] of [
      ['03', true],
      ['10', false],
    ] as const) {
      const lastSunday = nextWeekday(addDays(`${year}-${month}-31`, -6), 7);
      if (lastSunday > after) return { date: lastSunday, springsForward };
    }
  }
}

describeEachEngine('console slot series', (ctx) => {
  const server = useTestApp(ctx);
  let owner: ConsoleClient;
  let venueId = 0;
  let today = '';
  let productCount = 0;

  const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(ctx.db, query))[0]?.n ?? 0;

  /** A timed product of the Paris venue, made straight in the database (the console has no product screen yet). */
  async function makeProduct(options: { archived?: boolean } = {}): Promise<{ id: number; uuid: string }> {
    productCount++;
    const [row] = await rows<{ id: number; uuid: string }>(
      ctx.db,
      sql`insert into products (site_id, key, position, type, sale_type, sales_channels, name, description, caution,
                                presented_by, max_per_order, opens_at, closes_at, slot_minutes, slot_capacity, archived_at)
          values (${venueId}, ${`timed-${productCount}`}, ${productCount}, 'time', 'ticket', '{web}', '{"en":"Timed entry"}',
                  '{}', '{}', '{}', 10, '09:00', '21:00', 30, 20, ${options.archived ? sql`app_now()` : sql`null`})
          returning id, uuid::text as uuid`,
    );
    if (!row) throw new Error('no product');
    return row;
  }

  const rule = (productIds: number[], extra: Partial<SlotSeriesRuleInput> = {}): SlotSeriesRuleInput => ({
    product_ids: productIds,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    times: { kind: 'hours', opens_at: '09:00', closes_at: '12:00' },
    slot_minutes: 30,
    valid_from: addDays(today, 1),
    valid_to: addDays(today, 14),
    capacity: 25,
    ...extra,
  });

  const slotsOf = (productId: number) =>
    rows<{ date: string; starts_at: string; ends_at: string; capacity: number; series_id: number | null }>(
      ctx.db,
      sql`select date::text as date, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
                 to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at, capacity, series_id
            from product_time_spans where product_id = ${productId} order by starts_at`,
    );

  beforeAll(async () => {
    const account = await makeStaff(ctx.db, { isOwner: true, totp: true });
    owner = consoleClient(server.app, { ip: '192.0.2.40' });
    await signIn(owner, account.email);
    const created = await owner.post<{ id: number }>('venues', {
      code: 'paris-slots',
      variant: 'paris-slots',
      kind: 'exhibition',
      name: { en: 'Paris Gallery' },
      languages: ['en'],
      currency: 'EUR',
      time_zone: ZONE,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    venueId = created.body.id;
    today = todayIn(ZONE);
  });

  it('applies exactly the slots it previewed, once: a second apply makes nothing, and the shop sees them at once', async () => {
    const product = await makeProduct();
    const body = rule([product.id], { valid_from: addDays(today, 1), valid_to: addDays(today, 3) });
    const shopBefore = await server.app.inject({
      method: 'GET',
      url: `/paris-slots/api/v1/products/stocks-statuses?from=${addDays(today, 1)}&to=${addDays(today, 3)}&product_uuid=${product.uuid}`,
    });
    expect(shopBefore.json()).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'closed' })]));

    const month = addDays(today, 1).slice(0, 7);
    const preview = await owner.post<SlotSeriesPreview>('venues/paris-slots/slot-series/preview', { rule: body, month });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.totals).toEqual({ new: 18, existing: 0, overlap: 0 });
    expect(preview.body.days.map((d) => [d.date, d.new])).toEqual([
      [addDays(today, 1), 6],
      [addDays(today, 2), 6],
      [addDays(today, 3), 6],
    ]);

    const applied = await owner.post<SlotSeriesApplied>('venues/paris-slots/slot-series', body);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toMatchObject({ created: 18, existing: 0, overlap: 0 });
    const made = await slotsOf(product.id);
    expect(made).toHaveLength(18);
    expect(made.every((slot) => slot.capacity === 25 && slot.series_id === applied.body.id)).toBe(true);
    const previewed = preview.body.month?.slots.filter((slot) => slot.date.startsWith(month)) ?? [];
    expect(
      made.filter((slot) => slot.date.startsWith(month)).map(({ date, starts_at, ends_at }) => ({ date, starts_at, ends_at })),
    ).toEqual(previewed.map(({ date, starts_at, ends_at }) => ({ date, starts_at, ends_at })));

    const again = await owner.post<SlotSeriesApplied>('venues/paris-slots/slot-series', body);
    expect(again.body).toMatchObject({ created: 0, existing: 18, overlap: 0 });
    expect(await slotsOf(product.id)).toHaveLength(18);

    const [entry] = await rows<{
      action: string;
      object_type: string;
      venue_code: string;
      client_ip: string;
      changes: { created: number };
    }>(
      ctx.db,
      sql`select action, object_type, venue_code, client_ip, changes from audit_log
           where object_type = 'slot_series' and object_id = ${String(applied.body.id)}`,
    );
    expect(entry).toMatchObject({
      action: 'created',
      object_type: 'slot_series',
      venue_code: 'paris-slots',
      client_ip: '192.0.2.40',
      changes: { created: 18 },
    });

    const shop = await server.app.inject({
      method: 'GET',
      url: `/paris-slots/api/v1/products/stocks?date=${addDays(today, 2)}&product_id=${product.id}`,
    });
    expect(shop.statusCode).toBe(200);
    expect((shop.json() as { timeSpans: unknown[] }).timeSpans).toHaveLength(6);
    const statuses = await server.app.inject({
      method: 'GET',
      url: `/paris-slots/api/v1/products/stocks-statuses?from=${addDays(today, 1)}&to=${addDays(today, 3)}&product_uuid=${product.uuid}`,
    });
    expect((statuses.json() as { status: string }[]).map((d) => d.status)).toEqual(['available', 'available', 'available']);

    const listed = await owner.get<{ series: { id: number; slots: number; future_slots: number }[] }>(
      'venues/paris-slots/slot-series',
    );
    expect(listed.body.series.find((s) => s.id === applied.body.id)).toMatchObject({ slots: 18, future_slots: 18 });
  });

  it('skips, and lists, slots that would overlap a slot of the product made by hand with another start', async () => {
    const product = await makeProduct();
    const day = addDays(today, 2);
    await ctx.db.execute(
      sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity)
          values (${product.id}, ${day}, (${day}::date + time '10:15') at time zone ${ZONE}, (${day}::date + time '10:45') at time zone ${ZONE}, 5)`,
    );
    const body = rule([product.id], { valid_from: day, valid_to: day });
    const preview = await owner.post<SlotSeriesPreview>('venues/paris-slots/slot-series/preview', {
      rule: body,
      month: day.slice(0, 7),
    });
    expect(preview.body.totals).toEqual({ new: 4, existing: 0, overlap: 2 });
    const overlapping = preview.body.month?.slots.filter((slot) => slot.status === 'overlap') ?? [];
    expect(overlapping).toHaveLength(2);
    const applied = await owner.post<SlotSeriesApplied>('venues/paris-slots/slot-series', body);
    expect(applied.body).toMatchObject({ created: 4, overlap: 2 });
    const made = await slotsOf(product.id);
    expect(made).toHaveLength(5);
    expect(made.filter((slot) => slot.series_id === null)).toHaveLength(1);
  });

  it('keeps to the weekdays, closes closure and holiday dates, and opens exception days with their own times', async () => {
    const product = await makeProduct();
    const monday = nextWeekday(addDays(today, 1), 1);
    const wednesday = addDays(monday, 2);
    const friday = addDays(monday, 4);
    const sunday = addDays(monday, 6);
    const nextMonday = addDays(monday, 7);
    const body = rule([product.id], {
      weekdays: [1, 3, 5],
      valid_from: monday,
      valid_to: nextMonday,
      closed_dates: [wednesday],
      holiday_dates: [friday],
      exceptions: [
        { date: sunday, times: { kind: 'start_times', start_times: ['14:00', '10:00'] } },
        { date: nextMonday, times: { kind: 'hours', opens_at: '18:00', closes_at: '19:00' } },
      ],
    });
    const preview = await owner.post<SlotSeriesPreview>('venues/paris-slots/slot-series/preview', { rule: body });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.days).toEqual([
      { date: monday, new: 6, existing: 0, overlap: 0 },
      { date: wednesday, new: 0, existing: 0, overlap: 0, closed: 'closure' },
      { date: friday, new: 0, existing: 0, overlap: 0, closed: 'holiday' },
      { date: sunday, new: 2, existing: 0, overlap: 0 },
      { date: nextMonday, new: 2, existing: 0, overlap: 0 },
    ]);
    await owner.post('venues/paris-slots/slot-series', body);
    const made = await slotsOf(product.id);
    expect([...new Set(made.map((slot) => slot.date))]).toEqual([monday, sunday, nextMonday]);
    const local = await rows<{ date: string; time: string }>(
      ctx.db,
      sql`select date::text as date, to_char(starts_at at time zone ${ZONE}, 'HH24:MI') as time
            from product_time_spans where product_id = ${product.id} and date in (${sunday}::date, ${nextMonday}::date)
           order by starts_at`,
    );
    expect(local).toEqual([
      { date: sunday, time: '10:00' },
      { date: sunday, time: '14:00' },
      { date: nextMonday, time: '18:00' },
      { date: nextMonday, time: '18:30' },
    ]);
  });

  it('places venue-local times at the right instants across a daylight-saving change in Europe/Paris', async () => {
    const product = await makeProduct();
    const change = nextDstChange(addDays(today, 1));
    const before = addDays(change.date, -1);
    const after = addDays(change.date, 1);
    const applied = await owner.post<SlotSeriesApplied>(
      'venues/paris-slots/slot-series',
      rule([product.id], {
        valid_from: before,
        valid_to: after,
        times: { kind: 'hours', opens_at: '09:00', closes_at: '10:00' },
      }),
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const winter = (date: string, time: string) =>
      `${date}T${String(Number(time.slice(0, 2)) - 1).padStart(2, '0')}:${time.slice(3)}:00Z`;
    const summer = (date: string, time: string) =>
      `${date}T${String(Number(time.slice(0, 2)) - 2).padStart(2, '0')}:${time.slice(3)}:00Z`;
    const [first, second] = change.springsForward ? [winter, summer] : [summer, winter];
    expect((await slotsOf(product.id)).map(({ date, starts_at, ends_at }) => ({ date, starts_at, ends_at }))).toEqual([
      { date: before, starts_at: first(before, '09:00'), ends_at: first(before, '09:30') },
      { date: before, starts_at: first(before, '09:30'), ends_at: first(before, '10:00') },
      { date: change.date, starts_at: second(change.date, '09:00'), ends_at: second(change.date, '09:30') },
      { date: change.date, starts_at: second(change.date, '09:30'), ends_at: second(change.date, '10:00') },
      { date: after, starts_at: second(after, '09:00'), ends_at: second(after, '09:30') },
      { date: after, starts_at: second(after, '09:30'), ends_at: second(after, '10:00') },
    ]);
  });

  it('refuses bad rules with 400 naming the field, writing nothing', async () => {
    const product = await makeProduct();
    const archived = await makeProduct({ archived: true });
    const [other] = await rows<{ id: number }>(
      ctx.db,
      sql`select p.id from products p join sites s on s.id = p.site_id where s.code = 'demo' limit 1`,
    );
    const audits = await count(sql`select count(*)::int as n from audit_log`);
    const series = await count(sql`select count(*)::int as n from slot_series`);
    const cases: [Partial<SlotSeriesRuleInput>, string][] = [
      [{ valid_from: addDays(today, 5), valid_to: addDays(today, 4) }, 'valid_to'],
      [{ valid_from: addDays(today, -1) }, 'valid_from'],
      [{ slot_minutes: 40 }, 'slot_minutes'],
      [{ times: { kind: 'hours', opens_at: '12:00', closes_at: '09:00' } }, 'times.closes_at'],
      [{ times: { kind: 'start_times', start_times: ['10:00', '10:15'] } }, 'times.start_times'],
      [{ product_ids: [other?.id ?? 1] }, 'product_ids'],
      [{ product_ids: [2_000_000_000] }, 'product_ids'],
      [{ product_ids: [archived.id] }, 'product_ids'],
      [{ capacity: 0 }, 'capacity'],
    ];
    for (const [extra, field] of cases) {
      for (const [path, payload] of [
        ['venues/paris-slots/slot-series', rule([product.id], extra)],
        ['venues/paris-slots/slot-series/preview', { rule: rule([product.id], extra) }],
      ] as const) {
        const answer = await owner.post(path, payload);
        const expected = path.endsWith('preview') && !['valid_from', 'product_ids'].includes(field) ? `rule.${field}` : field;
        expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body, JSON.stringify(extra)).toMatchObject({ error: 'invalid request', field: expected });
      }
    }
    expect(await count(sql`select count(*)::int as n from audit_log`)).toBe(audits);
    expect(await count(sql`select count(*)::int as n from slot_series`)).toBe(series);
    expect(await slotsOf(product.id)).toHaveLength(0);
  });

  it('lets catalogue:read preview and list but not apply or delete (403), and hides the venue from a member without rights there', async () => {
    const product = await makeProduct();
    const reader = await makeTeam(ctx.db, { rights: ['catalogue:read'], venueIds: [venueId] });
    const account = await makeStaff(ctx.db, { teamIds: [reader.id] });
    const client = consoleClient(server.app);
    await signIn(client, account.email);
    expect((await client.post('venues/paris-slots/slot-series/preview', { rule: rule([product.id]) })).status).toBe(200);
    expect((await client.get('venues/paris-slots/slot-series')).status).toBe(200);
    expect((await client.post('venues/paris-slots/slot-series', rule([product.id]))).status).toBe(403);
    expect((await client.delete('venues/paris-slots/slot-series/1')).status).toBe(403);
    const gate = await makeTeam(ctx.db, { rights: ['checkin:scan'], venueIds: [venueId] });
    const gateAccount = await makeStaff(ctx.db, { teamIds: [gate.id] });
    const gateClient = consoleClient(server.app);
    await signIn(gateClient, gateAccount.email);
    expect((await gateClient.post('venues/paris-slots/slot-series/preview', { rule: rule([product.id]) })).status).toBe(403);
    expect(await slotsOf(product.id)).toHaveLength(0);
  });

  it('deletes the series’ free future slots and keeps those with sales, audited', async () => {
    const product = await makeProduct();
    const applied = await owner.post<SlotSeriesApplied>(
      'venues/paris-slots/slot-series',
      rule([product.id], { valid_from: addDays(today, 1), valid_to: addDays(today, 2) }),
    );
    expect(applied.body.created).toBe(12);
    await ctx.db.execute(
      sql`update product_time_spans set sold = 2 where id = (select min(id) from product_time_spans where series_id = ${applied.body.id})`,
    );
    const listed = await owner.get<{ series: { id: number; future_slots: number; future_slots_kept: number }[] }>(
      'venues/paris-slots/slot-series',
    );
    expect(listed.body.series.find((s) => s.id === applied.body.id)).toMatchObject({ future_slots: 12, future_slots_kept: 1 });
    const deleted = await owner.delete(`venues/paris-slots/slot-series/${applied.body.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ deleted: 11, kept: 1 });
    const left = await slotsOf(product.id);
    expect(left).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from slot_series where id = ${applied.body.id}`)).toBe(0);
    const [entry] = await rows<{ action: string; changes: { deleted: number; kept: number } }>(
      ctx.db,
      sql`select action, changes from audit_log where object_type = 'slot_series' and object_id = ${String(applied.body.id)} and action = 'deleted'`,
    );
    expect(entry).toMatchObject({ action: 'deleted', changes: { deleted: 11, kept: 1 } });
    // Deleting it again finds nothing to do, and records nothing.
    const again = await owner.delete(`venues/paris-slots/slot-series/${applied.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ deleted: 0, kept: 0 });
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where object_type = 'slot_series' and object_id = ${String(applied.body.id)}`,
      ),
    ).toBe(2);
  });
});
