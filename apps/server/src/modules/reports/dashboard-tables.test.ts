/**
 * The dashboard's tables as files, through the real port: every table of a venue's dashboard for
 * a range holds the rows the dashboard's answer holds, and its totals row adds them up; the XLSX
 * file opens with exceljs and says which zone and currency it is in. Orders are written on days far
 * from today, so no clock reaches them by itself.
 */
import { DASHBOARD_TABLES, type Dashboard } from '@storefront/domain/console/reports';
import { startOfDayIn } from '@storefront/domain/dates';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

const RANGE = 'from=2032-06-07&to=2032-06-13';
const tokyo = (day: string, hour: number) => new Date(startOfDayIn(day, 'Asia/Tokyo').getTime() + hour * 3_600_000);

/** A CSV file's records, after its byte-order mark. */
const csvRecords = (payload: Buffer): string[][] => parseCsv(payload.subarray(3).toString('utf8'));

describeEachEngine('dashboard tables as files', (ctx) => {
  const server = useTestApp(ctx);
  let cookie = '';

  const download = (query: string) =>
    server.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/reports/dashboard/export?${query}`,
      headers: { cookie },
    });

  beforeAll(async () => {
    const [site] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
    const [product] = await rows<{ id: number }>(
      ctx.db,
      sql`select id from products where site_id = ${site?.id} order by id limit 1`,
    );
    const options = await rows<{ id: number; price: number }>(
      ctx.db,
      sql`select id, price from product_options where product_id = ${product?.id} order by id`,
    );
    const methods = ['credit_card', 'paypay', null];
    let serial = 0;
    for (const [day, hours] of [
      ['2032-06-07', [10, 14]],
      ['2032-06-09', [11]],
      ['2032-06-13', [10, 15, 16]],
    ] as const) {
      for (const hour of hours) {
        serial += 1;
        const option = options[serial % options.length];
        const quantity = 1 + (serial % 3);
        const total = quantity * (option?.price ?? 1000);
        const [slot] = await rows<{ id: number }>(
          ctx.db,
          sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
              values (${product?.id}, ${day}, ${tokyo(day, hour).toISOString()}, ${tokyo(day, hour + 1).toISOString()}, 10, ${quantity})
              returning id`,
        );
        await ctx.db.execute(
          sql`insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity, option_values,
                                  set_products, payment_method, subtotal, discount, total, expires_at, completed_at, reservation_number)
              values (${site?.id}, ${`tables-token-${serial}`}, 'completed', ${serial % 2 ? 'web' : 'spot'}, 'ja', ${product?.id},
                      ${slot?.id}, ${quantity},
                      ${JSON.stringify([{ option_value_id: option?.id, quantity, unit_price: option?.price ?? 1000 }])}::jsonb,
                      '[]'::jsonb, ${methods[serial % methods.length]}, ${total}, 0, ${total}, ${tokyo(day, hour).toISOString()},
                      ${tokyo(day, hour - 1).toISOString()}, ${`TBL${String(serial).padStart(7, '0')}`})`,
        );
      }
    }
    const team = await makeTeam(ctx.db, { rights: ['reports:read'] });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  });

  it('every table holds the rows of the dashboard, with a totals row that adds them up', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/reports/dashboard?${RANGE}&lang=en`,
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(200);
    const dashboard = answer.json() as Dashboard;
    expect(dashboard.totals.orders).toBe(6);

    for (const table of DASHBOARD_TABLES) {
      const response = await download(`${RANGE}&format=csv&table=${table}&lang=en&headings=keys`);
      expect(response.statusCode, table).toBe(200);
      const [heading, ...records] = csvRecords(response.rawPayload);
      if (table === 'daily') {
        expect(heading).toEqual(['date (Asia/Tokyo)', 'amount (JPY)', 'orders', 'tickets', 'refunded_amount (JPY)']);
        const body = records.slice(0, -1);
        expect(body).toEqual(dashboard.daily.map((d) => [d.date, d.amount, d.orders, d.tickets, d.refunded_amount].map(String)));
        expect(records.at(-1)).toEqual(['total', String(dashboard.totals.amount), '6', String(dashboard.totals.tickets), '0']);
      } else if (table === 'occupancy') {
        expect(records).toHaveLength(dashboard.occupancy.length);
        const sold = records.reduce((sum, record) => sum + Number(record[3]), 0);
        expect(sold).toBe(dashboard.occupancy.reduce((sum, cell) => sum + cell.sold, 0));
      } else {
        const listed = dashboard[table];
        expect(
          records.slice(0, -1).map((record) => record[0]),
          table,
        ).toEqual(listed.map((row) => row.key));
        expect(records.at(-1), table).toEqual([
          'total',
          '',
          String(listed.reduce((sum, row) => sum + row.orders, 0)),
          String(listed.reduce((sum, row) => sum + row.quantity, 0)),
          String(listed.reduce((sum, row) => sum + row.amount, 0)),
        ]);
      }
    }
    // Channels and methods add up to the whole range: every order has one channel and one method line.
    expect(dashboard.channels.reduce((sum, row) => sum + row.amount, 0)).toBe(dashboard.totals.amount);
    expect(dashboard.payment_methods.reduce((sum, row) => sum + row.orders, 0)).toBe(6);
  });

  it('the month as XLSX opens with exceljs and its totals are the dashboard totals', async () => {
    const response = await download(`${RANGE}&format=xlsx&table=daily&lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('daily');
    if (!sheet) throw new Error('no daily sheet');
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    // Headings in the language the console asks in.
    expect(values(1)).toEqual(['Day (Asia/Tokyo)', 'Sales (JPY)', 'Orders', 'Tickets', 'Refunded (JPY)']);
    const last = values(sheet.rowCount);
    // The totals row's label in the headings' language too.
    expect(last[0]).toBe('Total');
    const days = Array.from({ length: sheet.rowCount - 2 }, (_, i) => values(i + 2));
    // Each day is a date cell.
    expect(days.every((day) => day[0] instanceof Date)).toBe(true);
    expect(days.map((day) => (day[0] as Date).toISOString().slice(0, 10))).toEqual([
      '2032-06-07',
      '2032-06-08',
      '2032-06-09',
      '2032-06-10',
      '2032-06-11',
      '2032-06-12',
      '2032-06-13',
    ]);
    expect(last[1]).toBe(days.reduce((sum, day) => sum + Number(day[1]), 0));
    expect(last[2]).toBe(6);
  });

  it('names the channels as the console does in a worded file, and keeps their keys in one kept in keys', async () => {
    const channels = async (query: string) => {
      const response = await download(`${RANGE}&format=csv&table=channels${query}`);
      expect(response.statusCode, query).toBe(200);
      const [, ...records] = csvRecords(response.rawPayload);
      const named = records.map((record) => [record[0], record[1]]);
      // By key, the totals row last.
      return [...named.slice(0, -1).sort((a, b) => String(a[0]).localeCompare(String(b[0]))), named.at(-1)];
    };
    expect(await channels('&lang=ja')).toEqual([
      ['spot', '当日 QR'],
      ['web', 'Web ショップ'],
      ['合計', ''],
    ]);
    expect(await channels('&lang=en')).toEqual([
      ['spot', 'On-the-spot QR'],
      ['web', 'Web shop'],
      ['Total', ''],
    ]);
    expect((await channels('&lang=th')).at(-1)).toEqual(['รวม', '']);
    expect(await channels('&lang=ja&headings=keys')).toEqual([
      ['spot', 'spot'],
      ['web', 'web'],
      ['total', ''],
    ]);
  });
});
