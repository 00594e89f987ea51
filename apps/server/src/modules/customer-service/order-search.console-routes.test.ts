import type { OrderSearchPage, OrderSummary } from '@storefront/domain/console/order-search';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { resetClock, setClock } from '../../../test/clock.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { type Bought, buyTickets } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { ordersForExport } from '../orders/search-orders.ts';
import { orderReads } from './order-reads.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };
type Right = 'orders:read' | 'catalogue:read';

describeEachEngine('console order search', (ctx) => {
  const server = useTestApp(ctx);
  const siteId = async (code: string) =>
    (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = ${code}`))[0]?.id ?? 0;

  async function memberWith(rights: Right[], venues = ['demo']): Promise<ConsoleClient> {
    const team = await makeTeam(ctx.db, { rights, venueIds: await Promise.all(venues.map(siteId)) });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.30' });
    await signIn(client, member.email);
    return client;
  }

  const orderIdOf = async (bought: Bought) =>
    (await rows<{ id: string }>(ctx.db, sql`select id from orders where reservation_number = ${bought.reservationNumber}`))[0]
      ?.id ?? '';

  /** Hanako (two admissions), Taro (three, one cancelled, with a coupon) and Jiro (all cancelled) at the demo venue. */
  let hanako: Bought;
  let taro: Bought;
  let jiro: Bought;
  let ids: { hanako: string; taro: string; jiro: string; foreign: string };
  let reader: ConsoleClient;

  beforeAll(async () => {
    const shop = apiFor(server.app, 'demo');
    hanako = await buyTickets(shop, ctx.db, { quantity: 2, email: 'Hanako@Example.com' });
    taro = await buyTickets(shop, ctx.db, { quantity: 3, email: 'taro@example.com' });
    jiro = await buyTickets(shop, ctx.db, { quantity: 1, email: 'jiro@example.com' });
    ids = { hanako: await orderIdOf(hanako), taro: await orderIdOf(taro), jiro: await orderIdOf(jiro), foreign: '' };
    await ctx.db.execute(
      sql`update orders set customer_fields = customer_fields || '{"fullname": "Taro Suzuki", "phone": "+81 3 1111 2222"}'::jsonb
          where id = ${ids.taro}`,
    );
    await ctx.db.execute(
      sql`update orders set customer_fields = customer_fields || '{"fullname": "山田 次郎", "phone": "080-5555-6666"}'::jsonb,
                            channel = 'pos'
          where id = ${ids.jiro}`,
    );
    await ctx.db.execute(
      sql`update tickets set status = 'cancelled', cancelled_at = app_now()
          where order_id = ${ids.jiro} or (order_id = ${ids.taro} and position = 1)`,
    );
    const demo = await siteId('demo');
    await ctx.db.execute(
      sql`insert into coupons (site_id, code, name, discount_type, discount_amount, coverage_from, coverage_to, expires_at, channels)
          values (${demo}, 'WELCOME-10', '{"en": "Welcome"}', 'percent', 10, '2020-01-01', '2099-12-31', '2099-12-31', '{web}')`,
    );
    await ctx.db.execute(
      sql`insert into order_coupons (order_id, coupon_id) select ${ids.taro}::uuid, id from coupons where code = 'WELCOME-10'`,
    );
    // The same visitor at another venue: never found from the demo venue.
    const cafe = await siteId('cafe-lumen');
    const [foreign] = await rows<{ id: string }>(
      ctx.db,
      sql`insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity, option_values,
                              set_products, customer_fields, subtotal, total, expires_at, completed_at, reservation_number)
          select ${cafe}, 'foreign-order', 'completed', 'web', 'en', p.id, t.id, 1, '[]', '[]',
                 o.customer_fields, 1000, 1000, app_now(), app_now(), 'ZZZZZ-00000'
          from products p join product_time_spans t on t.product_id = p.id, orders o
          where p.site_id = ${cafe} and o.id = ${ids.hanako}
          limit 1
          returning id`,
    );
    ids.foreign = foreign?.id ?? '';
    // ¥1,000 of Taro's went back (a pending refund is not back yet).
    await ctx.db.execute(
      sql`insert into refunds (order_id, site_id, kind, amount, currency, status, idempotency_key, reason, requested_by, settled_at)
          values (${ids.taro}, ${demo}, 'outside', 1000, 'JPY', 'succeeded', 'export-test-1', 'test', 'staff', app_now()),
                 (${ids.taro}, ${demo}, 'outside', 500, 'JPY', 'pending', 'export-test-2', 'test', 'staff', null)`,
    );
    reader = await memberWith(['orders:read']);
  });

  const search = async (query: Record<string, string>) => {
    const answer = await reader.get<OrderSearchPage>(`venues/demo/orders?${new URLSearchParams(query)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const found = async (q: string) => (await search({ q })).orders.map((order) => order.id).sort();

  it('finds an order by its reservation number, with or without the hyphen, in any case', async () => {
    expect(await found(hanako.reservationNumber)).toEqual([ids.hanako]);
    expect(await found(hanako.reservationNumber.replace('-', ''))).toEqual([ids.hanako]);
    expect(await found(hanako.reservationNumber.replace('-', ' ').toLowerCase())).toEqual([ids.hanako]);
    expect(await found('ZZZZZ-00000')).toEqual([]);
  });

  it('finds orders by e-mail without regard to case, by phone digits, and by name words or its beginning', async () => {
    expect(await found('hanako@example.COM')).toEqual([ids.hanako]);
    expect(await found('hanako@example')).toEqual([]);
    expect(await found('090 1234 5678')).toEqual([ids.hanako]);
    expect(await found('81-3-1111-2222')).toEqual([ids.taro]);
    expect(await found('suzuki')).toEqual([ids.taro]);
    expect(await found('Suzuki Taro')).toEqual([ids.taro]);
    expect(await found('taro suz')).toEqual([ids.taro]);
    expect(await found('山田次')).toEqual([ids.jiro]);
    expect(await found('次郎')).toEqual([ids.jiro]);
    expect(await found('yamada')).toEqual([ids.hanako]);
  });

  it('finds an order by its payment number and by a coupon code it used', async () => {
    const [payment] = await rows<{ payment_number: string }>(
      ctx.db,
      sql`select payment_number from payments where order_id = ${ids.hanako} limit 1`,
    );
    expect(await found(payment?.payment_number ?? 'missing')).toEqual([ids.hanako]);
    expect(await found('pay_not-a-payment')).toEqual([]);
    expect(await found('welcome-10')).toEqual([ids.taro]);
  });

  it('answers each row with what the list shows, and filters by standing, channel, product, slot and date', async () => {
    const page = await search({ q: taro.reservationNumber });
    const [row] = page.orders;
    expect(page).toMatchObject({ total: 1, is_total_capped: false, currency: 'JPY', time_zone: 'Asia/Tokyo' });
    expect(row).toMatchObject({
      id: ids.taro,
      reservation_number: taro.reservationNumber,
      name: 'Taro Suzuki',
      email: 'taro@example.com',
      phone: '+81 3 1111 2222',
      product_id: taro.slot.productId,
      slot_id: taro.slot.timeSpanId,
      quantity: 3,
      total: taro.total,
      status: 'partly_cancelled',
      channel: 'web',
    } satisfies Partial<OrderSummary>);
    expect(Object.keys(row?.product_name ?? {}).length).toBeGreaterThan(0);
    expect(row?.visit_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(row?.visit_starts_at ?? '')).toBeLessThan(Date.parse(row?.visit_ends_at ?? ''));

    const ours = (page: OrderSearchPage) => page.orders.map((order) => order.id).filter((id) => Object.values(ids).includes(id));
    expect(ours(await search({ status: 'cancelled' }))).toEqual([ids.jiro]);
    expect(ours(await search({ status: 'partly_cancelled' }))).toEqual([ids.taro]);
    expect(ours(await search({ status: 'completed' }))).toEqual([ids.hanako]);
    expect(ours(await search({ channel: 'pos' }))).toEqual([ids.jiro]);
    expect(ours(await search({ time_span_id: String(hanako.slot.timeSpanId) }))).toContain(ids.hanako);
    expect(ours(await search({ product_id: String(hanako.slot.productId) }))).toContain(ids.hanako);
    const visit = (await search({ q: hanako.reservationNumber })).orders[0]?.visit_date ?? '';
    expect(ours(await search({ from: visit, to: visit }))).toContain(ids.hanako);
    expect(ours(await search({ q: hanako.reservationNumber, from: '2001-01-01', to: '2001-01-02' }))).toEqual([]);
  });

  it('counts the orders of a standing at this venue alone, with the other filters', async () => {
    // A cancelled admission at another venue is never counted here.
    await ctx.db.execute(
      sql`insert into tickets (order_id, option_id, position, status, cancelled_at)
          select ${ids.foreign}::uuid, po.id, 1, 'cancelled', app_now()
          from orders o join product_options po on po.product_id = o.product_id where o.id = ${ids.foreign} limit 1`,
    );
    const demo = await siteId('demo');
    const expected = async (standing: 'partly_cancelled' | 'cancelled', narrow = sql`true`) => {
      const [row] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from (
              select count(*) as admissions, count(*) filter (where t.status = 'cancelled') as cancelled
              from orders o join tickets t on t.order_id = o.id
              where o.site_id = ${demo} and o.reservation_number is not null and ${narrow}
              group by o.id) a
            where a.cancelled > 0 and ${standing === 'cancelled' ? sql`a.cancelled = a.admissions` : sql`a.cancelled < a.admissions`}`,
      );
      return row?.n ?? -1;
    };
    for (const status of ['partly_cancelled', 'cancelled'] as const) {
      // A page of one, so the total is counted rather than known from a short page.
      expect((await search({ status, size: '1' })).total, status).toBe(await expected(status));
      expect((await search({ status, channel: 'pos', size: '1' })).total).toBe(await expected(status, sql`o.channel = 'pos'`));
      expect((await search({ status, product_id: String(taro.slot.productId), size: '1' })).total).toBe(
        await expected(status, sql`o.product_id = ${taro.slot.productId}`),
      );
      expect((await search({ status, time_span_id: String(taro.slot.timeSpanId), size: '1' })).total).toBe(
        await expected(status, sql`o.time_span_id = ${taro.slot.timeSpanId}`),
      );
    }
    // The pages list the same orders, in the asked order, a page after another.
    const listed = async (standing: 'partly_cancelled' | 'cancelled', visit: boolean) => {
      const found = await rows<{ id: string }>(
        ctx.db,
        sql`select o.id from orders o join product_time_spans s on s.id = o.time_span_id
            where o.site_id = ${demo} and o.reservation_number is not null
              and exists (select 1 from tickets t where t.order_id = o.id and t.status = 'cancelled')
              and ${standing === 'cancelled' ? sql`not` : sql``} exists (select 1 from tickets t where t.order_id = o.id and t.status <> 'cancelled')
            order by ${visit ? sql`s.starts_at asc, o.completed_at asc, o.id asc` : sql`o.completed_at desc, o.id desc`}`,
      );
      return found.map((row) => row.id);
    };
    for (const status of ['partly_cancelled', 'cancelled'] as const) {
      for (const visit of [false, true]) {
        const sort = visit ? { sort: 'visit', direction: 'asc' } : { sort: 'completed_at', direction: 'desc' };
        const pages: string[] = [];
        for (let page = 1; page <= 5; page++) {
          pages.push(...(await search({ status, ...sort, size: '1', page: String(page) })).orders.map((o) => o.id));
        }
        expect(pages, `${status} ${sort.sort}`).toEqual((await listed(status, visit)).slice(0, 5));
      }
    }
    expect(await expected('cancelled')).toBeGreaterThanOrEqual(1);
    expect(await expected('partly_cancelled')).toBeGreaterThanOrEqual(1);
  });

  it('pages through the orders by visit as one list, slot after slot, either way', async () => {
    const demo = await siteId('demo');
    // Three orders in one slot, so a page reaches past a slot's first orders.
    await ctx.db.execute(sql`update orders set time_span_id = ${taro.slot.timeSpanId} where id in (${ids.hanako}, ${ids.jiro})`);
    for (const direction of ['asc', 'desc'] as const) {
      const dir = sql.raw(direction);
      const expected = await rows<{ id: string }>(
        ctx.db,
        sql`select o.id from orders o join product_time_spans s on s.id = o.time_span_id
            where o.site_id = ${demo} and o.reservation_number is not null
            order by s.starts_at ${dir}, s.id ${dir}, o.completed_at ${dir}, o.id ${dir}`,
      );
      expect(expected.length).toBeGreaterThanOrEqual(3);
      const listed: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const found = await search({ sort: 'visit', direction, size: '2', page: String(page) });
        listed.push(...found.orders.map((o) => o.id));
        expect(found.total).toBe(expected.length);
      }
      expect(listed, direction).toEqual(expected.slice(0, 8).map((row) => row.id));
    }
    await ctx.db.execute(sql`update orders set time_span_id = ${hanako.slot.timeSpanId} where id = ${ids.hanako}`);
    await ctx.db.execute(sql`update orders set time_span_id = ${jiro.slot.timeSpanId} where id = ${ids.jiro}`);
  });

  it('lists the products a search may be narrowed to', async () => {
    const answer = await reader.get<{ products: { id: number; name: Record<string, string> }[] }>('venues/demo/orders/products');
    expect(answer.status).toBe(200);
    expect(answer.body.products.map((product) => product.id)).toContain(hanako.slot.productId);
    const [foreign] = await rows<{ id: number }>(
      ctx.db,
      sql`select p.id from products p join sites s on s.id = p.site_id where s.code <> 'demo' limit 1`,
    );
    expect(answer.body.products.map((product) => product.id)).not.toContain(foreign?.id);
  });

  it('pages and sorts on the server, newest first by default', async () => {
    const all = await search({});
    expect(all.total).toBe(3);
    expect(all.orders.map((order) => order.id)).toEqual([ids.jiro, ids.taro, ids.hanako]);
    const first = await search({ size: '2', page: '1' });
    const second = await search({ size: '2', page: '2' });
    expect(first.orders.map((order) => order.id)).toEqual([ids.jiro, ids.taro]);
    expect(second.orders.map((order) => order.id)).toEqual([ids.hanako]);
    expect(second).toMatchObject({ page: 2, size: 2, total: 3 });
    const oldest = await search({ direction: 'asc' });
    expect(oldest.orders.map((order) => order.id)).toEqual([ids.hanako, ids.taro, ids.jiro]);
    const byVisit = await search({ sort: 'visit', direction: 'asc' });
    const starts = byVisit.orders.map((order) => Date.parse(order.visit_starts_at ?? ''));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(byVisit.orders).toHaveLength(3);
  });

  it('refuses a member without orders:read, another venue, and a bad query naming the field', async () => {
    const outsider = await memberWith(['catalogue:read']);
    expect((await outsider.get('venues/demo/orders')).status).toBe(403);
    expect((await outsider.get('venues/demo/orders/export.csv')).status).toBe(403);
    expect((await outsider.get('venues/demo/orders/export.xlsx')).status).toBe(403);
    expect((await outsider.get('venues/demo/orders/products')).status).toBe(403);
    expect((await reader.get('venues/cafe-lumen/orders')).status).toBe(404);
    expect((await reader.get('venues/cafe-lumen/orders/export.csv')).status).toBe(404);

    for (const [query, field] of [
      ['size=101', 'size'],
      ['size=0', 'size'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1000', 'page'],
      ['status=lost', 'status'],
      ['channel=fax', 'channel'],
      ['sort=price', 'sort'],
      ['direction=up', 'direction'],
      ['from=2025-13-01', 'from'],
      ['from=2025-05-02&to=2025-05-01', 'to'],
      ['time_span_id=-1', 'time_span_id'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const answer = await reader.get<ErrorAnswer>(`venues/demo/orders?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.field, query).toBe(field);
    }
    const badExport = await reader.get<ErrorAnswer>('venues/demo/orders/export.csv?lang=xx');
    expect(badExport.status).toBe(400);
    expect(badExport.body.field).toBe('lang');
  });

  it('reads an export batch after batch from the last row of the one before, in either order, each order once', async () => {
    const venue = { id: await siteId('demo'), timeZone: 'Asia/Tokyo', currency: 'JPY' };
    const all = async (sort: 'completed_at' | 'visit', direction: 'asc' | 'desc') => {
      const found: string[] = [];
      for await (const batch of ordersForExport(ctx.db, orderReads, venue, { q: undefined }, { sort, direction }, 1)) {
        found.push(...batch.map((order) => order.id));
      }
      return found;
    };
    expect(await all('completed_at', 'desc')).toEqual([ids.jiro, ids.taro, ids.hanako]);
    expect(await all('completed_at', 'asc')).toEqual([ids.hanako, ids.taro, ids.jiro]);
    const byVisit = (await search({ sort: 'visit', direction: 'desc' })).orders.map((order) => order.id);
    expect(await all('visit', 'desc')).toEqual(byVisit);
    expect(await all('visit', 'asc')).toEqual([...byVisit].reverse());
  });

  const download = (path: string) => {
    const cookie = [...reader.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return server.app.inject({ method: 'GET', url: `/console/api/v1/venues/demo/${path}`, headers: { cookie } });
  };
  const exportEntries = () =>
    rows<{ action: string; object_type: string; venue_code: string; changes: Record<string, unknown> }>(
      ctx.db,
      sql`select action, object_type, venue_code, changes from audit_log where object_type = 'orders' order by id`,
    );

  it('exports the search as CSV with the time zone and currency in its headings, and audits the export', async () => {
    const before = (await exportEntries()).length;
    const response = await download('orders/export.csv?status=partly_cancelled&lang=en&headings=keys');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-demo-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'reservation_number,name,email,phone,product,visit_date (Asia/Tokyo),visit_time (Asia/Tokyo),quantity,total (JPY),refunded (JPY),coupons,options,status,refund_status,channel,completed_at (Asia/Tokyo)',
    );
    expect(lines).toHaveLength(2);
    // A phone number starting with + is made text, so a spreadsheet does not read it as a formula.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${taro.reservationNumber},Taro Suzuki,taro@example.com,'\\+81 3 1111 2222,[^,]+,\\d{4}-\\d{2}-\\d{2},\\d{2}:\\d{2}–\\d{2}:\\d{2},3,${taro.total},1000,WELCOME-10,[^,]+ ×3,partly_cancelled,pending,web,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`,
      ),
    );
    const entries = await exportEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toEqual({
      action: 'exported',
      object_type: 'orders',
      venue_code: 'demo',
      changes: { format: 'csv', filters: { status: 'partly_cancelled' }, sort: 'completed_at', direction: 'desc' },
    });
  });

  /** A download made while the shop's clock, the server's and its database's, says `at`. */
  const downloadAt = async (at: string, path: string) => {
    await setClock([ctx.db], at);
    try {
      return await download(path);
    } finally {
      await resetClock([ctx.db]);
    }
  };

  it('names the file by the venue’s wall clock, not UTC', async () => {
    // 15:05 UTC on 30 June is five past midnight on 1 July in Tokyo. Both instants are before the
    // member signed in, so the session is neither expired nor idle at them.
    const csv = await downloadAt('2026-06-30T15:05:00Z', 'orders/export.csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="orders-demo-2026-07-01-0005.csv"');
    const xlsx = await downloadAt('2025-12-02T00:30:00Z', 'orders/export.xlsx');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="orders-demo-2025-12-02-0930.xlsx"');
  });

  it('exports the search as XLSX that reads back with the same rows', async () => {
    const response = await download('orders/export.xlsx?sort=visit&direction=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('orders');
    if (!sheet) throw new Error('no orders sheet');
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    // No language asked: the headings are in the member's own (Japanese).
    expect(values(1)).toEqual([
      '予約番号',
      '氏名',
      'メールアドレス',
      '電話番号',
      '商品',
      '来場日 (Asia/Tokyo)',
      '来場時間 (Asia/Tokyo)',
      '人数',
      '合計 (JPY)',
      '返金額 (JPY)',
      'クーポン',
      'オプション',
      '状態',
      '返金の状況',
      '販売チャネル',
      '注文日時 (Asia/Tokyo)',
    ]);
    expect(sheet.rowCount).toBe(4);
    const numbers = [2, 3, 4].map((index) => values(index)[0]);
    expect(numbers.sort()).toEqual([hanako.reservationNumber, taro.reservationNumber, jiro.reservationNumber].sort());
    const jiroRow = [2, 3, 4].map(values).find((row) => row[0] === jiro.reservationNumber);
    expect(jiroRow?.slice(1, 4)).toEqual(['山田 次郎', 'jiro@example.com', '080-5555-6666']);
    expect(jiroRow?.[7]).toBe(1);
    expect(jiroRow?.[8]).toBe(jiro.total);
    // Days and times are date cells holding the venue's wall clock; amounts and counts are numbers.
    const jiroIndex = [2, 3, 4].find((index) => values(index)[0] === jiro.reservationNumber) ?? 0;
    const cell = (column: number) => sheet.getRow(jiroIndex).getCell(column);
    expect(cell(6).value).toBeInstanceOf(Date);
    expect(cell(6).numFmt).toBe('yyyy-mm-dd');
    expect(cell(16).value).toBeInstanceOf(Date);
    expect(cell(16).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const [completed] = await rows<{ local: string }>(
      ctx.db,
      sql`select to_char(completed_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS') as local
          from orders where id = ${ids.jiro}`,
    );
    expect((cell(16).value as Date).toISOString().slice(0, 19)).toBe(completed?.local);
    expect(cell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(9).numFmt).toBe('#,##0');
    expect(cell(10).type).toBe(ExcelJS.ValueType.Number);
    // The standing and the channel in the headings' words, as the console's order list shows them.
    // Nothing went back to Jiro: where his refunds stand is an empty cell.
    expect(jiroRow?.slice(9, 15)).toEqual([0, undefined, expect.stringMatching(/ ×1$/), 'キャンセル', undefined, '窓口 (POS)']);
    const hanakoRow = [2, 3, 4].map(values).find((row) => row[0] === hanako.reservationNumber);
    const [option] = await rows<{ name: string }>(
      ctx.db,
      sql`select coalesce(po.name->>'ja', po.name->>'en') as name from orders o
          join product_options po on po.id = (o.option_values->0->>'option_value_id')::int where o.id = ${ids.hanako}`,
    );
    expect(option?.name).toBeTruthy();
    expect(hanakoRow?.[11]).toBe(`${option?.name} ×2`);
    const taroRow = [2, 3, 4].map(values).find((row) => row[0] === taro.reservationNumber);
    expect(taroRow?.slice(8, 11)).toEqual([taro.total, 1000, 'WELCOME-10']);
    const [entry] = (await exportEntries()).slice(-1);
    expect(entry?.changes).toEqual({ format: 'xlsx', filters: {}, sort: 'visit', direction: 'asc' });
  });

  it('words the headings, standings and channels in the console’s language, else the member’s, and keeps the keys for machines', async () => {
    const team = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [await siteId('demo')] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    await ctx.db.execute(sql`update staff_accounts set language = 'en' where id = ${member.id}`);
    const client = consoleClient(server.app, { ip: '192.0.2.31' });
    await signIn(client, member.email);
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const heading = async (query: string) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/console/api/v1/venues/demo/orders/export.csv${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0];
    };
    expect(await heading('')).toBe(
      'Reservation number,Name,Email,Phone,Product,Visit date (Asia/Tokyo),Visit time (Asia/Tokyo),Admissions,Total (JPY),Refunded (JPY),Coupons,Options,Status,Refunds,Channel,Ordered at (Asia/Tokyo)',
    );
    expect(await heading('?lang=ja')).toBe(
      '予約番号,氏名,メールアドレス,電話番号,商品,来場日 (Asia/Tokyo),来場時間 (Asia/Tokyo),人数,合計 (JPY),返金額 (JPY),クーポン,オプション,状態,返金の状況,販売チャネル,注文日時 (Asia/Tokyo)',
    );
    expect((await heading('?lang=th'))?.split(',')[0]).toBe('หมายเลขการจอง');
    expect(await heading('?lang=ja&headings=keys')).toBe(
      'reservation_number,name,email,phone,product,visit_date (Asia/Tokyo),visit_time (Asia/Tokyo),quantity,total (JPY),refunded (JPY),coupons,options,status,refund_status,channel,completed_at (Asia/Tokyo)',
    );
    // The standings and the channel of a row are worded as the headings are; with the keys, keys.
    const standingAndChannel = async (query: string) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/console/api/v1/venues/demo/orders/export.csv?status=partly_cancelled${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [, line] = parseCsv(response.rawPayload.subarray(3).toString('utf8')) as string[][];
      return line?.slice(12, 15);
    };
    expect(await standingAndChannel('')).toEqual(['Partly cancelled', 'refund waiting for the provider', 'Web shop']);
    expect(await standingAndChannel('&lang=ja')).toEqual(['一部キャンセル', '返金が決済会社の処理待ち', 'Web ショップ']);
    expect(await standingAndChannel('&lang=zh-hans')).toEqual(['部分取消', '退款等待支付机构处理', '网上商店']);
    expect(await standingAndChannel('&lang=zh-hant')).toEqual(['部分取消', '退款等待支付機構處理', '網路商店']);
    expect(await standingAndChannel('&lang=kr')).toEqual(['일부 취소', '환불이 결제사 처리 대기 중', '웹 판매 페이지']);
    expect(await standingAndChannel('&lang=th')).toEqual(['ยกเลิกบางส่วน', 'การคืนเงินรอผู้ให้บริการชำระเงิน', 'ร้านค้าออนไลน์']);
    expect(await standingAndChannel('&lang=ja&headings=keys')).toEqual(['partly_cancelled', 'pending', 'web']);
    const bad = await reader.get<ErrorAnswer>('venues/demo/orders/export.xlsx?headings=machine');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('headings');
  });
});
