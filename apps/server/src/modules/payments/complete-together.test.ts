/**
 * Completions under a rush (decision 030): checkouts captured at the same moment complete in one
 * transaction, each with its own answer, tickets, mail and ledger rows; what the batch leaves out
 * (lapsed places, sold again or refunded) completes alone; a batch that cannot be written keeps
 * nothing and every payment completes alone.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import { type CheckoutReply, card } from '../../../test/payments.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from './providers/sandbox-gateway.ts';

/** Long enough for every checkout of a test to reach the completer while it gathers, even on a loaded machine. */
const GATHER_MS = 1500;

describeEachEngine('payments completed together', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
      publicUrl: () => 'http://shop.test',
      db: ctx.db,
      storefrontDir: fakeStorefrontDir(),
      batchGatherMs: GATHER_MS,
    });
  });
  afterAll(async () => {
    await app.close();
  });
  const api = () => apiFor(app, 'demo');

  async function readyOrder(slot: SlotFixture, quantity: number) {
    const created = await api().post<{ order_token: string }>('orders', orderBody(slot, quantity));
    expect(created.status).toBe(201);
    const token = created.body.order_token;
    expect((await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' })).status).toBe(200);
    return token;
  }

  const checkOut = (token: string) =>
    api().post<CheckoutReply>(`orders/checkout/${token}`, { payment_method: 'gmo', card: card(SANDBOX_CARDS.success) });

  /** Each order of the slot with its tickets, confirmation mails, ledger events and when its payment completed. */
  function ledgerOf(slot: SlotFixture) {
    return rows<{
      quantity: number;
      status: string;
      tickets: number;
      mails: number;
      captures: number;
      completions: number;
      completed_at: string | null;
      begun_at: string;
      payment: string;
    }>(
      ctx.db,
      sql`select o.quantity, o.status,
                 (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
                 (select count(*)::int from outbox m where m.order_id = o.id and m.kind = 'order_confirmation') as mails,
                 (select count(*)::int from payment_events e where e.payment_id = p.id and e.kind = 'captured') as captures,
                 (select count(*)::int from payment_events e where e.payment_id = p.id and e.kind = 'completed') as completions,
                 p.completed_at::text as completed_at, p.created_at::text as begun_at, p.status as payment
          from orders o join payments p on p.order_id = o.id
          where o.time_span_id = ${slot.timeSpanId} and p.status <> 'started'
          order by o.created_at`,
    );
  }

  /** Completed orders of these quantities, each with its tickets, one mail, one capture and one completion. */
  const paidRows = (quantities: number[]) =>
    quantities.map((quantity) => ({
      quantity,
      status: 'completed',
      tickets: quantity,
      mails: 1,
      captures: 1,
      completions: 1,
      payment: 'captured',
    }));
  const withoutTimes = (ledger: Awaited<ReturnType<typeof ledgerOf>>) =>
    ledger.map(({ completed_at, begun_at, ...rest }) => rest);

  it('checkouts paid at the same moment complete in one transaction; lapsed places are sold again or refunded alone', async () => {
    const rush = await freshSlot(ctx.db, 'demo', 10);
    const rushTokens = [];
    for (const quantity of [1, 2, 1, 3]) rushTokens.push(await readyOrder(rush, quantity));
    // An order whose hold lapsed with its places still free, and one whose place someone else took.
    const roomy = await freshSlot(ctx.db, 'demo', 5);
    const roomyToken = await readyOrder(roomy, 2);
    const full = await freshSlot(ctx.db, 'demo', 1);
    const fullToken = await readyOrder(full, 1);
    await ctx.db.execute(
      sql`update stock_holds set expires_at = app_now() - interval '1 second' where time_span_id in (${roomy.timeSpanId}, ${full.timeSpanId})`,
    );
    expect((await api().post('orders', orderBody(full, 1))).status).toBe(201);
    // An order with a coupon (its use is counted alone), and a checkout naming another method than the order's.
    const couponToken = await readyOrder(rush, 1);
    const [coupon] = await rows<{ code: string }>(
      ctx.db,
      sql`select c.code from coupons c join sites s on s.id = c.site_id
          where s.variant = 'demo' and c.discount_type = 'percent' and not c.is_invitation and c.usage_limit is null limit 1`,
    );
    expect((await api().post(`ordercoupons/${couponToken}`, { coupon: coupon?.code })).status).toBe(200);
    const wrongToken = await readyOrder(rush, 1);

    const [answers, couponAnswer, wrongAnswer] = await Promise.all([
      Promise.all([...rushTokens, roomyToken, fullToken].map(checkOut)),
      checkOut(couponToken),
      api().post<CheckoutReply>(`orders/checkout/${wrongToken}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      }),
    ]);
    expect([couponAnswer.status, couponAnswer.body.status]).toEqual([200, 'completed']);
    expect(wrongAnswer.status).toBe(400);
    expect(wrongAnswer.body).toMatchObject({ error: 'invalid request', field: 'payment_method' });
    const [wrongOrder] = await rows<{ status: string; payments: number }>(
      ctx.db,
      sql`select o.status, (select count(*)::int from payments p where p.order_id = o.id) as payments
          from orders o where o.time_span_id = ${rush.timeSpanId} order by o.created_at desc limit 1`,
    );
    expect(wrongOrder).toEqual({ status: 'ready_checkout', payments: 0 });

    const rushAnswers = answers.slice(0, 4);
    expect(rushAnswers.map((a) => [a.status, a.body.status])).toEqual(Array(4).fill([200, 'completed']));
    expect(new Set(rushAnswers.map((a) => a.body.reservation_number)).size).toBe(4);
    expect(new Set(rushAnswers.map((a) => a.body.reservation_token)).size).toBe(4);
    const rushLedger = (await ledgerOf(rush)).slice(0, 4);
    expect(withoutTimes(rushLedger)).toEqual(paidRows([1, 2, 1, 3]));
    // One transaction began all four payments, one completed them: its start time is each one's time.
    expect(new Set(rushLedger.map((row) => row.begun_at)).size).toBe(1);
    expect(new Set(rushLedger.map((row) => row.completed_at)).size).toBe(1);
    // The four and the coupon's order sold; the order with the wrong method still holds its place.
    expect(await slotCounters(ctx.db, rush.timeSpanId)).toEqual({ capacity: 10, sold: 8, held: 1 });

    // Left out of the batch: sold again on the counters, alone.
    expect([answers[4]?.status, answers[4]?.body.status]).toEqual([200, 'completed']);
    const [roomyRow] = await ledgerOf(roomy);
    expect(roomyRow).toMatchObject({ status: 'completed', tickets: 2, mails: 1, captures: 1, completions: 1 });
    expect(roomyRow?.completed_at).not.toBe(rushLedger[0]?.completed_at);
    expect(await slotCounters(ctx.db, roomy.timeSpanId)).toEqual({ capacity: 5, sold: 2, held: 0 });

    // Its place gone: refunded, nothing sold, the visitor told.
    expect(answers[5]?.status).toBe(409);
    expect(answers[5]?.body).toMatchObject({ error: 'payment_api_failure', reason: 'invalid order status' });
    const [fullRow] = await ledgerOf(full);
    expect(fullRow).toMatchObject({ tickets: 0, mails: 0, captures: 1, completions: 0, completed_at: null, payment: 'refunded' });
    expect(await slotCounters(ctx.db, full.timeSpanId)).toEqual({ capacity: 1, sold: 0, held: 1 });
  });

  it('a batch that cannot be written keeps nothing of it, and each payment then completes alone', async () => {
    // Tickets of more than one order in one statement are refused: only a batch writes them so.
    await ctx.db.execute(sql`
      create function refuse_batched_tickets() returns trigger language plpgsql as $$
      begin
        if (select count(distinct order_id) from issued) > 1 then raise exception 'tickets of several orders at once'; end if;
        return null;
      end $$`);
    await ctx.db.execute(sql`
      create trigger refuse_batched_tickets after insert on tickets referencing new table as issued
      for each statement execute function refuse_batched_tickets()`);
    try {
      const slot = await freshSlot(ctx.db, 'demo', 10);
      const tokens = [];
      for (const quantity of [2, 1, 1]) tokens.push(await readyOrder(slot, quantity));
      const answers = await Promise.all(tokens.map(checkOut));
      expect(answers.map((a) => [a.status, a.body.status])).toEqual(Array(3).fill([200, 'completed']));
      const ledger = await ledgerOf(slot);
      expect(withoutTimes(ledger)).toEqual(paidRows([2, 1, 1]));
      // Three transactions, one per payment.
      expect(new Set(ledger.map((row) => row.completed_at)).size).toBe(3);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 4, held: 0 });
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_batched_tickets on tickets`);
      await ctx.db.execute(sql`drop function refuse_batched_tickets()`);
    }
  });
});
