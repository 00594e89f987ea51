import { JOURNAL_KIND_WORDS } from '@storefront/domain/console/key-words';
import { includedTax, type Journal, type JournalLine } from '@storefront/domain/console/reports';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { auditSince, freshAddress, lastAuditId, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot } from '../../../test/orders.ts';
import { seedPaidOrders } from '../../../test/paid-orders.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };

/** The venue's days of the journal, and a day on either side that must stay out of it. */
const FROM = '2025-02-03';
const TO = '2025-02-09';
const DAYS = [
  '2025-02-02',
  '2025-02-03',
  '2025-02-04',
  '2025-02-05',
  '2025-02-06',
  '2025-02-07',
  '2025-02-08',
  '2025-02-09',
  '2025-02-10',
];
const METHODS = ['gmo', 'gmo_paypay', 'alipay', 'd_pay', 'stripe', 'adyen_we_chat_pay'];

/** A small seeded generator: the same data set on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
  };
}

/** An instant at a time of the day of Tokyo. */
const tokyo = (day: string, time: string) => new Date(`${day}T${time}+09:00`);
const tokyoDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short' });

type Expected = Map<string, { count: number; amount: number }>;

/** The journal's lines computed from the ledger's rows here, without the journal's SQL. */
async function fromTheLedger(db: Database, siteId: number, from: string, to: string) {
  const payments = await rows<{ id: string; method: string; amount: number; completed_at: Date | string | null }>(
    db,
    sql`select id::text, method, amount, completed_at from payments where site_id = ${siteId}`,
  );
  const refunds = await rows<{
    payment_id: string | null;
    kind: string;
    amount: number;
    status: string;
    settled_at: Date | string | null;
  }>(db, sql`select payment_id::text, kind, amount, status, settled_at from refunds where site_id = ${siteId}`);
  const methodOf = new Map(payments.map((payment) => [payment.id, payment.method]));
  const inRange = (at: Date | string | null) => {
    if (at === null) return null;
    const day = tokyoDay.format(new Date(at));
    return day >= from && day <= to ? day : null;
  };
  const add = (into: Expected, key: string, amount: number) => {
    const entry = into.get(key) ?? { count: 0, amount: 0 };
    into.set(key, { count: entry.count + 1, amount: entry.amount + amount });
  };
  const sales: Expected = new Map();
  const refunded: Expected = new Map();
  for (const payment of payments) {
    const day = inRange(payment.completed_at);
    if (day) add(sales, `${day}|${payment.method}`, payment.amount);
  }
  for (const refund of refunds) {
    const day = refund.status === 'succeeded' ? inRange(refund.settled_at) : null;
    const method = refund.kind === 'outside' ? 'outside' : (methodOf.get(refund.payment_id ?? '') ?? 'unknown');
    if (day) add(refunded, `${day}|${method}`, -refund.amount);
  }
  const sum = (map: Expected) => [...map.values()].reduce((total, entry) => total + entry.amount, 0);
  return { sales, refunded, totalSales: sum(sales), totalRefunds: sum(refunded) };
}

const linesOf = (journal: Journal, kind: JournalLine['kind']) =>
  new Map(
    journal.lines
      .filter((line) => line.kind === kind)
      .map((line) => [`${line.date}|${line.payment_method}`, { count: line.count, amount: line.amount }]),
  );

describeEachEngine('the sales journal', (ctx) => {
  const server = useTestApp(ctx);
  let demo: number;
  let accountant: ConsoleClient;

  async function memberWith(rights: Parameters<typeof makeTeam>[1]['rights'], venues: number[]): Promise<ConsoleClient> {
    const team = await makeTeam(ctx.db, { rights, venueIds: venues });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: freshAddress() });
    await signIn(client, member.email);
    return client;
  }

  beforeAll(async () => {
    const db = ctx.db;
    demo = await siteIdOf(db, 'demo');
    const random = generator(18);
    const slot = await freshSlot(db, 'demo', 1000, 3);
    const orderIds = await seedPaidOrders(db, {
      siteId: demo,
      productId: slot.productId,
      optionId: slot.adultOptionId,
      timeSpanId: slot.timeSpanId,
      count: 60,
      unitPrice: 1234,
      label: 'journal',
    });
    // Each order's payment: a method, an amount that is no multiple of 11, a moment over the days.
    const amounts = new Map<string, number>();
    for (const [index, orderId] of orderIds.entries()) {
      const method = random.pick(METHODS);
      const amount = 1234 * (1 + random.below(3)) + random.below(900);
      const day = DAYS[index % DAYS.length] as string;
      const at =
        index === 0
          ? new Date('2025-02-04T14:59:59.999Z') // the last moment of the 4th in Tokyo
          : index === 1
            ? new Date('2025-02-04T15:00:00.000Z') // the first of the 5th
            : tokyo(day, `${String(random.below(24)).padStart(2, '0')}:${String(random.below(60)).padStart(2, '0')}:00`);
      amounts.set(orderId, amount);
      await db.execute(
        sql`update payments set method = ${method}, amount = ${amount}, completed_at = ${at.toISOString()}::timestamptz,
                                settled_at = ${at.toISOString()}::timestamptz
            where order_id = ${orderId}::uuid`,
      );
    }
    const paymentOf = async (orderId: string, attempt = 1) => {
      const [found] = await rows<{ id: string }>(
        db,
        sql`select id::text from payments where order_id = ${orderId}::uuid and attempt = ${attempt}`,
      );
      if (!found) throw new Error(`no payment ${attempt} for ${orderId}`);
      return found.id;
    };
    const order = (index: number) => orderIds[index] as string;

    // A date change paid for with PayPay on the 6th.
    const [change] = await rows<{ id: string }>(
      db,
      sql`insert into time_changes (order_id, token_hash, status, from_time_span_id, to_time_span_id, quantity, lang, paid,
                                    new_subtotal, new_discount, new_total, fee, to_pay, to_refund, resulting_total, expires_at,
                                    completed_at)
          values (${order(2)}::uuid, 'journal-change', 'completed', ${slot.timeSpanId}, ${slot.timeSpanId}, 1, 'en', 1234, 1234, 0,
                  1234, 550, 550, 0, 1784, app_now(), ${tokyo('2025-02-06', '12:00:00').toISOString()}::timestamptz)
          returning id::text`,
    );
    await db.execute(
      sql`insert into payments (order_id, site_id, payment_number, attempt, idempotency_key, method, provider, amount, currency,
                                status, time_change_id, completed_at, settled_at)
          values (${order(2)}::uuid, ${demo}, 'pay_journal_change', 2, 'key_journal_change', 'gmo_paypay', 'sandbox', 550, 'JPY',
                  'captured', ${change?.id}::uuid, ${tokyo('2025-02-06', '12:00:00').toISOString()}::timestamptz, app_now())`,
    );
    // A surplus payment (captured, completing nothing, given back) and a failed attempt: no sales.
    await db.execute(
      sql`insert into payments (order_id, site_id, payment_number, attempt, idempotency_key, method, provider, amount, currency,
                                status, created_at, settled_at)
          values (${order(3)}::uuid, ${demo}, 'pay_journal_surplus', 2, 'key_journal_surplus', 'stripe', 'sandbox', 3000, 'JPY',
                  'refunded', ${tokyo('2025-02-05', '10:00:00').toISOString()}::timestamptz, app_now()),
                 (${order(3)}::uuid, ${demo}, 'pay_journal_failed', 3, 'key_journal_failed', 'gmo', 'sandbox', 2000, 'JPY',
                  'failed', ${tokyo('2025-02-05', '10:00:00').toISOString()}::timestamptz, app_now())`,
    );

    const refund = async (values: {
      order: string;
      payment: string | null;
      amount: number;
      status: 'pending' | 'succeeded' | 'failed';
      settledAt: Date | null;
      key: string;
    }) =>
      db.execute(
        sql`insert into refunds (order_id, site_id, payment_id, kind, amount, currency, status, idempotency_key, reason,
                                 requested_by, settled_at)
            values (${values.order}::uuid, ${demo}, ${values.payment}::uuid, ${values.payment ? 'provider' : 'outside'},
                    ${values.amount}, 'JPY', ${values.status}, ${values.key}, 'test', 'staff',
                    ${values.settledAt ? values.settledAt.toISOString() : null}::timestamptz)`,
      );
    // Refunds through the provider over the days, one on the first moment of the 9th, one just after the range.
    for (let index = 4; index < 16; index += 1) {
      const day = DAYS[1 + (index % 7)] as string;
      const at =
        index === 4
          ? new Date('2025-02-08T15:00:00.000Z')
          : index === 5
            ? new Date('2025-02-09T15:00:00.000Z')
            : tokyo(day, `${String(random.below(24)).padStart(2, '0')}:15:00`);
      const amount = 1 + random.below(amounts.get(order(index)) ?? 1000);
      await refund({
        order: order(index),
        payment: await paymentOf(order(index)),
        amount,
        status: 'succeeded',
        settledAt: at,
        key: `r${index}`,
      });
    }
    // Part of the date change's payment given back.
    await refund({
      order: order(2),
      payment: await paymentOf(order(2), 2),
      amount: 217,
      status: 'succeeded',
      settledAt: tokyo('2025-02-07', '09:00:00'),
      key: 'r-change',
    });
    // Money given back outside the system, twice on one day.
    await refund({
      order: order(20),
      payment: null,
      amount: 800,
      status: 'succeeded',
      settledAt: tokyo('2025-02-07', '11:00:00'),
      key: 'o1',
    });
    await refund({
      order: order(21),
      payment: null,
      amount: 1501,
      status: 'succeeded',
      settledAt: tokyo('2025-02-07', '16:00:00'),
      key: 'o2',
    });
    // A refund the provider refused, and one still waiting: neither counts.
    await refund({
      order: order(22),
      payment: await paymentOf(order(22)),
      amount: 999,
      status: 'failed',
      settledAt: tokyo('2025-02-07', '12:00:00'),
      key: 'f1',
    });
    await refund({
      order: order(23),
      payment: await paymentOf(order(23)),
      amount: 777,
      status: 'pending',
      settledAt: null,
      key: 'p1',
    });

    // Another venue's takings in the same days never show.
    const cafe = await siteIdOf(db, 'cafe-lumen');
    const cafeSlot = await freshSlot(db, 'cafe-lumen', 100, 3);
    const cafeOrders = await seedPaidOrders(db, {
      siteId: cafe,
      productId: cafeSlot.productId,
      optionId: cafeSlot.adultOptionId,
      timeSpanId: cafeSlot.timeSpanId,
      count: 3,
      label: 'journal-cafe',
    });
    await db.execute(
      sql`update payments set completed_at = ${tokyo('2025-02-05', '12:00:00').toISOString()}::timestamptz
          where order_id in (${sql.join(
            cafeOrders.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );

    // The venue names one method its own way, and no longer offers another.
    await db.execute(
      sql`insert into texts (site_id, lang, key, value) values (${demo}, 'en', 'payment_method_stripe', 'Card (Stripe)')
          on conflict (site_id, lang, key) do update set value = excluded.value`,
    );
    await db.execute(sql`delete from payment_methods where site_id = ${demo} and method = 'd_pay'`);

    accountant = await memberWith(['reports:read'], [demo]);
  });

  const journal = async (query: string) => {
    const answer = await accountant.get<Journal>(`venues/demo/reports/journal?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it('reconciles with the payment ledger to the yen, per day and payment method', async () => {
    for (const [from, to] of [
      [FROM, TO],
      ['2025-02-04', '2025-02-04'],
      ['2025-02-05', '2025-02-05'],
      ['2025-02-09', '2025-02-09'],
    ] as const) {
      const found = await journal(`from=${from}&to=${to}&lang=en`);
      const ledger = await fromTheLedger(ctx.db, demo, from, to);
      expect(linesOf(found, 'sale'), `${from}..${to}`).toEqual(ledger.sales);
      expect(linesOf(found, 'refund'), `${from}..${to}`).toEqual(ledger.refunded);
      expect(found.totals).toEqual({
        sales: ledger.totalSales,
        refunds: ledger.totalRefunds,
        amount: ledger.totalSales + ledger.totalRefunds,
        tax: found.lines.reduce((sum, line) => sum + includedTax(line.amount), 0),
        net: found.lines.reduce((sum, line) => sum + line.amount - includedTax(line.amount), 0),
      });
      for (const line of found.lines) {
        expect(line.tax).toBe(includedTax(line.amount));
        expect(line.net).toBe(line.amount - line.tax);
        expect(line.date >= from && line.date <= to).toBe(true);
      }
      expect(found).toMatchObject({ venue: 'demo', time_zone: 'Asia/Tokyo', currency: 'JPY', tax_rate: 10, range: { from, to } });
    }
    const whole = await journal(`from=${FROM}&to=${TO}`);
    // The data set has what the journal must tell apart: several methods and days, both kinds.
    expect(new Set(whole.lines.map((line) => line.date)).size).toBe(7);
    expect(new Set(whole.lines.map((line) => line.payment_method)).size).toBeGreaterThanOrEqual(5);
    expect(whole.totals.refunds).toBeLessThan(0);
    // The date change's payment is a sale, and the part of it given back a refund under its method.
    const changeDay = whole.lines.find(
      (line) => line.date === '2025-02-06' && line.payment_method === 'gmo_paypay' && line.kind === 'sale',
    );
    expect(changeDay?.amount).toBeGreaterThanOrEqual(550);
    // The tax a tax-inclusive amount includes, rounded down, towards zero for a refund.
    expect([includedTax(1100), includedTax(1234), includedTax(-1234), includedTax(-10) + 0]).toEqual([100, 112, -112, 0]);
  });

  it('places a payment and a refund on the venue’s own day, to the last moment of it', async () => {
    const [edges] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from payments
          where site_id = ${demo} and completed_at in ('2025-02-04T14:59:59.999Z', '2025-02-04T15:00:00Z')`,
    );
    expect(edges?.n).toBe(2);
    /** Payments kept between two instants, counted by SQL on the instants alone. */
    const keptBetween = async (start: string, end: string) =>
      (
        await rows<{ n: number; amount: number }>(
          ctx.db,
          sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as amount from payments
              where site_id = ${demo} and completed_at >= ${start}::timestamptz and completed_at < ${end}::timestamptz`,
        )
      )[0];
    const sales = (j: Journal) => {
      const lines = j.lines.filter((line) => line.kind === 'sale');
      return { n: lines.reduce((sum, line) => sum + line.count, 0), amount: lines.reduce((sum, line) => sum + line.amount, 0) };
    };
    // Tokyo's 4th runs from 15:00 UTC on the 3rd to 15:00 UTC on the 4th.
    expect(sales(await journal('from=2025-02-04&to=2025-02-04'))).toEqual(
      await keptBetween('2025-02-03T15:00:00Z', '2025-02-04T15:00:00Z'),
    );
    expect(sales(await journal('from=2025-02-05&to=2025-02-05'))).toEqual(
      await keptBetween('2025-02-04T15:00:00Z', '2025-02-05T15:00:00Z'),
    );
    // A refund settled at 15:00 UTC on the 8th is the 9th's; one at 15:00 UTC on the 9th the 10th's.
    const refundsOn = async (day: string) =>
      (await journal(`from=${day}&to=${day}`)).lines
        .filter((line) => line.kind === 'refund')
        .reduce((n, line) => n + line.count, 0);
    const [settled] = await rows<{ ninth: number; tenth: number }>(
      ctx.db,
      sql`select count(*) filter (where settled_at >= '2025-02-08T15:00:00Z' and settled_at < '2025-02-09T15:00:00Z')::int as ninth,
                 count(*) filter (where settled_at >= '2025-02-09T15:00:00Z' and settled_at < '2025-02-10T15:00:00Z')::int as tenth
          from refunds where site_id = ${demo} and status = 'succeeded'`,
    );
    expect(await refundsOn('2025-02-09')).toBe(settled?.ninth);
    expect(await refundsOn('2025-02-10')).toBe(1);
    expect(settled?.tenth).toBe(1);
  });

  it('names the methods as the venue does, in the caller’s language, in the venue’s order', async () => {
    const en = await journal(`from=${FROM}&to=${TO}&lang=en`);
    const label = (j: Journal, method: string) => j.lines.find((line) => line.payment_method === method)?.payment_method_label;
    expect(label(en, 'gmo')).toBe('Credit card (GMO)');
    expect(label(en, 'gmo_paypay')).toBe('PayPay (GMO)');
    expect(label(en, 'stripe')).toBe('Card (Stripe)');
    expect(label(en, 'd_pay')).toBe('d Payment');
    expect(label(en, 'outside')).toBe('Outside the system (cash, bank transfer)');
    const ja = await journal(`from=${FROM}&to=${TO}&lang=ja`);
    expect(label(ja, 'gmo')).toBe('クレジットカード（GMO）');
    expect(label(ja, 'outside')).toBe('システム外（現金・銀行振込など）');
    const [venueDefault] = await rows<{ code: string }>(
      ctx.db,
      sql`select code from site_languages where site_id = ${demo} order by is_default desc, display_position, code limit 1`,
    );
    const byDefault = await journal(`from=${FROM}&to=${TO}`);
    const inDefault = await journal(`from=${FROM}&to=${TO}&lang=${venueDefault?.code}`);
    expect(byDefault.lines.map((line) => line.payment_method_label)).toEqual(
      inDefault.lines.map((line) => line.payment_method_label),
    );

    const positions = new Map(
      (
        await rows<{ method: string; position: number }>(
          ctx.db,
          sql`select method, min(position)::int as position from payment_methods where site_id = ${demo} group by method`,
        )
      ).map((row) => [row.method, row.position]),
    );
    const rank = (method: string) => (method === 'outside' ? 2e9 : (positions.get(method) ?? 1e9));
    const keys = en.lines.map((line) => [line.date, line.kind === 'sale' ? 0 : 1, rank(line.payment_method)] as const);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2] - b[2]);
    expect(keys).toEqual(sorted);
  });

  const download = (client: ConsoleClient, query: string) => {
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return server.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/reports/journal/export?${query}`,
      headers: { cookie },
    });
  };
  const HEADINGS = [
    'date (Asia/Tokyo)',
    'kind',
    'payment_method',
    'payment_method_name',
    'count',
    'amount (JPY)',
    'tax (JPY)',
    'net (JPY)',
  ];

  it('exports the journal as CSV with its lines and totals, the time zone and currency in the headings, audited', async () => {
    const expected = await journal(`from=${FROM}&to=${TO}&lang=en`);
    const before = await lastAuditId(ctx.db);
    const response = await download(accountant, `from=${FROM}&to=${TO}&format=csv&lang=en&headings=keys`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="journal-demo-${FROM}-${TO}.csv"`);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(raw.subarray(3).toString('utf8'));
    expect(records[0]).toEqual(HEADINGS);
    expect(records.slice(1, -1)).toEqual(
      expected.lines.map((line) => [
        line.date,
        line.kind,
        line.payment_method,
        line.payment_method_label,
        String(line.count),
        String(line.amount),
        String(line.tax),
        String(line.net),
      ]),
    );
    expect(records.at(-1)).toEqual([
      'total',
      '',
      '',
      '',
      '',
      String(expected.totals.amount),
      String(expected.totals.tax),
      String(expected.totals.net),
    ]);
    // The file's lines add up to its totals row.
    const column = (index: number) => records.slice(1, -1).reduce((sum, record) => sum + Number(record[index]), 0);
    expect([column(5), column(6), column(7)]).toEqual([expected.totals.amount, expected.totals.tax, expected.totals.net]);
    const audit = await auditSince(ctx.db, before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_type: 'staff',
      venue_code: 'demo',
      object_type: 'report',
      object_id: 'journal',
      action: 'exported',
      changes: { report: 'journal', range: { from: FROM, to: TO }, format: 'csv' },
    });
  });

  it('words the headings, kinds and totals in the member’s own language when the console names none, and keeps keys when asked', async () => {
    const heading = async (query: string) => {
      const response = await download(accountant, `from=${FROM}&to=${TO}&format=csv${query}`);
      expect(response.statusCode).toBe(200);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0];
    };
    // The accountant's account is Japanese.
    expect(await heading('')).toBe(
      '日付 (Asia/Tokyo),区分,決済方法コード,決済方法,件数,金額（税込） (JPY),消費税 (JPY),税抜金額 (JPY)',
    );
    expect(await heading('&lang=en')).toBe(
      'Day (Asia/Tokyo),Kind,Payment method code,Payment method,Count,Amount (tax incl.) (JPY),Consumption tax (JPY),Net of tax (JPY)',
    );
    expect(await heading('&lang=ja&headings=keys')).toBe(HEADINGS.join(','));
    // The kinds and the totals row's label are worded as the headings are, and stay keys with them.
    const kindsAndLabel = async (query: string) => {
      const response = await download(accountant, `from=${FROM}&to=${TO}&format=csv${query}`);
      const records: string[][] = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
      return { kinds: new Set(records.slice(1, -1).map((record) => record[1])), label: records.at(-1)?.[0] };
    };
    expect(await kindsAndLabel('')).toEqual({ kinds: new Set(['売上', '返金']), label: '合計' });
    expect(await kindsAndLabel('&lang=en')).toEqual({ kinds: new Set(['Sales', 'Refunds']), label: 'Total' });
    expect(await kindsAndLabel('&lang=kr')).toEqual({ kinds: new Set(['매출', '환불']), label: '합계' });
    expect(await kindsAndLabel('&lang=en&headings=keys')).toEqual({ kinds: new Set(['sale', 'refund']), label: 'total' });
    const bad = await download(accountant, `from=${FROM}&to=${TO}&format=csv&headings=words-please`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'headings' });
  });

  it('exports the journal as XLSX that reads back with the same lines and totals, days as dates and amounts as numbers', async () => {
    const expected = await journal(`from=${FROM}&to=${TO}&lang=ja`);
    const before = await lastAuditId(ctx.db);
    const response = await download(accountant, `from=${FROM}&to=${TO}&format=xlsx&lang=ja`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="journal-demo-${FROM}-${TO}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('journal');
    if (!sheet) throw new Error('no journal sheet');
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    // Headings in the console's language (Japanese here), the zone and currency beside them.
    expect(values(1)).toEqual([
      '日付 (Asia/Tokyo)',
      '区分',
      '決済方法コード',
      '決済方法',
      '件数',
      '金額（税込） (JPY)',
      '消費税 (JPY)',
      '税抜金額 (JPY)',
    ]);
    expect(sheet.rowCount).toBe(expected.lines.length + 2);
    expected.lines.forEach((line, index) => {
      expect(values(index + 2)).toEqual([
        // The day is a date cell: the venue's day, as the heading's time zone says.
        new Date(`${line.date}T00:00:00Z`),
        // The kind in the console's words, as its journal screen shows it.
        JOURNAL_KIND_WORDS.ja[line.kind],
        line.payment_method,
        line.payment_method_label,
        line.count,
        line.amount,
        line.tax,
        line.net,
      ]);
    });
    if (expected.lines.length > 0) {
      expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
      expect(sheet.getRow(2).getCell(6).type).toBe(ExcelJS.ValueType.Number);
      expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0');
    }
    const totals = values(expected.lines.length + 2);
    expect([totals[0], totals[5], totals[6], totals[7]]).toEqual([
      '合計',
      expected.totals.amount,
      expected.totals.tax,
      expected.totals.net,
    ]);
    const audit = await auditSince(ctx.db, before);
    expect(audit.map((row) => row.changes)).toEqual([{ report: 'journal', range: { from: FROM, to: TO }, format: 'xlsx' }]);
  });

  describe('refusals', () => {
    it('refuses a bad query with a 400 naming the field, and writes no audit entry', async () => {
      const before = await lastAuditId(ctx.db);
      for (const [path, field] of [
        [`reports/journal?from=${FROM}`, 'to'],
        [`reports/journal?to=${TO}`, 'from'],
        ['reports/journal?from=2025-02-31&to=2025-03-01', 'from'],
        ['reports/journal?from=2025-02-05&to=2025-02-04', 'to'],
        ['reports/journal?from=2024-01-01&to=2025-01-01', 'to'],
        [`reports/journal?from=${FROM}&to=${TO}&lang=xx`, 'lang'],
        [`reports/journal/export?from=${FROM}&format=csv`, 'to'],
        [`reports/journal/export?from=${FROM}&to=${TO}&format=pdf`, 'format'],
        [`reports/journal/export?from=${FROM}&to=${TO}`, 'format'],
        ['reports/journal/export?from=2024-01-01&to=2025-01-01&format=xlsx', 'to'],
      ] as const) {
        const answer = await accountant.get<ErrorAnswer>(`venues/demo/${path}`);
        expect(answer.status, path).toBe(400);
        expect(answer.body.field, path).toBe(field);
      }
      // A leap year's 366 days are one report.
      expect((await accountant.get('venues/demo/reports/journal?from=2024-01-01&to=2024-12-31')).status).toBe(200);
      expect((await auditSince(ctx.db, before)).filter((row) => row.object_type === 'report')).toEqual([]);
    });

    it('refuses a member without reports:read and a venue outside the member’s teams', async () => {
      const orders = await memberWith(['orders:read'], [demo]);
      expect((await orders.get(`venues/demo/reports/journal?from=${FROM}&to=${TO}`)).status).toBe(403);
      expect((await download(orders, `from=${FROM}&to=${TO}&format=csv`)).statusCode).toBe(403);
      expect((await accountant.get(`venues/cafe-lumen/reports/journal?from=${FROM}&to=${TO}`)).status).toBe(404);
      const anonymous = consoleClient(server.app, { ip: freshAddress() });
      expect((await anonymous.get(`venues/demo/reports/journal?from=${FROM}&to=${TO}`)).status).toBe(401);
    });
  });
});
