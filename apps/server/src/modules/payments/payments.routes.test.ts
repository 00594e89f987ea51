import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import { answerGateway as answerGateway_, type CheckoutReply, card } from '../../../test/payments.ts';
import { paymentIntentEvent, type StripeFake, signWebhook, startStripeFake, stripeSettings } from '../../../test/stripe-fake.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { SANDBOX_CARDS } from './providers/sandbox-gateway.ts';

type Answer = CheckoutReply;

const WEBHOOK_SECRET = 'whsec_test_storefront';

describeEachEngine(
  'payments',
  (ctx) => {
    let app: FastifyInstance;
    let stripe: StripeFake;
    beforeAll(async () => {
      stripe = await startStripeFake();
      app = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null, stripe: stripeSettings(stripe, WEBHOOK_SECRET) },
        publicUrl: () => 'http://shop.test',
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
    });
    afterAll(async () => {
      await app.close();
      await stripe.close();
    });
    const api = () => apiFor(app, 'demo');

    /** An order ready to pay with `method`, holding `quantity` places of a fresh slot. */
    async function readyOrder(method: string, quantity = 2, slot?: SlotFixture, extra: Record<string, unknown> = {}) {
      const fixture = slot ?? (await freshSlot(ctx.db, 'demo', 10));
      const created = await api().post<{ order_token: string }>('orders', orderBody(fixture, quantity, extra));
      expect(created.status).toBe(201);
      const token = created.body.order_token;
      expect((await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: method })).status).toBe(200);
      return { token, slot: fixture };
    }

    const answerGateway = (redirectUrl: string, action: string) => answerGateway_(app, redirectUrl, action);

    /** A 3-D Secure checkout started, whose holds then lapse while the visitor is at the gateway. */
    async function checkOutThenLapse(token: string, slot: SlotFixture) {
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      await ctx.db.execute(
        sql`update stock_holds set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
      );
      return started;
    }

    async function ticketsOf(slot: SlotFixture) {
      const [row] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from tickets k join orders o on o.id = k.order_id where o.time_span_id = ${slot.timeSpanId}`,
      );
      return row?.n ?? 0;
    }

    async function paymentStatus(paymentNumber: string) {
      const [row] = await rows<{ status: string }>(
        ctx.db,
        sql`select status from payments where payment_number = ${paymentNumber}`,
      );
      return row?.status;
    }

    it('3-D Secure: challenge at the gateway, back through gmo3ds, exe-payment completes the order', async () => {
      const { token, slot } = await readyOrder('gmo_3ds');
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      expect(started.status).toBe(200);
      expect(started.body.status).toBe('requires_action');
      expect(started.body.redirect_url).toContain('/sandbox-gateway/challenge/');
      const back = await answerGateway(started.body.redirect_url ?? '', 'pass');
      expect(back).toBe(`http://shop.test/demo/#/payment-callback/gmo3ds?md=${started.body.payment_number}&time_change=false`);
      const finished = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({ status: 'completed' });
      expect(finished.body.reservation_token?.length).toBeGreaterThanOrEqual(22);
      expect(await ticketsOf(slot)).toBe(2);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 2, held: 0 });
    });

    it('3-D Secure not passed: a retryable failure that names the check, not a declined card', async () => {
      const { token } = await readyOrder('gmo_3ds', 1);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      await answerGateway(started.body.redirect_url ?? '', 'fail');
      const answer = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(answer.status).toBe(402);
      expect(answer.body).toMatchObject({ error: 'payment_api_failure', can_retry: true, reason: 'authentication failed' });

      // A declined card after a passed check is no authentication failure.
      const { token: second } = await readyOrder('gmo_3ds', 1);
      const declined = await api().post<Answer>(`orders/checkout/${second}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.decline),
      });
      if (declined.body.status === 'requires_action') await answerGateway(declined.body.redirect_url ?? '', 'pass');
      const after =
        declined.body.status === 'requires_action'
          ? await api().post<Answer>('gmo-secure/exe-payment', { md: declined.body.payment_number })
          : declined;
      expect(after.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });
      expect((after.body as { reason?: string }).reason).toBeUndefined();
    });

    it('20 concurrent deliveries of one success return: one order completion, one capture, one set of tickets', async () => {
      const { token, slot } = await readyOrder('softbank_3ds', 3);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'softbank_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const number = started.body.payment_number;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api().post<Answer>('orders/confirmcheckout', { payment_number: number, payment_method_type: 'softbank_3ds' }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.body.reservation_number)).size).toBe(1);
      expect(answers.filter((a) => a.body.reservation_token)).toHaveLength(1);
      expect(await ticketsOf(slot)).toBe(3);
      const [events] = await rows<{ captures: number; completions: number }>(
        ctx.db,
        sql`select count(*) filter (where e.kind = 'captured')::int as captures, count(*) filter (where e.kind = 'completed')::int as completions
            from payment_events e join payments p on p.id = e.payment_id where p.payment_number = ${number}`,
      );
      expect(events).toEqual({ captures: 1, completions: 1 });
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 3, held: 0 });
    });

    it('3-D Secure failure can be retried; the retry with another card completes', async () => {
      const { token, slot } = await readyOrder('gmo_3ds', 1);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      await answerGateway(started.body.redirect_url ?? '', 'fail');
      const failed = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(failed.status).toBe(402);
      expect(failed.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });
      const again = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      expect(again.body.status).toBe('requires_action');
      await answerGateway(again.body.redirect_url ?? '', 'pass');
      expect((await api().post<Answer>('gmo-secure/exe-payment', { md: again.body.payment_number })).body.status).toBe(
        'completed',
      );
      expect(await ticketsOf(slot)).toBe(1);
    });

    it('decline is retryable; a non-retryable failure answers with the order token', async () => {
      const { token } = await readyOrder('gmo', 1);
      const declined = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo',
        card: card(SANDBOX_CARDS.decline),
      });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ error: 'payment_api_failure', can_retry: true, order_token: token });
      const blocked = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo',
        card: card(SANDBOX_CARDS.nonRetryable),
      });
      expect(blocked.status).toBe(402);
      expect(blocked.body).toMatchObject({ error: 'payment_api_failure', can_retry: false, order_token: token });
      // The code the storefront's retry flow reads (SPEC §4), beside the prose it never reads.
      expect(blocked.body).toMatchObject({ reason: 'invalid payment status' });
    });

    it('wallet: approve completes, cancel comes back as a retryable failure', async () => {
      const { token } = await readyOrder('gmo_paypay', 1);
      const started = await api().post<Answer>(`orders/checkout/${token}`, { payment_method: 'gmo_paypay' });
      expect(started.body.redirect_url).toContain('/sandbox-gateway/wallet/');
      const cancelled = await answerGateway(started.body.redirect_url ?? '', 'cancel');
      expect(cancelled).toContain('#/payment-callback/paypay/cancel?payment_number=');
      const answer = await api().post<Answer>('orders/confirmcheckout', {
        payment_number: started.body.payment_number,
        status: 'cancel',
      });
      expect(answer.status).toBe(402);
      expect(answer.body.can_retry).toBe(true);
      const again = await api().post<Answer>(`orders/checkout/${token}`, { payment_method: 'gmo_paypay' });
      expect(await answerGateway(again.body.redirect_url ?? '', 'approve')).toContain('#/payment-callback/paypay/success?');
      const done = await api().post<Answer>('orders/confirmcheckout', {
        payment_number: again.body.payment_number,
        status: 'success',
      });
      expect(done.body.status).toBe('completed');
    });

    it('Adyen: a retryable failure after the challenge answers 400', async () => {
      const { token } = await readyOrder('adyen_credit', 1);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card: card(SANDBOX_CARDS.processingError),
      });
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const answer = await api().post<Answer>('orders/confirmcheckout', { payment_number: started.body.payment_number });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });
    });

    it('d-pay: carrier login, payment token, checkout', async () => {
      const { token } = await readyOrder('d_pay', 1);
      const auth = await app.inject({ method: 'GET', url: `/demo/d-account/v1/auth/${token}` });
      expect(auth.statusCode).toBe(200);
      const { auth_url: authUrl, state_code: state } = auth.json() as { auth_url: string; state_code: string };
      const back = new URL((await answerGateway(authUrl, 'allow')).replace('#', ''));
      expect(back.searchParams.get('state')).toBe(state);
      const scptok = await app.inject({ method: 'GET', url: `/demo/d-pay/v1/scptok/${back.searchParams.get('code')}` });
      const { payment_token: paymentToken } = scptok.json() as { payment_token: string };
      const paid = await api().post<Answer>(`orders/checkout/${token}`, { payment_method: 'd_pay', card_token: paymentToken });
      expect(paid.body.status).toBe('completed');
    });

    it('d-pay: the carrier login starts only for an order ready to pay with d-pay, and a client gets a few tries', async () => {
      const logins = async () =>
        (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sandbox_carrier_logins`))[0]?.n ?? -1;
      const login = (token: string, remoteAddress = '198.51.100.20') =>
        app.inject({ method: 'GET', url: `/demo/d-account/v1/auth/${token}`, remoteAddress });

      const pending = (await api().post<{ order_token: string }>('orders', orderBody(await freshSlot(ctx.db, 'demo', 10), 1)))
        .body.order_token;
      expect((await api().put(`orders/${pending}`, { payment_method: 'd_pay' })).status).toBe(200);
      const byCard = (await readyOrder('gmo', 1)).token;
      const lapsed = (await readyOrder('d_pay', 1)).token;
      await ctx.db.execute(
        sql`update orders set expires_at = app_now() - interval '1 second' where token_hash = ${hashToken(lapsed)}`,
      );
      const cancelled = (await readyOrder('d_pay', 1)).token;
      expect((await api().delete(`orders/${cancelled}`)).status).toBe(204);
      const before = await logins();
      for (const token of [newToken(), pending, byCard, lapsed, cancelled]) {
        const refused = await login(token);
        expect(refused.statusCode, token).toBe(404);
        expect(refused.json(), token).toMatchObject({ error: 'record not found', can_retry: false });
      }
      expect(await logins()).toBe(before);

      const { token } = await readyOrder('d_pay', 1);
      expect((await login(token)).statusCode).toBe(200);
      expect(await logins()).toBe(before + 1);
      const answers: number[] = [];
      for (let i = 0; i < 25; i++) answers.push((await login(newToken(), '198.51.100.21')).statusCode);
      expect(answers.filter((code) => code === 404).length).toBeGreaterThan(0);
      expect(answers.at(-1)).toBe(429);
      const limited = await login(token, '198.51.100.21');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: 'too many requests', can_retry: true });
      // Another client is not held back by that one.
      expect((await login(token, '198.51.100.22')).statusCode).toBe(200);
      expect(await logins()).toBe(before + 2);
    });

    it('late payment with the places still there: sold again, completed', async () => {
      const { token, slot } = await readyOrder('gmo_3ds', 2);
      const started = await checkOutThenLapse(token, slot);
      await ctx.db.execute(
        sql`update orders set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
      );
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const finished = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(finished.body.status).toBe('completed');
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 2, held: 0 });
      expect(await ticketsOf(slot)).toBe(2);
    });

    it('late payment with the places gone: refunded, no tickets, the visitor told', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 1);
      const { token } = await readyOrder('gmo_3ds', 1, slot);
      const started = await checkOutThenLapse(token, slot);
      // Someone else takes the place the late payer's hold gave back.
      expect((await api().post('orders', orderBody(slot, 1))).status).toBe(201);
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const finished = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(finished.status).toBe(409);
      expect(finished.body).toMatchObject({ error: 'payment_api_failure', can_retry: false });
      expect(finished.body).toMatchObject({ reason: 'invalid order status' });
      expect(await paymentStatus(started.body.payment_number ?? '')).toBe('refunded');
      const [charge] = await rows<{ status: string }>(
        ctx.db,
        sql`select status from sandbox_charges where payment_number = ${started.body.payment_number}`,
      );
      expect(charge?.status).toBe('refunded');
      expect(await ticketsOf(slot)).toBe(0);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 1, sold: 0, held: 1 });
    });

    it('late payment whose slot has room but whose set product is gone: refunded, nothing of the half-made sale kept', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 10);
      const setProductId = slot.setProductId;
      if (setProductId === null) throw new Error('the demo product has no set product');
      const { token } = await readyOrder('gmo_3ds', 1, slot, { set_products: [{ set_product_id: setProductId, quantity: 1 }] });
      const started = await checkOutThenLapse(token, slot);
      // Others bought every set product of the slot meanwhile; the slot itself still has room.
      await ctx.db.execute(
        sql`update set_product_stocks set sold = (select capacity_per_slot from set_products where id = ${setProductId})
            where set_product_id = ${setProductId} and time_span_id = ${slot.timeSpanId}`,
      );
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const finished = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(finished.status).toBe(409);
      expect(await paymentStatus(started.body.payment_number ?? '')).toBe('refunded');
      expect(await ticketsOf(slot)).toBe(0);
      // The slot's place sold again before the set product was found gone is not kept sold.
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 0, held: 1 });
      const [order] = await rows<{ status: string; mails: number }>(
        ctx.db,
        sql`select o.status, (select count(*)::int from outbox m where m.order_id = o.id) as mails
            from orders o where o.time_span_id = ${slot.timeSpanId}`,
      );
      expect(order).toEqual({ status: 'paying', mails: 0 });
    });

    it('a refund the gateway refuses is the critical refund error', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 1);
      const { token } = await readyOrder('gmo_3ds', 1, slot);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.refundFails),
      });
      await ctx.db.execute(
        sql`update stock_holds set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
      );
      expect((await api().post('orders', orderBody(slot, 1))).status).toBe(201);
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const finished = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(finished.status).toBe(502);
      expect(finished.body).toMatchObject({
        error: 'critical refund error',
        can_retry: false,
        additional_info: started.body.payment_number,
      });
      expect(await paymentStatus(started.body.payment_number ?? '')).toBe('refund_failed');
    });

    it('the reconciler finishes a paid order whose visitor never came back', async () => {
      const { token, slot } = await readyOrder('gmo_3ds', 1);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      expect(await ticketsOf(slot)).toBe(0);
      await ctx.db.execute(
        sql`update payments set updated_at = app_now() - interval '10 minutes' where payment_number = ${started.body.payment_number}`,
      );
      expect(await app.reconcilePayments(60)).toBeGreaterThanOrEqual(1);
      expect(await ticketsOf(slot)).toBe(1);
      expect(await paymentStatus(started.body.payment_number ?? '')).toBe('captured');
      // The visitor's late return then answers the same reservation, without a second set of tickets.
      const late = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(late.body.status).toBe('completed');
      expect(late.body.reservation_token).toBeUndefined();
      expect(await ticketsOf(slot)).toBe(1);
    });

    it('a payment abandoned at the provider is voided there and releases its order; its challenge can no longer be passed', async () => {
      const { token, slot } = await readyOrder('gmo_3ds', 1);
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      await ctx.db.execute(
        sql`update payments set created_at = app_now() - interval '2 hours', updated_at = app_now() - interval '2 hours' where payment_number = ${started.body.payment_number}`,
      );
      await app.reconcilePayments(60);
      expect(await paymentStatus(started.body.payment_number ?? '')).toBe('failed');
      const [order] = await rows<{ status: string }>(
        ctx.db,
        sql`select status from orders where time_span_id = ${slot.timeSpanId}`,
      );
      expect(order?.status).toBe('ready_checkout');
      // The visitor answers the challenge anyway: the gateway voided it, nothing is charged.
      await answerGateway(started.body.redirect_url ?? '', 'pass');
      const late = await api().post<Answer>('gmo-secure/exe-payment', { md: started.body.payment_number });
      expect(late.status).toBe(402);
      expect(await paymentStatus(started.body.payment_number ?? '')).toBe('failed');
      const [charge] = await rows<{ status: string }>(
        ctx.db,
        sql`select status from sandbox_charges where payment_number = ${started.body.payment_number}`,
      );
      expect(charge?.status).toBe('failed');
      expect(await ticketsOf(slot)).toBe(0);
    });

    it('card-token script: the card goes to the gateway, the checkout gets a one-time token', async () => {
      const script = await app.inject({ method: 'GET', url: '/sandbox-gateway/card-token.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('createToken');
      const refused = await app.inject({ method: 'POST', url: '/sandbox-gateway/tokens', payload: card('4242424242424241') });
      expect(refused.statusCode).toBe(402);
      const bad = await app.inject({
        method: 'POST',
        url: '/sandbox-gateway/tokens',
        payload: { ...card(SANDBOX_CARDS.success), cvc: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'cvc' });
      const tokenized = await app.inject({
        method: 'POST',
        url: '/sandbox-gateway/tokens',
        payload: card(SANDBOX_CARDS.success),
      });
      expect(tokenized.statusCode).toBe(201);
      const { token: cardToken, last4 } = tokenized.json() as { token: string; last4: string };
      expect(last4).toBe('4242');
      const { token, slot } = await readyOrder('gmo', 1);
      const paid = await api().post<Answer>(`orders/checkout/${token}`, { payment_method: 'gmo', card_token: cardToken });
      expect(paid.body.status).toBe('completed');
      expect(await ticketsOf(slot)).toBe(1);
      // A token pays once.
      const second = await readyOrder('gmo', 1);
      const reused = await api().post<Answer>(`orders/checkout/${second.token}`, {
        payment_method: 'gmo',
        card_token: cardToken,
      });
      expect(reused.status).toBe(402);
      expect(reused.body.can_retry).toBe(true);
    });

    it('Stripe notifications: a forged signature is refused and changes nothing; a signed one is kept once', async () => {
      const payload = paymentIntentEvent('payment_intent.succeeded', {
        id: 'pi_unknown',
        object: 'payment_intent',
        status: 'succeeded',
        metadata: { payment_number: 'pay_x' },
      });
      const forged = await app.inject({
        method: 'POST',
        url: '/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, 'whsec_wrong') },
        payload,
      });
      expect(forged.statusCode).toBe(400);
      const signed = await app.inject({
        method: 'POST',
        url: '/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, WEBHOOK_SECRET) },
        payload,
      });
      expect(signed.statusCode).toBe(200);
      expect(signed.json()).toEqual({ received: true, handled: false });
    });
  },
  { seed: { variants: ['demo'], days: 5 } },
);
