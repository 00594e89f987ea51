/**
 * The reconciler settles what no visitor came back for, and nothing else: it pages through every
 * unsettled row (least recently checked first, money that moved before attempts still waiting), so
 * abandoned attempts cannot hide a paid one; it finds attempts without a provider reference by
 * what the shop sent; and a server starting beside live ones never takes their young attempts
 * for dead (decision 009).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, type SlotFixture } from '../../../test/orders.ts';
import { answerGateway, type CheckoutReply, card } from '../../../test/payments.ts';
import { paymentIntentEvent, type StripeFake, signWebhook, startStripeFake, stripeSettings } from '../../../test/stripe-fake.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from './providers/sandbox-gateway.ts';

type Answer = CheckoutReply;

const WEBHOOK_SECRET = 'whsec_test_reconciler';

describeEachEngine(
  'payment reconciler',
  (ctx) => {
    let stripe: StripeFake;
    const apps: FastifyInstance[] = [];
    let app: FastifyInstance;

    async function startApp(): Promise<FastifyInstance> {
      const built = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null, stripe: stripeSettings(stripe, WEBHOOK_SECRET) },
        publicUrl: () => 'http://shop.test',
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
      });
      apps.push(built);
      await built.ready();
      return built;
    }

    beforeAll(async () => {
      stripe = await startStripeFake();
      await ctx.db.execute(sql`update payment_methods set provider = 'stripe'
        where method = 'stripe' and site_id = (select id from sites where variant = 'demo')`);
      app = await startApp();
      await app.startupReconcile();
    });
    afterAll(async () => {
      for (const built of apps) await built.close();
      await stripe.close();
    });
    const api = () => apiFor(app, 'demo');

    async function readyOrder(slot: SlotFixture, method: string) {
      const created = await api().post<{ order_token: string }>('orders', orderBody(slot, 1));
      expect(created.status).toBe(201);
      const token = created.body.order_token;
      expect((await api().put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: method })).status).toBe(200);
      return token;
    }

    async function challenged(slot: SlotFixture): Promise<Required<Pick<Answer, 'redirect_url' | 'payment_number'>>> {
      const token = await readyOrder(slot, 'gmo_3ds');
      const started = await api().post<Answer>(`orders/checkout/${token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      expect(started.body.status).toBe('requires_action');
      return { redirect_url: started.body.redirect_url ?? '', payment_number: started.body.payment_number ?? '' };
    }

    const passChallenge = (redirectUrl: string) => answerGateway(app, redirectUrl, 'pass');

    async function state(paymentNumber: string) {
      const [row] = await rows<{ payment: string; order: string; reference: string | null; checked: boolean }>(
        ctx.db,
        sql`select p.status as payment, o.status as "order", p.provider_reference as reference,
                   p.last_checked_at is not null as checked
            from payments p join orders o on o.id = p.order_id where p.payment_number = ${paymentNumber}`,
      );
      return row;
    }

    /** An order on the slot made `paying`, with a ledger row whose start never reached the gateway. */
    async function ledgerRowOnly(slot: SlotFixture, number: string): Promise<string> {
      await readyOrder(slot, 'gmo_3ds');
      const [order] = await rows<{ id: string; site_id: number; total: number }>(
        ctx.db,
        sql`select id, site_id, total from orders where time_span_id = ${slot.timeSpanId}`,
      );
      await ctx.db.execute(sql`update orders set status = 'paying' where id = ${order?.id}`);
      await ctx.db.execute(sql`
        insert into payments (payment_number, order_id, site_id, attempt, idempotency_key, method, provider, amount, currency, status)
        values (${number}, ${order?.id}, ${order?.site_id}, 1, ${`${order?.id}:1`}, 'gmo_3ds', 'sandbox', ${order?.total}, 'JPY', 'started')`);
      return number;
    }

    const age = (paymentNumber: string, minutes: number) =>
      ctx.db.execute(sql`update payments set created_at = app_now() - make_interval(mins => ${minutes}),
        updated_at = app_now() - make_interval(mins => ${minutes}) where payment_number = ${paymentNumber}`);

    it('120 abandoned 3-D Secure attempts do not hide a paid one: one run looks at every row and completes it', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 200);
      const waiting: string[] = [];
      for (let i = 0; i < 120; i += 1) waiting.push((await challenged(slot)).payment_number);
      const paid = await challenged(slot);
      await passChallenge(paid.redirect_url);
      for (const number of [...waiting, paid.payment_number]) await age(number, 10);

      const looked = await app.reconcilePayments(60);
      expect(looked).toBeGreaterThanOrEqual(121);
      expect(await state(paid.payment_number)).toMatchObject({ payment: 'captured', order: 'completed' });
      const [unchecked] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from payments where payment_number in ${waiting} and last_checked_at is null`,
      );
      expect(unchecked?.n).toBe(0);
      // The visitors still at their challenge are not given up: they have most of an hour.
      expect(await state(waiting[0] ?? '')).toMatchObject({ payment: 'requires_action', order: 'paying' });
    });

    it('finds an attempt whose start answer was never recorded by its idempotency key, not as failed', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const { payment_number: number } = await challenged(slot);
      // The process that started it stopped before writing the gateway's answer.
      await ctx.db.execute(
        sql`update payments set status = 'started', provider_reference = null, redirect_url = null where payment_number = ${number}`,
      );
      await age(number, 3);
      await app.reconcilePayments(60);
      expect(await state(number)).toMatchObject({ payment: 'requires_action', order: 'paying', reference: expect.any(String) });
    });

    it('a server starting beside a live one leaves its young attempts alone', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      // A checkout under way on the live server: the ledger row is written, the gateway not yet asked.
      const number = await ledgerRowOnly(slot, `pay_in_flight_${slot.timeSpanId}`);

      const second = await startApp();
      await second.startupReconcile();
      expect(await state(number)).toMatchObject({ payment: 'started', order: 'paying' });
    });

    it('an attempt the provider never heard of is given up only once it is an hour old', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const number = await ledgerRowOnly(slot, `pay_never_sent_${slot.timeSpanId}`);
      await age(number, 5);
      await app.reconcilePayments(60);
      expect(await state(number)).toMatchObject({ payment: 'started', order: 'paying' });
      await age(number, 61);
      await app.reconcilePayments(60);
      expect(await state(number)).toMatchObject({ payment: 'failed', order: 'ready_checkout' });
    });

    it('Stripe: a capture whose start answer was lost is found by its payment number, by the reconciler and by a webhook', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const pay = async () => {
        const token = await readyOrder(slot, 'stripe');
        stripe.loseAnswers(3);
        const started = await api().post<Answer>(`orders/checkout/${token}`, {
          payment_method: 'stripe',
          card_token: 'pm_card_visa',
        });
        expect(started.status).toBe(502);
        const [row] = await rows<{ payment_number: string }>(
          ctx.db,
          sql`select p.payment_number from payments p join orders o on o.id = p.order_id where o.status = 'paying'
              and o.time_span_id = ${slot.timeSpanId}`,
        );
        return row?.payment_number ?? '';
      };

      const byReconciler = await pay();
      expect(await state(byReconciler)).toMatchObject({ payment: 'started', reference: null });
      await age(byReconciler, 3);
      await app.reconcilePayments(60);
      expect(await state(byReconciler)).toMatchObject({
        payment: 'captured',
        order: 'completed',
        reference: expect.stringMatching(/^pi_/),
      });

      const byWebhook = await pay();
      const intent = [...stripe.intents.values()].find((i) => i.metadata.payment_number === byWebhook);
      expect(intent?.status).toBe('succeeded');
      const payload = paymentIntentEvent('payment_intent.succeeded', intent ?? {});
      const delivered = await app.inject({
        method: 'POST',
        url: '/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, WEBHOOK_SECRET) },
        payload,
      });
      expect(delivered.json()).toEqual({ received: true, handled: true });
      expect(await state(byWebhook)).toMatchObject({ payment: 'captured', order: 'completed', reference: intent?.id });
    });
  },
  { seed: { variants: ['demo'], days: 5 } },
);
