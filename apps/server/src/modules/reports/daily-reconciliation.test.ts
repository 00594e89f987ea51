/**
 * The accountant's three views of a day's money agree: the sales journal's file, the dashboard's
 * figures and the money documents issued to visitors (receipts, re-issued receipts less refund
 * documents). Three days of a venue, made through the shop, the console and the ticket pages:
 * purchases with their receipts, a staff cancellation refunded through the provider, and a date
 * change whose fee the visitor paid by card followed by a re-issued receipt.
 *
 * Each day's steps run now, one after another; then every instant they wrote (completions,
 * settlements, issues) is moved to noon of that day at the venue, keeping their order and spacing,
 * so the days read as a venue would have lived them.
 */
import type { MoneyDocuments, Receipt } from '@storefront/domain/api/tickets';
import type { CancellationPreview } from '@storefront/domain/console/order-refunds';
import type { Dashboard } from '@storefront/domain/console/reports';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { addDays, todayIn } from '@storefront/domain/dates';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { freshAddress, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules } from '../../../test/date-changes.ts';
import { card } from '../../../test/payments.ts';
import { type Bought, buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';
import { summariseClosedDays } from './dashboard-days.ts';

const TIME_ZONE = 'Asia/Tokyo';
const FEE_PER_ADMISSION = 330;
/** How much dearer the slot the second order moves to is, per admission (it has one). */
const DEARER_BY = 500;

type DayMoney = { sales: number; refunds: number; net: number };

describeEachEngine('a day’s money: the journal, the dashboard and the documents agree', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  let staff: ConsoleClient;
  let accountant: ConsoleClient;
  const bookings: Bought[] = [];
  /** Three closed days of the venue, oldest first. */
  const today = todayIn(TIME_ZONE);
  const DAYS = [addDays(today, -3), addDays(today, -2), addDays(today, -1)] as const;
  let refunded = 0;

  const orderIdOf = async (bought: Bought) => {
    const [found] = await rows<{ id: string }>(
      ctx.db,
      sql`select id::text from orders where reservation_number = ${bought.reservationNumber}`,
    );
    if (!found) throw new Error(`no order ${bought.reservationNumber}`);
    return found.id;
  };

  /** The database's clock: what the steps of a day write is on or after it. */
  const databaseNow = async () => {
    const [found] = await rows<{ now: Date | string }>(ctx.db, sql`select app_clock_timestamp() as now`);
    return new Date(found?.now ?? Date.now());
  };

  /** Moves every instant written since `mark` to noon of `day` at the venue, keeping their order and spacing. */
  async function dateSince(mark: Date, day: string) {
    const noon = new Date(`${day}T12:00:00+09:00`).toISOString();
    const since = mark.toISOString();
    const moved = (column: string) =>
      sql.raw(`${column} = case when ${column} >= '${since}'::timestamptz
                 then '${noon}'::timestamptz + (${column} - '${since}'::timestamptz) else ${column} end`);
    const inStep = (columns: string[]) => sql.raw(columns.map((column) => `${column} >= '${since}'::timestamptz`).join(' or '));
    await ctx.db.execute(
      sql`update orders set ${moved('created_at')}, ${moved('completed_at')} where ${inStep(['created_at', 'completed_at'])}`,
    );
    await ctx.db.execute(
      sql`update payments set ${moved('created_at')}, ${moved('completed_at')}, ${moved('settled_at')}
          where ${inStep(['created_at', 'completed_at', 'settled_at'])}`,
    );
    await ctx.db.execute(
      sql`update refunds set ${moved('created_at')}, ${moved('settled_at')} where ${inStep(['created_at', 'settled_at'])}`,
    );
    await ctx.db.execute(
      sql`update time_changes set ${moved('created_at')}, ${moved('completed_at')} where ${inStep(['created_at', 'completed_at'])}`,
    );
    await ctx.db.execute(sql`update tickets set ${moved('cancelled_at')} where ${inStep(['cancelled_at'])}`);
    await ctx.db.execute(sql`update receipts set ${moved('issued_at')} where ${inStep(['issued_at'])}`);
    // A refund document names the day its refund settled, as it was written: that day too.
    await ctx.db.execute(
      sql`update receipts set figures = jsonb_set(figures, '{refundedOn}', to_jsonb(${day}::text))
          where kind = 'refund' and issued_at >= ${noon}::timestamptz and figures ? 'refundedOn'`,
    );
  }

  /** One day's steps, dated that day once done. */
  async function onDay(day: string, steps: () => Promise<void>) {
    const mark = await databaseNow();
    await steps();
    await dateSince(mark, day);
  }

  const receiptFor = async (bought: Bought, addressee: string) => {
    const issued = await api.post<Receipt>(`tickets/${bought.reservationToken}/receipt`, { addressee, lang: 'ja' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return issued.body;
  };

  beforeAll(async () => {
    api = apiFor(test.app, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 60);
    await setDateChangeRules(ctx.db, 'demo', {
      ...DEFAULT_DATE_CHANGE_SETTINGS,
      deadlineMinutes: 0,
      feePerAdmission: FEE_PER_ADMISSION,
    });
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    staff = consoleClient(test.app, { ip: freshAddress() });
    await signIn(staff, owner.email);
    const team = await makeTeam(ctx.db, { rights: ['reports:read'], venueIds: [await siteIdOf(ctx.db, 'demo')] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    accountant = consoleClient(test.app, { ip: freshAddress() });
    await signIn(accountant, member.email);

    // The first day: two purchases, each given its receipt the same day.
    await onDay(DAYS[0], async () => {
      for (const quantity of [2, 1]) {
        const bought = await buyTickets(api, ctx.db, { quantity });
        await receiptFor(bought, `Guest ${bookings.length + 1}`);
        bookings.push(bought);
      }
    });

    // The second day: a third purchase with its receipt; staff cancel one admission of the first
    // order and refund its share through the provider; the visitor's documents then include the
    // refund's.
    await onDay(DAYS[1], async () => {
      const bought = await buyTickets(api, ctx.db, { quantity: 3 });
      await receiptFor(bought, 'Guest 3');
      bookings.push(bought);
      const first = bookings[0] as Bought;
      const orderId = await orderIdOf(first);
      const [, second] = await rows<{ id: string }>(
        ctx.db,
        sql`select id::text from tickets where order_id = ${orderId}::uuid order by position`,
      );
      const preview = await staff.get<CancellationPreview>(`venues/demo/orders/${orderId}/cancellation?tickets=${second?.id}`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      refunded = preview.body.proposed_amount;
      const done = await staff.post(`venues/demo/orders/${orderId}/cancellation`, {
        tickets: [second?.id],
        refund: { mode: 'provider', amount: refunded },
        reason: 'one of the party fell ill',
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const documents = await api.get<MoneyDocuments>(`tickets/${first.reservationToken}/receipts?lang=ja`);
      expect(documents.body.documents.map((document) => document.kind)).toEqual(['receipt', 'refund']);
    });

    // The third day: the second order moves to another slot, the visitor paying the change's fee
    // by card, and has the receipt re-issued for what was paid in all.
    await onDay(DAYS[2], async () => {
      const moving = bookings[1] as Bought;
      const to = await otherSlot(ctx.db, moving.slot.productId, 5);
      // The new slot's admission costs more that day: the visitor pays the difference with the fee.
      await ctx.db.execute(
        sql`insert into slot_prices (time_span_id, option_id, price)
            select ${to}, id, price + ${DEARER_BY} from product_options where id = ${moving.slot.adultOptionId}`,
      );
      const created = await api.post<{ time_change_token: string; amounts: { toPay: number; fee: number } }>(
        `timechanges/tickets/${moving.reservationToken}`,
        { lang: 'ja', time_span_id: to },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.amounts).toMatchObject({ fee: FEE_PER_ADMISSION, toPay: FEE_PER_ADMISSION + DEARER_BY });
      const paid = await api.post<{ status: string }>(`timechanges/${created.body.time_change_token}/checkout`, {
        reservation_token: moving.reservationToken,
        payment_method: 'gmo',
        card: card(SANDBOX_CARDS.success),
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.status).toBe('completed');
      const reissued = await api.post<Receipt>(`tickets/${moving.reservationToken}/receipts/reissue`, { lang: 'ja' });
      expect(reissued.status, JSON.stringify(reissued.body)).toBe(201);
    });
  });

  /** The journal's file for one day, as a program reads it: its lines' sums and its totals row. */
  async function journalFile(day: string): Promise<DayMoney & { totalsRow: number }> {
    const cookie = [...accountant.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await test.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/reports/journal/export?from=${day}&to=${day}&format=csv&headings=keys`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [headings, ...records] = parseCsv(response.rawPayload.subarray(3).toString('utf8')) as string[][];
    const amountAt = headings?.indexOf('amount (JPY)') ?? -1;
    expect(amountAt).toBeGreaterThan(0);
    const totals = records.at(-1) as string[];
    expect(totals[0]).toBe('total');
    const lines = records.slice(0, -1);
    const sum = (kind: string) =>
      lines.filter((line) => line[1] === kind).reduce((total, line) => total + Number(line[amountAt]), 0);
    return {
      sales: sum('sale'),
      refunds: sum('refund'),
      net: sum('sale') + sum('refund'),
      totalsRow: Number(totals[amountAt]),
    };
  }

  /** The dashboard of one day: what was sold, paid for date changes and given back. */
  async function dashboardOf(day: string): Promise<DayMoney & { daily: DayMoney }> {
    const answer = await accountant.get<Dashboard>(`venues/demo/reports/dashboard?from=${day}&to=${day}&lang=en`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { totals, daily } = answer.body;
    const [row] = daily;
    expect(daily).toHaveLength(1);
    return {
      sales: totals.amount + totals.date_change_amount,
      refunds: 0 - totals.refunded_amount,
      net: totals.amount + totals.date_change_amount - totals.refunded_amount,
      // The daily table has no date-change column: its sales are the orders' alone.
      daily: {
        sales: row?.amount ?? Number.NaN,
        refunds: 0 - (row?.refunded_amount ?? Number.NaN),
        net: (row?.amount ?? Number.NaN) - (row?.refunded_amount ?? Number.NaN),
      },
    };
  }

  /**
   * The documents issued on each day, as the visitors read them: a receipt counts what it says
   * was received, a re-issued receipt what it says beyond the one it replaces, and a refund
   * document what it says went back.
   */
  async function documentsByDay(): Promise<Map<string, DayMoney>> {
    const byDay = new Map<string, DayMoney>();
    for (const bought of bookings) {
      const answer = await api.get<MoneyDocuments>(`tickets/${bought.reservationToken}/receipts?lang=ja`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { documents } = answer.body;
      const byNumber = new Map(documents.map((document) => [document.number, document]));
      for (const document of documents) {
        const day = byDay.get(document.issuedOn) ?? { sales: 0, refunds: 0, net: 0 };
        if (document.kind === 'refund') day.refunds -= document.total;
        else day.sales += document.total - (document.replaces ? (byNumber.get(document.replaces)?.total ?? 0) : 0);
        day.net = day.sales + day.refunds;
        byDay.set(document.issuedOn, day);
      }
    }
    return byDay;
  }

  it('makes the three days with money on each: sales, a refund, a date change’s fee', async () => {
    const [first, second, third] = await Promise.all(DAYS.map(journalFile));
    const totalOf = (bought: Bought | undefined) => bought?.total ?? Number.NaN;
    expect(first).toEqual({
      sales: totalOf(bookings[0]) + totalOf(bookings[1]),
      refunds: 0,
      net: totalOf(bookings[0]) + totalOf(bookings[1]),
      totalsRow: totalOf(bookings[0]) + totalOf(bookings[1]),
    });
    expect(refunded).toBeGreaterThan(0);
    expect(second).toEqual({
      sales: totalOf(bookings[2]),
      refunds: -refunded,
      net: totalOf(bookings[2]) - refunded,
      totalsRow: totalOf(bookings[2]) - refunded,
    });
    const change = FEE_PER_ADMISSION + DEARER_BY;
    expect(third).toEqual({ sales: change, refunds: 0, net: change, totalsRow: change });
    // Nothing was dated today.
    expect((await journalFile(today)).net).toBe(0);
  });

  it('gives each day the same sales, refunds and net in the journal’s file and on the dashboard, counted live and kept', async () => {
    const check = async (how: string) => {
      for (const day of DAYS) {
        const file = await journalFile(day);
        const dashboard = await dashboardOf(day);
        expect(file.totalsRow, `${day} ${how}`).toBe(file.net);
        expect({ sales: dashboard.sales, refunds: dashboard.refunds, net: dashboard.net }, `${day} ${how}`).toEqual({
          sales: file.sales,
          refunds: file.refunds,
          net: file.net,
        });
        // The daily table's refunds are the journal's; its sales are the orders', the change's fee apart.
        expect(dashboard.daily.refunds, `${day} ${how}`).toBe(file.refunds);
      }
    };
    await check('counted live');
    // Kept as the summariser keeps them once yesterday has closed (an hour after its end).
    const venue = { id: await siteIdOf(ctx.db, 'demo'), timeZone: TIME_ZONE };
    expect(await summariseClosedDays(ctx.db, [venue], new Date(`${today}T01:01:00+09:00`))).toBeGreaterThanOrEqual(DAYS.length);
    await check('kept as summaries');
  });

  it('gives each day the same net in the journal’s file as the documents issued that day', async () => {
    const documents = await documentsByDay();
    expect([...documents.keys()].sort()).toEqual([...DAYS]);
    for (const day of DAYS) {
      const file = await journalFile(day);
      expect(documents.get(day), day).toEqual({ sales: file.sales, refunds: file.refunds, net: file.net });
    }
  });
});
