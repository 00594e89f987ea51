/**
 * A venue whose PayPay wallet goes to PayPay, through the whole shop against the local fake of
 * PayPay's Open Payment API: checkout makes a dynamic QR code for the order's total under the
 * payment number, the storefront's wallet return completes it, notifications (unsigned: the shop
 * asks PayPay back) before and after the browser, a return without paying, a code expired unpaid
 * and an attempt abandoned for an hour (its code deleted at PayPay, unless the visitor paid
 * meanwhile), a capture after the order was paid another way refunded through PayPay, and a staff
 * refund through the console.
 */
import type { CancellationResult } from '@storefront/domain/console/order-refunds';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, slotCounters } from '../../../test/orders.ts';
import type { CheckoutReply } from '../../../test/payments.ts';
import { type PayPayFake, paypaySettings, startPayPayFake, transactionNotification } from '../../../test/paypay-fake.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';

describeEachEngine(
  'PayPay through the shop',
  (ctx) => {
    let paypay: PayPayFake;
    let app: FastifyInstance;
    const api = () => apiFor(app, 'demo');

    beforeAll(async () => {
      paypay = await startPayPayFake();
      await ctx.db.execute(sql`update payment_methods set provider = 'paypay'
        where method = 'gmo_paypay' and site_id = (select id from sites where variant = 'demo')`);
      app = await buildApp({
        config: {
          appMode: 'demo',
          appEnv: 'development',
          reconnectSite: null,
          paypay: { ...paypaySettings(paypay), environment: 'STAGING' },
        },
        publicUrl: () => 'http://shop.test',
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
      await app.ready();
    });
    afterEach(() => {
      paypay.beforeHandling = null;
    });
    afterAll(async () => {
      await app?.close();
      await paypay?.close();
    });

    async function readyOrder(quantity = 1) {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const created = await api().post<{ order_token: string }>('orders', orderBody(slot, quantity));
      expect(created.status).toBe(201);
      const token = created.body.order_token;
      const chosen = await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo_paypay' });
      expect(chosen.status).toBe(200);
      return { token, slot };
    }

    /** Checkout with PayPay: the answer and PayPay's code for it. */
    async function startPayPay(token: string) {
      const started = await api().post<CheckoutReply>(`orders/checkout/${token}`, { payment_method: 'gmo_paypay' });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.status).toBe('requires_action');
      const number = started.body.payment_number as string;
      const code = [...paypay.codes.values()].find((c) => c.merchantPaymentId === number);
      if (!code) throw new Error(`PayPay has no code for ${number}`);
      return { number, code, redirectUrl: started.body.redirect_url as string };
    }

    async function state(paymentNumber: string) {
      const [row] = await rows<{ payment: string; order: string; reference: string | null; kept: boolean }>(
        ctx.db,
        sql`select p.status as payment, o.status as "order", p.provider_reference as reference,
                   p.completed_at is not null as kept
              from payments p join orders o on o.id = p.order_id where p.payment_number = ${paymentNumber}`,
      );
      return row;
    }

    /** The order a payment is for. */
    async function orderOf(paymentNumber: string) {
      const [row] = await rows<{ id: string; total: number; reservation_number: string | null }>(
        ctx.db,
        sql`select o.id, o.total, o.reservation_number from orders o join payments p on p.order_id = o.id
             where p.payment_number = ${paymentNumber}`,
      );
      if (!row) throw new Error(`no order for ${paymentNumber}`);
      return row;
    }

    const ticketsOf = async (paymentNumber: string) =>
      (
        await rows<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from tickets t join payments p on p.order_id = t.order_id
               where p.payment_number = ${paymentNumber}`,
        )
      )[0]?.n ?? 0;

    const notify = (body: string) =>
      app.inject({
        method: 'POST',
        url: '/payments/paypay/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });

    const confirm = (paymentNumber: string, status?: 'success' | 'cancel') =>
      api().post<CheckoutReply>('orders/confirmcheckout', { payment_number: paymentNumber, ...(status ? { status } : {}) });

    const age = (paymentNumber: string, minutes: number) =>
      ctx.db.execute(sql`update payments set created_at = app_now() - make_interval(mins => ${minutes}),
        updated_at = app_now() - make_interval(mins => ${minutes}) where payment_number = ${paymentNumber}`);

    /** PayPay's API calls about one payment number or code, as "METHOD path" lines. */
    const callsAbout = (...ids: string[]) =>
      paypay.requests
        .filter((request) => ids.some((id) => request.path.includes(encodeURIComponent(id))))
        .map((request) => `${request.method} ${request.path.split('?')[0]}`);

    it('checkout makes a PayPay code for the order’s total under the payment number; paying and coming back completes the order once', async () => {
      const { token, slot } = await readyOrder(2);
      const { number, code, redirectUrl } = await startPayPay(token);
      const order = await orderOf(number);
      expect(order.total).toBe(slot.adultPrice * 2);

      // The visitor is sent to PayPay's own page for the code, which brings them back to the storefront.
      expect(redirectUrl).toBe(code.url);
      expect(new URL(redirectUrl).origin).toBe(paypay.baseUrl);
      expect(code).toMatchObject({
        merchantPaymentId: number,
        amount: { amount: order.total, currency: 'JPY' },
        redirectType: 'WEB_LINK',
        redirectUrl: `http://shop.test/demo/#/payment-callback/paypay/success?payment_number=${number}&time_change=false`,
      });
      expect(code.orderDescription).toContain(number);
      expect(paypay.requests.every((request) => request.authorized)).toBe(true);
      expect(await state(number)).toMatchObject({ payment: 'requires_action', order: 'paying', reference: code.codeId });
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 0, held: 2 });

      const paid = paypay.pay(number);
      const finished = await confirm(number, 'success');
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      expect(finished.body).toMatchObject({
        status: 'completed',
        reservation_number: expect.stringMatching(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/),
      });
      // The ledger keeps PayPay's id of the payment, which a refund names.
      expect(await state(number)).toMatchObject({
        payment: 'captured',
        order: 'completed',
        reference: paid.paymentId,
        kept: true,
      });
      expect(await ticketsOf(number)).toBe(2);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 2, held: 0 });

      // The return screen loaded again: the same reservation, nothing more sold.
      const again = await confirm(number, 'success');
      expect(again.body).toMatchObject({ status: 'completed', reservation_number: finished.body.reservation_number });
      expect(await ticketsOf(number)).toBe(2);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 2, held: 0 });
      expect(paypay.refunds).toEqual([]);
    });

    it('a notification arriving before the browser completes the order; delivered again, still one completion; the return then finds it completed', async () => {
      const { token, slot } = await readyOrder();
      const { number } = await startPayPay(token);
      paypay.pay(number);

      const body = transactionNotification(number, 'COMPLETED');
      const first = await notify(body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, handled: true });
      expect(await state(number)).toMatchObject({ payment: 'captured', order: 'completed', kept: true });
      const reservation = (await orderOf(number)).reservation_number;
      expect(reservation).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

      // PayPay sends it again: one completion still.
      expect((await notify(body)).json()).toEqual({ received: true, handled: true });
      expect(await ticketsOf(number)).toBe(1);

      const finished = await confirm(number, 'success');
      expect(finished.body).toMatchObject({ status: 'completed', reservation_number: reservation });
      expect(await ticketsOf(number)).toBe(1);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 1, held: 0 });
    });

    it('a notification claiming COMPLETED for a payment not paid completes nothing: PayPay is asked', async () => {
      const { token, slot } = await readyOrder();
      const { number } = await startPayPay(token);
      const asked = paypay.requests.length;

      const forged = await notify(
        transactionNotification(number, 'COMPLETED', { paid_at: new Date().toISOString(), order_amount: '1' }),
      );
      expect(forged.statusCode).toBe(200);
      expect(forged.json()).toEqual({ received: true, handled: true });
      expect(paypay.requests.slice(asked).map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /v2/codes/payments/${encodeURIComponent(number)}`,
      ]);
      // PayPay says the code is still waiting: that is all the ledger records.
      expect(await state(number)).toMatchObject({ payment: 'pending', order: 'paying', kept: false });
      expect(await ticketsOf(number)).toBe(0);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 0, held: 1 });

      // A notification about a payment PayPay never heard of is received and changes nothing.
      const unknown = await notify(transactionNotification('pay_never_made_here', 'COMPLETED'));
      expect(unknown.json()).toEqual({ received: true, handled: false });

      // The visitor pays after all: the order completes.
      paypay.pay(number);
      expect((await confirm(number, 'success')).body).toMatchObject({ status: 'completed' });
    });

    it('back without paying (PayPay’s one return address): the code is deleted, the visitor told it was cancelled, and the order can be paid again at once', async () => {
      const { token, slot } = await readyOrder();
      const { number, code } = await startPayPay(token);

      const back = await confirm(number, 'success');
      expect(back.status).toBe(402);
      expect(back.body).toMatchObject({ error: 'payment_api_failure', can_retry: true, reason: 'payment cancelled' });
      expect(callsAbout(code.codeId)).toContain(`DELETE /v2/codes/${code.codeId}`);
      expect(await state(number)).toMatchObject({ payment: 'failed', order: 'ready_checkout' });
      // The order keeps its places while the visitor chooses again.
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 0, held: 1 });

      const second = await startPayPay(token);
      paypay.pay(second.number);
      expect((await confirm(second.number, 'success')).body).toMatchObject({
        status: 'completed',
        reservation_number: expect.any(String),
      });
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 1, held: 0 });
    });

    it('back from PayPay as the payment lands: the delete finds it paid, and the order completes', async () => {
      const { token } = await readyOrder();
      const { number } = await startPayPay(token);
      // PayPay's page sent the visitor back before its own lookup showed the payment.
      paypay.beforeHandling = (request) => {
        if (request.method !== 'DELETE') return;
        paypay.beforeHandling = null;
        paypay.pay(number);
      };
      const back = await confirm(number, 'success');
      expect(back.body).toMatchObject({ status: 'completed' });
      expect(await ticketsOf(number)).toBeGreaterThan(0);
    });

    it('a code that expired unpaid: the reconciler fails the attempt and gives the order back to be paid again', async () => {
      const { token, slot } = await readyOrder();
      const { number } = await startPayPay(token);
      paypay.expire(number);
      await age(number, 5);

      await app.reconcilePayments(60);
      expect(await state(number)).toMatchObject({ payment: 'failed', order: 'ready_checkout', kept: false });
      const [failure] = await rows<{ reason: string; retryable: boolean }>(
        ctx.db,
        sql`select failure_reason as reason, retryable from payments where payment_number = ${number}`,
      );
      expect(failure).toEqual({ reason: 'the PayPay code expired unpaid', retryable: true });
      // The order's own hold keeps its place while the visitor pays again.
      const counters = await slotCounters(ctx.db, slot.timeSpanId);
      expect(counters.sold).toBe(0);
      expect(counters.held).toBe(1);

      // The visitor coming back now is told the payment failed and can retry.
      const back = await confirm(number, 'success');
      expect(back.status).toBe(402);
      expect(back.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });

      // A second attempt pays.
      const second = await startPayPay(token);
      paypay.pay(second.number);
      expect((await confirm(second.number, 'success')).body).toMatchObject({ status: 'completed' });
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 1, held: 0 });
    });

    it('an attempt abandoned for an hour is cancelled: its code is deleted at PayPay and the order given back', async () => {
      const { token } = await readyOrder();
      const { number, code } = await startPayPay(token);
      await age(number, 61);

      await app.reconcilePayments(60);
      expect(paypay.codes.get(code.codeId)?.deleted).toBe(true);
      expect(callsAbout(code.codeId)).toContain(`DELETE /v2/codes/${code.codeId}`);
      expect(await state(number)).toMatchObject({ payment: 'failed', order: 'ready_checkout', kept: false });
      expect(paypay.refunds).toEqual([]);
    });

    it('an attempt abandoned for an hour that the visitor pays as the cancel goes out counts as paid', async () => {
      const { token, slot } = await readyOrder();
      const { number, code } = await startPayPay(token);
      await age(number, 61);
      // The visitor pays in the PayPay app just before the shop's delete reaches PayPay.
      paypay.beforeHandling = (request) => {
        if (request.method === 'DELETE' && request.path.includes(code.codeId)) {
          paypay.beforeHandling = null;
          paypay.pay(number);
        }
      };

      await app.reconcilePayments(60);
      expect(callsAbout(code.codeId)).toContain(`DELETE /v2/codes/${code.codeId}`);
      expect(paypay.codes.get(code.codeId)?.deleted).toBe(false);
      expect(await state(number)).toMatchObject({ payment: 'captured', order: 'completed', kept: true });
      expect(await ticketsOf(number)).toBe(1);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 1, held: 0 });
      expect(paypay.refunds).toEqual([]);
    });

    it('a capture PayPay reports after the order was paid another way is refunded through PayPay', async () => {
      const { token } = await readyOrder();
      const first = await startPayPay(token);

      // The visitor says they cancelled: the code is deleted and the order can be paid again.
      const cancelled = await confirm(first.number, 'cancel');
      expect(cancelled.status).toBe(402);
      expect(cancelled.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });
      expect(paypay.codes.get(first.code.codeId)?.deleted).toBe(true);
      expect(await state(first.number)).toMatchObject({ payment: 'failed', order: 'ready_checkout' });

      const second = await startPayPay(token);
      paypay.pay(second.number);
      const done = await confirm(second.number, 'success');
      expect(done.body).toMatchObject({ status: 'completed' });

      // PayPay took the first payment after all (its delete was late): it reports it.
      const late = paypay.codes.get(first.code.codeId);
      if (!late) throw new Error('PayPay has no first code');
      late.deleted = false;
      const paid = paypay.pay(first.number);
      const body = transactionNotification(first.number, 'COMPLETED');
      expect((await notify(body)).json()).toEqual({ received: true, handled: true });

      const order = await orderOf(second.number);
      expect(await state(first.number)).toMatchObject({ payment: 'refunded', order: 'completed', kept: false });
      expect(await state(second.number)).toMatchObject({ payment: 'captured', order: 'completed', kept: true });
      expect(paypay.refunds.filter((r) => r.paymentId === paid.paymentId).map((r) => r.amount)).toEqual([
        { amount: order.total, currency: 'JPY' },
      ]);

      // The same notification again, and the visitor's return for the first: nothing more is refunded.
      expect((await notify(body)).statusCode).toBe(200);
      const returned = await confirm(first.number, 'success');
      expect(returned.status).toBe(409);
      expect(returned.body).toMatchObject({ error: 'payment_api_failure', reason: 'invalid order status' });
      expect(paypay.refunds.filter((r) => r.paymentId === paid.paymentId)).toHaveLength(1);
      expect(await ticketsOf(second.number)).toBe(1);
      expect((await confirm(second.number, 'success')).body).toMatchObject({
        status: 'completed',
        reservation_number: done.body.reservation_number,
      });
    });

    it('staff cancel a PayPay order through the console: the refund goes through PayPay', async () => {
      const { token, slot } = await readyOrder(2);
      const { number } = await startPayPay(token);
      const paid = paypay.pay(number);
      expect((await confirm(number, 'success')).body).toMatchObject({ status: 'completed' });
      const order = await orderOf(number);

      const team = await makeTeam(ctx.db, { rights: ['orders:refund'] });
      const account = await makeStaff(ctx.db, { teamIds: [team.id] });
      const staff = consoleClient(app, { ip: '192.0.2.31' });
      await signIn(staff, account.email);
      const tickets = await rows<{ id: string }>(
        ctx.db,
        sql`select id from tickets where order_id = ${order.id} order by position`,
      );
      const done = await staff.post<CancellationResult>(`venues/demo/orders/${order.id}/cancellation`, {
        tickets: tickets.map((t) => t.id),
        refund: { mode: 'provider', amount: order.total },
        reason: 'the visitor cannot come',
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.refunds).toEqual([
        expect.objectContaining({ kind: 'provider', status: 'succeeded', amount: order.total }),
      ]);
      expect(paypay.refunds.filter((r) => r.paymentId === paid.paymentId).map((r) => r.amount.amount)).toEqual([order.total]);
      expect(paypay.payments.get(number)?.status).toBe('REFUNDED');
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 0 });
    });
  },
  { seed: { variants: ['demo'], days: 5 } },
);
