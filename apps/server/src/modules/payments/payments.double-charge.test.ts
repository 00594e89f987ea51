/**
 * One order, one kept payment (decision 009). A visitor who cancels a 3-D Secure attempt and pays
 * with another card must never end with two captured charges: the cancel voids the first attempt
 * at the gateway, and any capture that still arrives for an order or date change that another
 * payment completed is refunded and recorded — on the return, on a notification or by the reconciler.
 */
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules, slotState } from '../../../test/date-changes.ts';
import { CUSTOMER, freshSlot, orderBody, slotCounters } from '../../../test/orders.ts';
import { answerGateway as answerGateway_, type CheckoutReply, card } from '../../../test/payments.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from './providers/sandbox-gateway.ts';

type Answer = CheckoutReply;

describeEachEngine('one kept payment per order', (ctx) => {
  const test = useTestApp(ctx);
  const api = () => apiFor(test.app, 'demo');
  beforeAll(async () => {
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 60);
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0, feePerAdmission: 500 });
  });

  async function readyOrder(method: string, quantity = 1) {
    const slot = await freshSlot(ctx.db, 'demo', 10);
    const created = await api().post<{ order_token: string }>('orders', orderBody(slot, quantity));
    const token = created.body.order_token;
    expect((await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: method })).status).toBe(200);
    return { token, slot };
  }

  /** The visitor's answer on the gateway's page (whatever the gateway then does with it). */
  const answerGateway = async (redirectUrl: string, action: string) => {
    await answerGateway_(test.app, redirectUrl, action);
  };

  /** A gateway that lost the shop's void and captured the attempt anyway. */
  async function gatewayCapturesAnyway(paymentNumber: string) {
    await ctx.db.execute(
      sql`update sandbox_charges set status = 'captured', failure_reason = null where payment_number = ${paymentNumber}`,
    );
  }

  /** What the gateway holds for these attempts, and what the ledger says of them. */
  async function money(paymentNumbers: string[]) {
    const charges = await rows<{ payment_number: string; status: string }>(
      ctx.db,
      sql`select payment_number, status from sandbox_charges where payment_number in ${paymentNumbers} order by created_at`,
    );
    const ledger = await rows<{ payment_number: string; status: string; completing: boolean }>(
      ctx.db,
      sql`select payment_number, status, completed_at is not null as completing from payments
          where payment_number in ${paymentNumbers} order by attempt`,
    );
    return {
      gatewayKept: charges.filter((c) => c.status === 'captured').map((c) => c.payment_number),
      gatewayRefunded: charges.filter((c) => c.status === 'refunded').map((c) => c.payment_number),
      ledger: Object.fromEntries(ledger.map((p) => [p.payment_number, `${p.status}${p.completing ? ' (completed)' : ''}`])),
    };
  }

  async function eventsOf(paymentNumber: string) {
    const found = await rows<{ kind: string }>(
      ctx.db,
      sql`select e.kind from payment_events e join payments p on p.id = e.payment_id
          where p.payment_number = ${paymentNumber} order by e.created_at`,
    );
    return found.map((e) => e.kind);
  }

  it('a cancelled 3-D Secure attempt is voided at the gateway: passing its challenge later charges nothing', async () => {
    const { token, slot } = await readyOrder('gmo_3ds');
    const first = await api().post<Answer>(`orders/checkout/${token}`, {
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.success),
    });
    expect(first.body.status).toBe('requires_action');
    const p1 = first.body.payment_number as string;

    const cancelled = await api().post<Answer>('orders/confirmcheckout', { payment_number: p1, status: 'cancel' });
    expect(cancelled.status).toBe(402);
    expect(cancelled.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });
    // The visitor still has the challenge open in another tab and passes it.
    await answerGateway(first.body.redirect_url as string, 'pass');

    const second = await api().post<Answer>(`orders/checkout/${token}`, {
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.threeDSecure),
    });
    expect(second.body.status).toBe('requires_action');
    const p2 = second.body.payment_number as string;
    await answerGateway(second.body.redirect_url as string, 'pass');
    const completed = await api().post<Answer>('gmo-secure/exe-payment', { md: p2 });
    expect(completed.body.status).toBe('completed');

    const late = await api().post<Answer>('gmo-secure/exe-payment', { md: p1 });
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(await money([p1, p2])).toEqual({
      gatewayKept: [p2],
      gatewayRefunded: [],
      ledger: { [p1]: 'failed', [p2]: 'captured (completed)' },
    });
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 1, held: 0 });
  });

  it('a capture the gateway makes after the cancel is refunded on its return; the order keeps the payment that completed it', async () => {
    const { token } = await readyOrder('gmo_3ds');
    const first = await api().post<Answer>(`orders/checkout/${token}`, {
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.success),
    });
    const p1 = first.body.payment_number as string;
    expect((await api().post<Answer>('orders/confirmcheckout', { payment_number: p1, status: 'cancel' })).status).toBe(402);
    await gatewayCapturesAnyway(p1);

    const second = await api().post<Answer>(`orders/checkout/${token}`, {
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.success),
    });
    const p2 = second.body.payment_number as string;
    await answerGateway(second.body.redirect_url as string, 'pass');
    const completed = await api().post<Answer>('gmo-secure/exe-payment', { md: p2 });
    expect(completed.body.status).toBe('completed');

    const late = await api().post<Answer>('gmo-secure/exe-payment', { md: p1 });
    // The visitor's order stands; the second charge goes back.
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ status: 'completed', reservation_number: completed.body.reservation_number });
    expect(await money([p1, p2])).toEqual({
      gatewayKept: [p2],
      gatewayRefunded: [p1],
      ledger: { [p1]: 'refunded', [p2]: 'captured (completed)' },
    });
    expect(await eventsOf(p1)).toEqual(expect.arrayContaining(['captured_after_failure', 'surplus_capture', 'refunded']));
    // Replayed, nothing more happens.
    expect((await api().post<Answer>('gmo-secure/exe-payment', { md: p1 })).status).toBe(409);
    expect((await money([p1, p2])).gatewayRefunded).toEqual([p1]);
  });

  it('a second capture recorded by a process that stopped before settling it is refunded by the reconciler', async () => {
    const { token } = await readyOrder('gmo');
    const paid = await api().post<Answer>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(paid.body.status).toBe('completed');
    // A stray attempt for the same order that the gateway captured: the ledger knows it was
    // captured, but nothing settled it.
    const [order] = await rows<{ id: string }>(
      ctx.db,
      sql`select o.id from orders o join payments p on p.order_id = o.id where o.reservation_number = ${paid.body.reservation_number}`,
    );
    const stray = 'pay_stray_capture_for_test_0001';
    await ctx.db.execute(sql`
      insert into sandbox_charges (reference, idempotency_key, payment_number, method, amount, currency, scenario, challenge, status, return_url, cancel_url)
      values ('sbx_stray_0001', ${`${order?.id}:2`}, ${stray}, 'gmo', 1000, 'JPY', 'success', 'none', 'captured', 'http://x', 'http://x')`);
    await ctx.db.execute(sql`
      insert into payments (payment_number, order_id, site_id, attempt, idempotency_key, method, provider, amount, currency, status, provider_reference)
      select ${stray}, o.id, o.site_id, 2, ${`${order?.id}:2`}, 'gmo', 'sandbox', 1000, 'JPY', 'captured', 'sbx_stray_0001'
      from orders o where o.id = ${order?.id}`);

    await test.app.reconcilePayments(60);
    const ledger = await rows<{ status: string }>(ctx.db, sql`select status from payments where payment_number = ${stray}`);
    expect(ledger[0]?.status).toBe('refunded');
    expect((await money([stray])).gatewayRefunded).toEqual([stray]);
    expect(await eventsOf(stray)).toEqual(['surplus_capture', 'refunded']);
  });

  it('an order completed before the ledger marked its payment keeps that payment: adopted, not refunded', async () => {
    const { token } = await readyOrder('gmo');
    const paid = await api().post<Answer>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(paid.body.status).toBe('completed');
    const [row] = await rows<{ payment_number: string }>(
      ctx.db,
      sql`select p.payment_number from payments p join orders o on o.id = p.order_id where o.reservation_number = ${paid.body.reservation_number}`,
    );
    const number = row?.payment_number ?? '';
    // As a completion recorded by an earlier version, whose record of the completing payment was lost.
    await ctx.db.execute(sql`update payments set completed_at = null, settled_at = null where payment_number = ${number}`);
    await test.app.reconcilePayments(60);
    expect(await money([number])).toEqual({
      gatewayKept: [number],
      gatewayRefunded: [],
      ledger: { [number]: 'captured (completed)' },
    });
  });

  it('the date-change fee: a cancelled attempt is voided, a capture after it is refunded, the fee is kept once', async () => {
    const bought = await buyTickets(apiFor(test.app, 'demo'), ctx.db, { quantity: 1 });
    const to = await otherSlot(ctx.db, bought.slot.productId, 4);
    const created = await api().post<Answer>(`timechanges/tickets/${bought.reservationToken}`, { lang: 'en', time_span_id: to });
    const changeToken = created.body.time_change_token as string;
    const pay = () =>
      api().post<Answer>(`timechanges/${changeToken}/checkout`, {
        reservation_token: bought.reservationToken,
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
    const first = await pay();
    expect(first.body.status).toBe('requires_action');
    const p1 = first.body.payment_number as string;
    const cancelled = await api().post<Answer>('orders/confirmcheckout', { payment_number: p1, status: 'cancel' });
    expect(cancelled.status).toBe(402);
    // The voided challenge cannot be passed; a gateway that captured it anyway is refunded below.
    await answerGateway(first.body.redirect_url as string, 'pass');
    expect((await money([p1])).gatewayKept).toEqual([]);
    await gatewayCapturesAnyway(p1);

    const second = await pay();
    const p2 = second.body.payment_number as string;
    await answerGateway(second.body.redirect_url as string, 'pass');
    expect((await api().post<Answer>('gmo-secure/exe-payment', { md: p2 })).body.status).toBe('completed');
    const late = await api().post<Answer>('gmo-secure/exe-payment', { md: p1 });
    expect(late.body).toMatchObject({ status: 'completed', reservation_number: bought.reservationNumber });
    expect(await money([p1, p2])).toEqual({
      gatewayKept: [p2],
      gatewayRefunded: [p1],
      ledger: { [p1]: 'refunded', [p2]: 'captured (completed)' },
    });
    expect(await slotState(ctx.db, to)).toMatchObject({ sold: 1, held: 0 });
  });
});
