/**
 * A venue whose Adyen methods go to Adyen, through the whole shop against the local fake of
 * Adyen's Checkout API: checkout, the 3-D Secure and wallet redirects back through
 * `payments/{number}/return`, the storefront's return call, signed notifications before and after
 * the browser, the retryable-400 of SPEC §4, the reconciler's cancel of an abandoned attempt, and a
 * capture that arrives after the order was paid another way refunded through Adyen.
 */
import { randomBytes } from 'node:crypto';
import type { CancellationResult } from '@storefront/domain/console/order-refunds';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADYEN_TEST_CARDS, type AdyenFake, adyenNotification, startAdyenFake } from '../../../test/adyen-fake.ts';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, slotCounters } from '../../../test/orders.ts';
import type { CheckoutReply } from '../../../test/payments.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';
import { encodeAdyenCardToken } from './providers/adyen-provider.ts';

const HMAC_KEY = randomBytes(32).toString('hex');

const cardToken = (number: string) =>
  encodeAdyenCardToken({
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: 'test_03',
      encryptedExpiryYear: 'test_2030',
      encryptedSecurityCode: 'test_737',
    },
  });

describeEachEngine(
  'Adyen through the shop',
  (ctx) => {
    let adyen: AdyenFake;
    let app: FastifyInstance;
    const api = () => apiFor(app, 'demo');

    beforeAll(async () => {
      adyen = await startAdyenFake({ merchantAccounts: ['DemoMuseumECOM'] });
      await ctx.db.execute(sql`update payment_methods set provider = 'adyen'
        where method like 'adyen_%' and site_id = (select id from sites where variant = 'demo')`);
      await ctx.db.execute(sql`update sites set payment_provider_keys =
        payment_provider_keys || '{"adyen":{"merchantAccount":"DemoMuseumECOM","clientKey":"test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"}}'::jsonb
        where variant = 'demo'`);
      app = await buildApp({
        config: {
          appMode: 'demo',
          appEnv: 'development',
          reconnectSite: null,
          adyen: {
            apiKey: adyen.apiKey,
            hmacKey: HMAC_KEY,
            environment: 'TEST',
            merchantAccount: null,
            endpoint: { origin: adyen.origin, ca: adyen.ca },
          },
        },
        publicUrl: () => 'http://shop.test',
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await adyen?.close();
    });

    async function readyOrder(method: string) {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const created = await api().post<{ order_token: string }>('orders', orderBody(slot, 1));
      expect(created.status).toBe(201);
      const token = created.body.order_token;
      expect((await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: method })).status).toBe(200);
      return { token, slot };
    }

    async function state(paymentNumber: string) {
      const [row] = await rows<{ payment: string; order: string; reference: string | null }>(
        ctx.db,
        sql`select p.status as payment, o.status as "order", p.provider_reference as reference
              from payments p join orders o on o.id = p.order_id where p.payment_number = ${paymentNumber}`,
      );
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

    /** The browser back from Adyen's page: through the shop's return route to the storefront's screen. */
    async function comeBack(redirectUrl: string, pass: boolean): Promise<string> {
      const psp = redirectUrl.split('/').pop() as string;
      const result = adyen.decide(psp, pass);
      const payment = adyen.payments.get(psp);
      const back = new URL(`${payment?.returnUrl}?redirectResult=${encodeURIComponent(result)}`);
      expect(back.origin).toBe('http://shop.test');
      const returned = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(returned.statusCode).toBe(303);
      return String(returned.headers.location);
    }

    const notify = (body: string) =>
      app.inject({
        method: 'POST',
        url: '/payments/adyen/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });

    it('a card Adyen authorises at once completes the order with its tickets', async () => {
      const { token, slot } = await readyOrder('adyen_credit');
      const paid = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.authorised),
      });
      expect(paid.body).toMatchObject({ status: 'completed', reservation_number: expect.any(String) });
      const [payment] = [...adyen.payments.values()].filter((p) => p.amount.value > 0).slice(-1);
      expect(payment).toMatchObject({ merchantAccount: 'DemoMuseumECOM', state: 'authorised' });
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 1, held: 0 });
    });

    it('3-D Secure: the challenge comes back through the shop, the return screen completes, the notification after it changes nothing', async () => {
      const { token } = await readyOrder('adyen_credit');
      const started = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.challenge),
      });
      expect(started.body).toMatchObject({ status: 'requires_action', redirect_url: expect.stringContaining(adyen.origin) });
      const number = started.body.payment_number as string;
      const psp = (started.body.redirect_url as string).split('/').pop() as string;
      // Adyen was told to come back to the shop's server, not to the storefront's hash route.
      expect(adyen.payments.get(psp)?.returnUrl).toBe(`http://shop.test/demo/api/v1/payments/${number}/return`);

      const next = await comeBack(started.body.redirect_url as string, true);
      expect(next).toBe(`http://shop.test/demo/#/adyen-callback?payment_number=${number}&time_change=false`);
      expect(await state(number)).toMatchObject({ payment: 'captured', order: 'paying', reference: psp });

      const finished = await api().post<CheckoutReply>('orders/confirmcheckout', { payment_number: number });
      expect(finished.body).toMatchObject({ status: 'completed' });
      const notified = await notify(
        adyenNotification(
          [
            {
              eventCode: 'AUTHORISATION',
              success: true,
              pspReference: psp,
              merchantReference: number,
              amount: adyen.payments.get(psp)?.amount ?? { value: 0, currency: 'JPY' },
            },
          ],
          HMAC_KEY,
        ),
      );
      expect(notified.statusCode).toBe(200);
      expect(notified.body).toBe('[accepted]');
      expect(await ticketsOf(number)).toBe(1);
      expect(adyen.refunds.filter((r) => r.paymentPspReference === psp)).toEqual([]);
    });

    it('a failed challenge answers the retryable 400 of SPEC §4, and the order can be paid again', async () => {
      const { token } = await readyOrder('adyen_credit');
      const started = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.challenge),
      });
      await comeBack(started.body.redirect_url as string, false);
      const failed = await api().post<CheckoutReply>('orders/confirmcheckout', { payment_number: started.body.payment_number });
      expect(failed.status).toBe(400);
      expect(failed.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });

      const again = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.authorised),
      });
      expect(again.body).toMatchObject({ status: 'completed' });
    });

    it('a refused card answers the retryable 400 at once', async () => {
      const { token } = await readyOrder('adyen_credit');
      const refused = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.refused),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'payment_api_failure', can_retry: true, message: 'Refused' });
    });

    it('Alipay: the notification arriving before the browser completes the order; the return then finds it completed', async () => {
      const { token } = await readyOrder('adyen_alipay');
      const started = await api().post<CheckoutReply>(`orders/checkout/${token}`, { payment_method: 'adyen_alipay' });
      expect(started.body.status).toBe('requires_action');
      const number = started.body.payment_number as string;
      const psp = (started.body.redirect_url as string).split('/').pop() as string;

      const body = adyenNotification(
        [
          {
            eventCode: 'AUTHORISATION',
            success: true,
            pspReference: psp,
            merchantReference: number,
            amount: { value: adyen.payments.get(psp)?.amount.value ?? 0, currency: 'JPY' },
          },
        ],
        HMAC_KEY,
      );
      expect((await notify(body)).body).toBe('[accepted]');
      // Adyen sends it again (it did not see the answer): one completion still.
      expect((await notify(body)).body).toBe('[accepted]');
      expect(await state(number)).toMatchObject({ payment: 'captured', order: 'completed' });

      await comeBack(started.body.redirect_url as string, true);
      const finished = await api().post<CheckoutReply>('orders/confirmcheckout', { payment_number: number });
      expect(finished.body).toMatchObject({ status: 'completed' });
      expect(await ticketsOf(number)).toBe(1);
    });

    it('a forged or unsigned notification is refused and changes nothing', async () => {
      const { token } = await readyOrder('adyen_we_chat_pay');
      const started = await api().post<CheckoutReply>(`orders/checkout/${token}`, { payment_method: 'adyen_we_chat_pay' });
      const number = started.body.payment_number as string;
      const psp = (started.body.redirect_url as string).split('/').pop() as string;
      const forged = adyenNotification(
        [
          {
            eventCode: 'AUTHORISATION',
            success: true,
            pspReference: psp,
            merchantReference: number,
            amount: { value: 1, currency: 'JPY' },
          },
        ],
        randomBytes(32).toString('hex'),
      );
      const refused = await notify(forged);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid request', field: 'hmacSignature' });
      expect(await state(number)).toMatchObject({ payment: 'requires_action', order: 'paying' });
    });

    it('WeChat Pay left unpaid: Adyen’s OFFER_CLOSED releases the places', async () => {
      const { token, slot } = await readyOrder('adyen_we_chat_pay');
      const started = await api().post<CheckoutReply>(`orders/checkout/${token}`, { payment_method: 'adyen_we_chat_pay' });
      const number = started.body.payment_number as string;
      const psp = (started.body.redirect_url as string).split('/').pop() as string;
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 1 });
      await notify(
        adyenNotification(
          [
            {
              eventCode: 'OFFER_CLOSED',
              success: true,
              pspReference: psp,
              merchantReference: number,
              amount: { value: 1, currency: 'JPY' },
            },
          ],
          HMAC_KEY,
        ),
      );
      expect(await state(number)).toMatchObject({ payment: 'failed', order: 'ready_checkout' });
    });

    it('an attempt nobody came back for is cancelled at Adyen after an hour; a capture Adyen reports later is refunded once the order was paid another way', async () => {
      const { token } = await readyOrder('adyen_alipay');
      const first = await api().post<CheckoutReply>(`orders/checkout/${token}`, { payment_method: 'adyen_alipay' });
      const p1 = first.body.payment_number as string;
      const psp1 = (first.body.redirect_url as string).split('/').pop() as string;
      await ctx.db.execute(sql`update payments set created_at = app_now() - interval '61 minutes', updated_at = app_now() - interval '61 minutes'
        where payment_number = ${p1}`);
      await app.reconcilePayments(60);
      expect(adyen.cancels).toContainEqual({ merchantAccount: 'DemoMuseumECOM', paymentReference: p1 });
      expect(await state(p1)).toMatchObject({ payment: 'failed', order: 'ready_checkout' });

      expect((await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'adyen_credit' })).status).toBe(200);
      const second = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.authorised),
      });
      expect(second.body).toMatchObject({ status: 'completed' });

      // The visitor had paid the first on their phone just before the cancel reached Adyen: Adyen
      // tells by notification, and the money goes back.
      const late = adyen.payments.get(psp1);
      if (!late) throw new Error('Adyen has no first payment');
      late.state = 'authorised';
      const amount = late.amount;
      await notify(
        adyenNotification(
          [{ eventCode: 'AUTHORISATION', success: true, pspReference: psp1, merchantReference: p1, amount }],
          HMAC_KEY,
        ),
      );
      expect(await state(p1)).toMatchObject({ payment: 'refunded', order: 'completed' });
      const [refund] = adyen.refunds.filter((r) => r.paymentPspReference === psp1);
      expect(refund?.amount).toBe(amount.value);

      // Adyen took the refund and later could not make it: the visitor is owed the money again.
      await notify(
        adyenNotification(
          [
            {
              eventCode: 'REFUND_FAILED',
              success: true,
              pspReference: refund?.pspReference ?? '',
              originalReference: psp1,
              merchantReference: refund?.reference ?? '',
              amount,
              reason: 'Account closed',
            },
          ],
          HMAC_KEY,
        ),
      );
      expect(await state(p1)).toMatchObject({ payment: 'refund_failed', order: 'completed' });
      // The visitor hears that the second payment's money did not come back, once.
      const mails = await rows<{ kind: string; subject: string }>(
        ctx.db,
        sql`select m.kind, m.subject from outbox m join payments p on p.order_id = m.order_id
            where p.payment_number = ${p1} and m.kind <> 'order_confirmation'`,
      );
      expect(mails.map((m) => m.kind)).toEqual(['refund_failed']);
      expect(mails[0]?.subject).toContain('could not be made');
    });

    it('a refund of part of an order that Adyen later reports failed is owed again and on the venue’s list of failed refunds', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const created = await api().post<{ order_token: string }>('orders', orderBody(slot, 2));
      const token = created.body.order_token;
      await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'adyen_credit' });
      const paid = await api().post<CheckoutReply>(`orders/checkout/${token}`, {
        payment_method: 'adyen_credit',
        card_token: cardToken(ADYEN_TEST_CARDS.authorised),
      });
      expect(paid.body).toMatchObject({ status: 'completed' });
      const [order] = await rows<{ id: string; psp: string; number: string }>(
        ctx.db,
        sql`select o.id, p.provider_reference as psp, p.payment_number as number from orders o
             join payments p on p.order_id = o.id where p.status = 'captured' and o.time_span_id = ${slot.timeSpanId}`,
      );
      if (!order) throw new Error('no order');
      const number = order.number;
      const [ticket] = await rows<{ id: string }>(
        ctx.db,
        sql`select id from tickets where order_id = ${order.id} order by position`,
      );

      const team = await makeTeam(ctx.db, { rights: ['orders:refund', 'orders:read'] });
      const account = await makeStaff(ctx.db, { teamIds: [team.id] });
      const staff = consoleClient(app, { ip: '192.0.2.41' });
      await signIn(staff, account.email);
      const done = await staff.post<CancellationResult>(`venues/demo/orders/${order.id}/cancellation`, {
        tickets: [ticket?.id],
        refund: { mode: 'provider', amount: slot.adultPrice },
        reason: 'one of the two cannot come',
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount: slot.adultPrice })]);
      const made = adyen.refunds.filter((r) => r.paymentPspReference === order.psp);
      expect(made.map((r) => r.amount)).toEqual([slot.adultPrice]);

      const failed = adyenNotification(
        [
          {
            eventCode: 'REFUND_FAILED',
            success: true,
            pspReference: made[0]?.pspReference ?? '',
            originalReference: order.psp,
            merchantReference: made[0]?.reference ?? '',
            amount: { value: slot.adultPrice, currency: 'JPY' },
            reason: 'Card expired',
          },
        ],
        HMAC_KEY,
      );
      expect((await notify(failed)).body).toBe('[accepted]');
      // Delivered again: still one failure.
      expect((await notify(failed)).body).toBe('[accepted]');
      const events = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id
             where p.payment_number = ${number} and e.kind = 'refund_failed_later'`,
      );
      expect(events[0]?.n).toBe(1);
      // The visitor was told the money is coming; they hear, once, that it is not.
      const mails = await rows<{ kind: string; lang: string }>(
        ctx.db,
        sql`select kind, lang from outbox where order_id = ${order.id} and kind <> 'order_confirmation' order by created_at, id`,
      );
      expect(mails).toEqual([
        { kind: 'cancellation_by_staff', lang: 'en' },
        { kind: 'refund_failed', lang: 'en' },
      ]);
      const list = await staff.get<{ refunds: { status: string; amount: number; failureReason?: string | null }[] }>(
        'venues/demo/refunds?status=failed',
      );
      expect(list.body.refunds).toEqual([expect.objectContaining({ status: 'failed', amount: slot.adultPrice })]);
      // The payment itself stands: the order stays paid, its tickets but the cancelled one valid.
      expect(await state(number)).toMatchObject({ payment: 'captured', order: 'completed' });
    });

    it('the return route answers an unknown payment with 404 and a malformed number with 400', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/demo/api/v1/payments/pay_doesnotexist/return?redirectResult=x' })).statusCode,
      ).toBe(404);
      const bad = await app.inject({ method: 'GET', url: '/demo/api/v1/payments/pay%00x/return' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'invalid request' });
    });
  },
  { seed: { variants: ['demo'], days: 5 } },
);
