import { randomUUID } from 'node:crypto';
import { AUTHENTICATION_FAILED } from '@storefront/domain/errors/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeIntent,
  paymentIntentEvent,
  type StripeFake,
  signWebhook,
  startStripeFake,
} from '../../../../test/stripe-fake.ts';
import { InvalidNotification, type PaymentProvider, type ProviderNotification, type StartPayment } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_storefront';

const byReference = (reference: string) => ({ reference, paymentNumber: 'pay_unused', idempotencyKey: 'unused', siteId: 1 });
const refundOf = (reference: string, amount: number, idempotencyKey: string) => ({
  reference,
  amount,
  idempotencyKey,
  paymentNumber: 'pay_unused',
  siteId: 1,
  currency: 'JPY',
});

describe('Stripe provider', () => {
  let fake: StripeFake;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    fake = await startStripeFake();
    stripe = providerFor(fake);
  });
  afterAll(() => fake.close());

  function providerFor(target: StripeFake, options: { secretKey?: string; maxNetworkRetries?: number } = {}) {
    return createStripeProvider({
      secretKey: options.secretKey ?? target.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      host: target.host,
      port: target.port,
      protocol: target.protocol,
      ...(options.maxNetworkRetries === undefined ? {} : { maxNetworkRetries: options.maxNetworkRetries }),
    });
  }

  function payment(overrides: Partial<StartPayment> = {}): StartPayment {
    const paymentNumber = `P${randomUUID().slice(0, 8)}`;
    return {
      paymentNumber,
      siteId: 1,
      idempotencyKey: randomUUID(),
      method: 'stripe',
      amount: 2400,
      currency: 'JPY',
      cardToken: 'pm_card_visa',
      returnUrl: `https://shop.example/payment-callback/stripe?payment_number=${paymentNumber}`,
      cancelUrl: 'https://shop.example/payment',
      description: 'Timed entry tickets',
      ...overrides,
    };
  }

  const intentsFor = (paymentNumber: string) =>
    [...fake.intents.values()].filter((intent) => intent.metadata.payment_number === paymentNumber);

  async function capturedPayment(amount = 2400) {
    const outcome = await stripe.start(payment({ amount }));
    if (outcome.status !== 'captured') throw new Error(`expected a captured payment, got ${outcome.status}`);
    return outcome.reference;
  }

  describe('start', () => {
    it('captures a card payment at once and tells Stripe the amount, currency, return URL and payment number', async () => {
      const started = payment();
      const outcome = await stripe.start(started);

      expect(outcome).toEqual({ status: 'captured', reference: expect.stringMatching(/^pi_/) });
      const [intent] = intentsFor(started.paymentNumber);
      expect(intent).toMatchObject({
        id: outcome.reference,
        amount: 2400,
        currency: 'jpy',
        status: 'succeeded',
        payment_method: 'pm_card_visa',
        allowed_payment_method_types: ['card'],
        description: 'Timed entry tickets',
      });
      const request = fake.requests.find((r) => r.idempotencyKey === started.idempotencyKey);
      expect(request?.params).toMatchObject({ confirm: 'true', return_url: started.returnUrl });
    });

    it('sends amounts in minor units unchanged: yen for JPY, cents for USD', async () => {
      const yen = payment({ amount: 1500, currency: 'JPY' });
      const dollars = payment({ amount: 1999, currency: 'USD' });
      await stripe.start(yen);
      await stripe.start(dollars);

      expect(intentsFor(yen.paymentNumber)[0]).toMatchObject({ amount: 1500, currency: 'jpy' });
      expect(intentsFor(dollars.paymentNumber)[0]).toMatchObject({ amount: 1999, currency: 'usd' });
    });

    it('sends a 3-D Secure card to the challenge, and the status after a passed challenge is captured', async () => {
      const started = payment({ cardToken: 'pm_card_threeDSecure2Required' });
      const outcome = await stripe.start(started);

      expect(outcome).toEqual({
        status: 'requires_action',
        reference: expect.stringMatching(/^pi_/),
        redirectUrl: `${fake.baseUrl}/3ds/${outcome.reference}`,
      });
      expect(await stripe.status(byReference(outcome.reference as string))).toMatchObject({ status: 'requires_action' });

      fake.completeChallenge(outcome.reference as string, true);
      expect(await stripe.status(byReference(outcome.reference as string))).toEqual({
        status: 'captured',
        reference: outcome.reference,
      });
    });

    it('reads a failed 3-D Secure challenge as a failure the visitor may retry', async () => {
      const outcome = await stripe.start(payment({ cardToken: 'pm_card_threeDSecure2Required' }));
      fake.completeChallenge(outcome.reference as string, false);

      expect(await stripe.status(byReference(outcome.reference as string))).toEqual({
        status: 'failed',
        reference: outcome.reference,
        retryable: true,
        // Recorded as the shop's own reason, so the visitor is told the check failed (not a decline).
        reason: AUTHENTICATION_FAILED,
      });
    });

    it('returns the visitor from the challenge page to the return URL with the intent', async () => {
      const started = payment({ cardToken: 'pm_card_threeDSecure2Required' });
      const outcome = await stripe.start(started);
      if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${outcome.status}`);

      const page = await fetch(outcome.redirectUrl);
      expect(await page.text()).toContain('Complete authentication');
      const back = await fetch(outcome.redirectUrl, {
        method: 'POST',
        body: new URLSearchParams({ result: 'pass' }),
        redirect: 'manual',
      });
      const location = new URL(back.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/payment-callback/stripe');
      expect(location.searchParams.get('payment_number')).toBe(started.paymentNumber);
      expect(location.searchParams.get('payment_intent')).toBe(outcome.reference);
      expect(location.searchParams.get('redirect_status')).toBe('succeeded');
      expect(await stripe.status(byReference(outcome.reference))).toEqual({ status: 'captured', reference: outcome.reference });
    });

    it('asks Stripe for a challenge on every card for the stripe_secure method', async () => {
      const started = payment({ method: 'stripe_secure', cardToken: 'pm_card_visa' });
      const outcome = await stripe.start(started);

      expect(outcome.status).toBe('requires_action');
      const request = fake.requests.find((r) => r.idempotencyKey === started.idempotencyKey);
      expect(request?.params).toMatchObject({ payment_method_options: { card: { request_three_d_secure: 'any' } } });
    });

    it('reads a declined card as a failure the visitor may retry, naming the intent Stripe kept', async () => {
      const started = payment({ cardToken: 'pm_card_chargeDeclined' });
      const outcome = await stripe.start(started);

      const [intent] = intentsFor(started.paymentNumber);
      expect(outcome).toEqual({ status: 'failed', reference: intent?.id, retryable: true, reason: 'Your card was declined.' });
    });

    it('fails without asking Stripe when the card token is missing', async () => {
      const started = payment({ cardToken: undefined });
      const outcome = await stripe.start(started);

      expect(outcome).toEqual({ status: 'failed', reference: null, retryable: true, reason: 'card token is missing' });
      expect(fake.requests.some((r) => r.idempotencyKey === started.idempotencyKey)).toBe(false);
    });

    it('reads a request Stripe refuses as a failure that retrying will not fix, with its reason', async () => {
      const unknownCard = await stripe.start(payment({ cardToken: 'pm_unknown' }));
      expect(unknownCard).toEqual({
        status: 'failed',
        reference: null,
        retryable: false,
        reason: "No such PaymentMethod: 'pm_unknown'",
      });

      const wrongKey = await providerFor(fake, { secretKey: 'sk_test_wrong' }).start(payment());
      expect(wrongKey).toMatchObject({ status: 'failed', retryable: false, reason: 'Invalid API Key provided' });
    });

    it('charges once for one idempotency key, however often it is started', async () => {
      const started = payment();
      const first = await stripe.start(started);
      const again = await stripe.start(started);
      const concurrent = await Promise.all([stripe.start(started), stripe.start(started)]);

      expect(first.status).toBe('captured');
      for (const outcome of [again, ...concurrent]) expect(outcome).toEqual(first);
      expect(intentsFor(started.paymentNumber)).toHaveLength(1);
    });

    it('repeats a request whose answer was lost under the same key: one intent', async () => {
      const started = payment();
      fake.loseAnswers(1);
      const outcome = await stripe.start(started);

      expect(outcome.status).toBe('captured');
      expect(fake.requests.filter((r) => r.idempotencyKey === started.idempotencyKey)).toHaveLength(2);
      expect(intentsFor(started.paymentNumber)).toHaveLength(1);
    });

    it('throws rather than calling it failed when every answer was lost, and a later start finds the same intent', async () => {
      const started = payment();
      fake.loseAnswers(2);
      await expect(providerFor(fake, { maxNetworkRetries: 1 }).start(started)).rejects.toThrow();
      expect(intentsFor(started.paymentNumber)).toHaveLength(1);

      const outcome = await stripe.start(started);
      expect(outcome).toEqual({ status: 'captured', reference: intentsFor(started.paymentNumber)[0]?.id });
      expect(intentsFor(started.paymentNumber)).toHaveLength(1);
    });
  });

  describe('status', () => {
    it("finds an intent whose start answer was lost by the shop's payment number", async () => {
      const started = payment();
      fake.loseAnswers(3);
      await expect(providerFor(fake, { maxNetworkRetries: 0 }).start(started)).rejects.toThrow();
      const [intent] = intentsFor(started.paymentNumber);
      expect(intent?.status).toBe('succeeded');
      expect(
        await stripe.status({
          reference: null,
          paymentNumber: started.paymentNumber,
          idempotencyKey: started.idempotencyKey,
          siteId: 1,
        }),
      ).toEqual({ status: 'captured', reference: intent?.id });
      expect(
        await stripe.status({ reference: null, paymentNumber: 'pay_never_started', idempotencyKey: randomUUID(), siteId: 1 }),
      ).toEqual({
        status: 'unknown',
        reference: null,
      });
    });

    it('reads a payment still processing as pending', async () => {
      const reference = await capturedPayment();
      fake.setStatus(reference, 'processing');
      expect(await stripe.status(byReference(reference))).toEqual({ status: 'pending', reference });
    });

    it('throws for an intent Stripe does not know, so the question stays open', async () => {
      await expect(stripe.status(byReference('pi_unknown'))).rejects.toThrow(/No such payment_intent/);
    });
  });

  describe('cancel', () => {
    it('voids an intent waiting for its challenge, which then cannot be passed', async () => {
      const started = payment({ cardToken: 'pm_card_threeDSecure2Required' });
      const outcome = await stripe.start(started);
      const lookup = {
        reference: outcome.reference,
        paymentNumber: started.paymentNumber,
        idempotencyKey: started.idempotencyKey,
        siteId: 1,
      };
      expect(await stripe.cancel(lookup)).toMatchObject({ status: 'failed', reference: outcome.reference });
      expect(fake.intents.get(outcome.reference as string)?.status).toBe('canceled');
      expect(() => fake.completeChallenge(outcome.reference as string, true)).toThrow();
    });

    it('answers captured for an intent paid before the cancel arrived, and leaves it paid', async () => {
      const reference = await capturedPayment();
      expect(await stripe.cancel(byReference(reference))).toEqual({ status: 'captured', reference });
      expect(fake.intents.get(reference)?.status).toBe('succeeded');
    });
  });

  describe('refund', () => {
    it('refunds a captured payment, once per key', async () => {
      const reference = await capturedPayment(3000);
      const key = randomUUID();
      const first = await stripe.refund(refundOf(reference, 3000, key));
      const again = await stripe.refund(refundOf(reference, 3000, key));

      expect(first).toEqual({ ok: true, reference: expect.stringMatching(/^re_/) });
      expect(again).toEqual(first);
      expect(fake.refunds.filter((refund) => refund.payment_intent === reference)).toEqual([
        expect.objectContaining({ amount: 3000, currency: 'jpy' }),
      ]);
    });

    it('refunds part of a payment', async () => {
      const reference = await capturedPayment(3000);
      const outcome = await stripe.refund(refundOf(reference, 1000, randomUUID()));

      expect(outcome.ok).toBe(true);
      expect(fake.refunds.filter((refund) => refund.payment_intent === reference).map((r) => r.amount)).toEqual([1000]);
    });

    it('says why Stripe would not refund', async () => {
      const reference = await capturedPayment(3000);
      await stripe.refund(refundOf(reference, 3000, randomUUID()));
      const second = await stripe.refund(refundOf(reference, 3000, randomUUID()));

      expect(second).toEqual({ ok: false, reason: expect.stringContaining('greater than unrefunded amount') });

      const declined = await stripe.start(payment({ cardToken: 'pm_card_chargeDeclined' }));
      const unpaid = await stripe.refund(refundOf(declined.reference as string, 2400, randomUUID()));
      expect(unpaid).toEqual({ ok: false, reason: expect.stringContaining('does not have a successful charge to refund') });
    });
  });

  describe('notification', () => {
    const CARD_FOR = {
      succeeded: 'pm_card_visa',
      processing: 'pm_card_visa',
      declined: 'pm_card_chargeDeclined',
      requires_action: 'pm_card_threeDSecure2Required',
    } as const;
    async function intentIn(state: keyof typeof CARD_FOR) {
      const outcome = await stripe.start(payment({ cardToken: CARD_FOR[state] }));
      const intent = fake.intents.get(outcome.reference as string);
      if (!intent) throw new Error('no intent made');
      return state === 'processing' ? fake.setStatus(intent.id, 'processing') : intent;
    }
    // Stripe's events are one payment each: never a list.
    const delivered = async (payload: string, signature: string | undefined) =>
      (await stripe.notification?.(payload, { 'content-type': 'application/json', 'stripe-signature': signature })) as
        | ProviderNotification
        | null
        | undefined;

    it('reads a signed payment_intent.succeeded as a capture', async () => {
      const intent = await intentIn('succeeded');
      const payload = paymentIntentEvent('payment_intent.succeeded', intent);

      expect(await delivered(payload, signWebhook(payload, WEBHOOK_SECRET))).toEqual({
        eventId: JSON.parse(payload).id,
        reference: intent.id,
        paymentNumber: intent.metadata.payment_number,
        outcome: { status: 'captured', reference: intent.id },
      });
    });

    it('reads failed, processing and 3-D Secure events', async () => {
      const failed = await intentIn('declined');
      const processing = await intentIn('processing');
      const challenged = await intentIn('requires_action');
      const read = async (type: string, intent: FakeIntent) => {
        const payload = paymentIntentEvent(type, intent);
        return (await delivered(payload, signWebhook(payload, WEBHOOK_SECRET)))?.outcome;
      };

      expect(await read('payment_intent.payment_failed', failed)).toEqual({
        status: 'failed',
        reference: failed.id,
        retryable: true,
        reason: 'Your card was declined.',
      });
      expect(await read('payment_intent.processing', processing)).toEqual({ status: 'pending', reference: processing.id });
      expect(await read('payment_intent.requires_action', challenged)).toEqual({
        status: 'requires_action',
        reference: challenged.id,
        redirectUrl: `${fake.baseUrl}/3ds/${challenged.id}`,
      });
    });

    it('refuses a forged signature', async () => {
      const intent = await intentIn('succeeded');
      const payload = paymentIntentEvent('payment_intent.succeeded', intent);

      await expect(delivered(payload, signWebhook(payload, 'whsec_someone_else'))).rejects.toThrow(InvalidNotification);
      const signedOther = signWebhook(paymentIntentEvent('payment_intent.succeeded', intent), WEBHOOK_SECRET);
      await expect(delivered(payload, signedOther)).rejects.toThrow(InvalidNotification);
    });

    it('refuses a missing signature', async () => {
      const payload = paymentIntentEvent('payment_intent.succeeded', await intentIn('succeeded'));
      await expect(delivered(payload, undefined)).rejects.toThrow(InvalidNotification);
      await expect(delivered(payload, '')).rejects.toThrow(InvalidNotification);
    });

    it('refuses a signature older than the tolerance, and takes one just inside it', async () => {
      const payload = paymentIntentEvent('payment_intent.succeeded', await intentIn('succeeded'));
      const seconds = Math.floor(Date.now() / 1000);

      await expect(delivered(payload, signWebhook(payload, WEBHOOK_SECRET, seconds - 600))).rejects.toThrow(/tolerance/);
      await expect(delivered(payload, signWebhook(payload, WEBHOOK_SECRET, seconds - 600))).rejects.toThrow(InvalidNotification);
      expect(await delivered(payload, signWebhook(payload, WEBHOOK_SECRET, seconds - 200))).not.toBeNull();
    });

    it('reads events that are not about the shop’s payments as nothing', async () => {
      const intent = await intentIn('succeeded');
      const charge = paymentIntentEvent('charge.succeeded', { id: 'ch_1', object: 'charge', payment_intent: intent.id });
      expect(await delivered(charge, signWebhook(charge, WEBHOOK_SECRET))).toBeNull();

      const created = paymentIntentEvent('payment_intent.created', intent);
      expect(await delivered(created, signWebhook(created, WEBHOOK_SECRET))).toBeNull();

      const foreign = paymentIntentEvent('payment_intent.succeeded', { ...intent, metadata: {} });
      expect(await delivered(foreign, signWebhook(foreign, WEBHOOK_SECRET))).toBeNull();
    });
  });
});
