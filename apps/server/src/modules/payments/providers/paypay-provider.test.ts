import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, fetch } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PayPayFake, paypaySettings, startPayPayFake, transactionNotification } from '../../../../test/paypay-fake.ts';
import { createPayPayProvider, merchantRefundIdOf, type PayPayProviderOptions } from './paypay-provider.ts';
import {
  InvalidNotification,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderNotification,
  type StartPayment,
} from './provider.ts';

describe('PayPay provider', () => {
  let fake: PayPayFake;
  let paypay: PaymentProvider;
  /** A browser that trusts the fake's certificate, for PayPay's page. */
  let browser: Agent;

  beforeAll(async () => {
    fake = await startPayPayFake();
    paypay = providerFor(fake);
    browser = new Agent({ connect: { ca: fake.ca } });
  });
  afterEach(() => {
    fake.beforeHandling = null;
    fake.refuseRepeatedRefunds(false);
  });
  afterAll(async () => {
    await browser.close();
    await fake.close();
  });

  function providerFor(target: PayPayFake, overrides: Partial<PayPayProviderOptions> = {}) {
    return createPayPayProvider({ ...paypaySettings(target), ...overrides });
  }

  function payment(overrides: Partial<StartPayment> = {}): StartPayment {
    const paymentNumber = `pay_${randomBytes(16).toString('base64url')}`;
    return {
      paymentNumber,
      siteId: 1,
      idempotencyKey: `${randomUUID()}:1`,
      method: 'gmo_paypay',
      amount: 2400,
      currency: 'JPY',
      returnUrl: `https://shop.example/#/payment-callback/paypay?payment_number=${paymentNumber}`,
      cancelUrl: 'https://shop.example/#/payment',
      description: `TOKYO ${paymentNumber}`,
      ...overrides,
    };
  }

  const lookupOf = (started: StartPayment, reference: string | null): PaymentLookup => ({
    reference,
    paymentNumber: started.paymentNumber,
    idempotencyKey: started.idempotencyKey,
    siteId: started.siteId,
  });

  const requestsFor = (pathPart: string) => fake.requests.filter((request) => request.path.includes(pathPart));

  /** A payment whose code is made and not paid: its start and its code id. */
  async function openPayment(overrides: Partial<StartPayment> = {}) {
    const started = payment(overrides);
    const outcome = await paypay.start(started);
    if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${outcome.status}`);
    return { started, codeId: outcome.reference, redirectUrl: outcome.redirectUrl };
  }

  /** A payment the visitor paid: its start and PayPay's paymentId. */
  async function paidPayment(amount = 2400) {
    const { started } = await openPayment({ amount });
    const paid = fake.pay(started.paymentNumber);
    return { started, paymentId: paid.paymentId as string };
  }

  const refundOf = (paymentId: string, amount: number, idempotencyKey: string, currency = 'JPY') => ({
    reference: paymentId,
    paymentNumber: 'pay_unused',
    siteId: 1,
    amount,
    currency,
    idempotencyKey,
  });

  describe('start', () => {
    it("makes a code for the amount in yen under the payment number and sends the visitor to PayPay's page", async () => {
      const started = payment();
      const outcome = await paypay.start(started);

      const code = [...fake.codes.values()].find((c) => c.merchantPaymentId === started.paymentNumber);
      expect(outcome).toEqual({
        status: 'requires_action',
        reference: code?.codeId,
        redirectUrl: `${fake.baseUrl}/pay/${code?.codeId}`,
      });
      const [request] = fake.requests.filter((r) => r.method === 'POST' && r.body?.merchantPaymentId === started.paymentNumber);
      expect(request).toMatchObject({ path: '/v2/codes', authorized: true });
      expect(request?.body).toEqual({
        merchantPaymentId: started.paymentNumber,
        amount: { amount: 2400, currency: 'JPY' },
        codeType: 'ORDER_QR',
        orderDescription: started.description,
        isAuthorization: false,
        redirectUrl: started.returnUrl,
        redirectType: 'WEB_LINK',
        requestedAt: expect.any(Number),
      });
      expect(fake.payments.get(started.paymentNumber)?.status).toBe('CREATED');
    });

    it('takes both PayPay wallet methods and cuts a long description to the 255 characters PayPay keeps', async () => {
      const started = payment({ method: 'softbank_paypay', description: 'あ'.repeat(300) });
      expect((await paypay.start(started)).status).toBe('requires_action');
      expect(fake.payments.get(started.paymentNumber)?.orderDescription).toBe('あ'.repeat(255));
    });

    it('refuses other currencies, amounts that are not whole yen above zero and other methods without asking PayPay', async () => {
      const cases = [
        payment({ currency: 'USD', amount: 1999 }),
        payment({ amount: 0 }),
        payment({ amount: 12.5 }),
        payment({ method: 'stripe' }),
      ];
      const outcomes = await Promise.all(cases.map((started) => paypay.start(started)));

      expect(outcomes).toEqual([
        { status: 'failed', reference: null, retryable: false, reason: 'PayPay takes yen only, not USD' },
        { status: 'failed', reference: null, retryable: false, reason: 'amount must be whole yen above zero' },
        { status: 'failed', reference: null, retryable: false, reason: 'amount must be whole yen above zero' },
        { status: 'failed', reference: null, retryable: false, reason: 'PayPay does not take stripe' },
      ]);
      for (const started of cases) expect(fake.payments.has(started.paymentNumber)).toBe(false);
    });

    it('answers a repeated start with where the payment stands instead of failing it', async () => {
      const { started } = await openPayment();

      expect(await paypay.start(started)).toEqual({ status: 'pending', reference: started.paymentNumber });
      const paid = fake.pay(started.paymentNumber);
      expect(await paypay.start(started)).toEqual({ status: 'captured', reference: paid.paymentId });
      expect([...fake.codes.values()].filter((c) => c.merchantPaymentId === started.paymentNumber)).toHaveLength(1);
    });

    it('throws when the answer was lost, and status then finds the code PayPay made', async () => {
      const started = payment();
      fake.loseAnswers(1);
      await expect(paypay.start(started)).rejects.toThrow(/PayPay did not answer making a code/);
      expect(fake.payments.get(started.paymentNumber)?.status).toBe('CREATED');

      expect(await paypay.status(lookupOf(started, null))).toEqual({ status: 'pending', reference: started.paymentNumber });
      const paid = fake.pay(started.paymentNumber);
      expect(await paypay.status(lookupOf(started, null))).toEqual({ status: 'captured', reference: paid.paymentId });
    });

    it('throws when PayPay does not answer in time', async () => {
      const started = payment();
      fake.holdAnswers(1);
      await expect(providerFor(fake, { timeoutMs: 200 }).start(started)).rejects.toThrow(/no answer within 200 ms/);
    });

    it('reads a refusal of wrong keys as a failure that retrying will not fix, without naming the secret', async () => {
      const wrongSecret = randomBytes(24).toString('base64');
      const started = payment();
      const outcome = await providerFor(fake, { apiSecret: wrongSecret }).start(started);

      expect(outcome).toEqual({
        status: 'failed',
        reference: null,
        retryable: false,
        reason: 'Unauthorized request (UNAUTHORIZED)',
      });
      expect(JSON.stringify(outcome)).not.toContain(wrongSecret);
      const [request] = fake.requests.filter((r) => r.body?.merchantPaymentId === started.paymentNumber);
      expect(request?.authorized).toBe(false);
      expect(fake.payments.has(started.paymentNumber)).toBe(false);

      const otherMerchant = await providerFor(fake, { merchantId: '1234' }).start(payment());
      expect(otherMerchant).toMatchObject({ status: 'failed', retryable: false });
    });

    it("brings the visitor back from PayPay's page to the return URL, paid or not", async () => {
      const paying = await openPayment();
      const page = await fetch(paying.redirectUrl, { dispatcher: browser });
      const html = await page.text();
      expect(html).toContain('Pay with PayPay');
      expect(html).toContain('Cancel');

      const back = await fetch(`${paying.redirectUrl}/approve`, { method: 'POST', dispatcher: browser, redirect: 'manual' });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(paying.started.returnUrl);
      expect(await paypay.status(lookupOf(paying.started, paying.codeId))).toEqual({
        status: 'captured',
        reference: fake.payments.get(paying.started.paymentNumber)?.paymentId,
      });

      const leaving = await openPayment();
      const away = await fetch(`${leaving.redirectUrl}/cancel`, { method: 'POST', dispatcher: browser, redirect: 'manual' });
      expect(away.headers.get('location')).toBe(leaving.started.returnUrl);
      expect(await paypay.status(lookupOf(leaving.started, leaving.codeId))).toEqual({
        status: 'pending',
        reference: leaving.codeId,
      });
    });
  });

  describe('status', () => {
    it('reads an unpaid code as pending and a paid one as captured under PayPay’s paymentId', async () => {
      const { started, codeId } = await openPayment();
      expect(await paypay.status(lookupOf(started, codeId))).toEqual({ status: 'pending', reference: codeId });

      const paid = fake.pay(started.paymentNumber);
      expect(await paypay.status(lookupOf(started, codeId))).toEqual({ status: 'captured', reference: paid.paymentId });
      expect(requestsFor(`/v2/codes/payments/${started.paymentNumber}`).every((r) => r.method === 'GET')).toBe(true);
    });

    it('reads an expired code and a failed payment as failures the visitor may retry', async () => {
      const expired = await openPayment();
      fake.expire(expired.started.paymentNumber);
      expect(await paypay.status(lookupOf(expired.started, expired.codeId))).toEqual({
        status: 'failed',
        reference: expired.codeId,
        retryable: true,
        reason: 'the PayPay code expired unpaid',
      });

      const failed = await openPayment();
      fake.fail(failed.started.paymentNumber);
      expect(await paypay.status(lookupOf(failed.started, failed.codeId))).toMatchObject({ status: 'failed', retryable: true });
    });

    it('still reads a refunded payment as captured', async () => {
      const { started, paymentId } = await paidPayment(3000);
      expect(await paypay.refund(refundOf(paymentId, 1000, randomUUID()))).toMatchObject({ ok: true });
      expect(fake.payments.get(started.paymentNumber)?.status).toBe('REFUNDED');

      expect(await paypay.status(lookupOf(started, paymentId))).toEqual({ status: 'captured', reference: paymentId });
    });

    it('answers unknown for a payment number PayPay never saw', async () => {
      expect(await paypay.status(lookupOf(payment(), null))).toEqual({ status: 'unknown', reference: null });
    });

    it('throws when the answer was lost, so the question stays open', async () => {
      const { started, codeId } = await openPayment();
      fake.loseAnswers(1);
      await expect(paypay.status(lookupOf(started, codeId))).rejects.toThrow(/PayPay did not answer the payment details/);
    });
  });

  describe('cancel', () => {
    it('deletes an unpaid code, which can then never be paid', async () => {
      const { started, codeId } = await openPayment();

      expect(await paypay.cancel(lookupOf(started, codeId))).toEqual({
        status: 'failed',
        reference: codeId,
        retryable: true,
        reason: 'the PayPay code was deleted unpaid',
      });
      expect(fake.codes.get(codeId)?.deleted).toBe(true);
      expect(requestsFor(`/v2/codes/${codeId}`).map((r) => r.method)).toEqual(['DELETE']);
      expect(() => fake.pay(started.paymentNumber)).toThrow();
      expect(await paypay.status(lookupOf(started, codeId))).toEqual({ status: 'unknown', reference: null });
    });

    it('answers captured for a code paid before the cancel, and leaves it paid', async () => {
      const { started, paymentId } = await paidPayment();
      const codeId = fake.payments.get(started.paymentNumber)?.codeId as string;

      expect(await paypay.cancel(lookupOf(started, codeId))).toEqual({ status: 'captured', reference: paymentId });
      expect(fake.codes.get(codeId)?.deleted).toBe(false);
      expect(requestsFor(`/v2/codes/${codeId}`)).toEqual([]);
    });

    it('answers captured when the visitor paid between the look and the delete', async () => {
      const { started, codeId } = await openPayment();
      fake.beforeHandling = (request) => {
        if (request.method === 'DELETE') fake.pay(started.paymentNumber);
      };

      const outcome = await paypay.cancel(lookupOf(started, codeId));
      expect(outcome).toEqual({ status: 'captured', reference: fake.payments.get(started.paymentNumber)?.paymentId });
      expect(fake.codes.get(codeId)?.deleted).toBe(false);
    });

    it('leaves a payment PayPay does not know unknown, and one whose code id was never learnt open', async () => {
      const never = payment();
      expect(await paypay.cancel(lookupOf(never, null))).toEqual({ status: 'unknown', reference: null });

      const started = payment();
      fake.loseAnswers(1);
      await expect(paypay.start(started)).rejects.toThrow();
      expect(await paypay.cancel(lookupOf(started, null))).toEqual({ status: 'pending', reference: started.paymentNumber });
      expect(fake.requests.some((r) => r.method === 'DELETE' && r.path.includes(started.paymentNumber))).toBe(false);
    });

    it('throws when the answer to the delete was lost', async () => {
      const { started, codeId } = await openPayment();
      fake.beforeHandling = (request) => {
        if (request.method === 'DELETE') fake.loseAnswers(1);
      };
      await expect(paypay.cancel(lookupOf(started, codeId))).rejects.toThrow(/PayPay did not answer deleting the code/);
    });
  });

  describe('refund', () => {
    it('refunds a whole payment, once per key however often it is asked', async () => {
      const { paymentId } = await paidPayment(3000);
      const key = `${randomUUID()}:1:refund`;
      const first = await paypay.refund(refundOf(paymentId, 3000, key));
      const again = await paypay.refund(refundOf(paymentId, 3000, key));

      expect(first).toEqual({ ok: true, reference: merchantRefundIdOf(key) });
      expect(again).toEqual(first);
      expect(fake.refunds.filter((refund) => refund.paymentId === paymentId)).toEqual([
        expect.objectContaining({ merchantRefundId: merchantRefundIdOf(key), amount: { amount: 3000, currency: 'JPY' } }),
      ]);
      const [request] = fake.requests.filter((r) => r.path === '/v2/refunds' && r.body?.paymentId === paymentId);
      expect(request?.body).toMatchObject({
        paymentId,
        amount: { amount: 3000, currency: 'JPY' },
        requestedAt: expect.any(Number),
      });
    });

    it('refunds part of a payment, and the rest under another key', async () => {
      const { paymentId } = await paidPayment(3000);
      expect((await paypay.refund(refundOf(paymentId, 1000, randomUUID()))).ok).toBe(true);
      expect((await paypay.refund(refundOf(paymentId, 2000, randomUUID()))).ok).toBe(true);

      expect(fake.refunds.filter((r) => r.paymentId === paymentId).map((r) => r.amount.amount)).toEqual([1000, 2000]);
    });

    it('gives PayPay a refund id of at most 64 letters, digits, - and _, one per key', () => {
      const keys = ['outside:5a0c1c3e-8d8e-4a8f-9b4e-4d1e2f3a4b5c', `${'x'.repeat(200)}:2:refund`, 'a:b', 'a_b'];
      const ids = keys.map(merchantRefundIdOf);

      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(new Set(ids).size).toBe(keys.length);
    });

    it('refunds once when the first answer was lost and the key is asked again', async () => {
      const { paymentId } = await paidPayment(3000);
      const key = randomUUID();
      fake.loseAnswers(1);
      await expect(paypay.refund(refundOf(paymentId, 3000, key))).rejects.toThrow(/PayPay did not answer a refund/);

      expect(await paypay.refund(refundOf(paymentId, 3000, key))).toEqual({ ok: true, reference: merchantRefundIdOf(key) });
      expect(fake.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
    });

    it('finds the refund a key made earlier when PayPay refuses the repeat', async () => {
      const { paymentId } = await paidPayment(3000);
      const key = randomUUID();
      await paypay.refund(refundOf(paymentId, 3000, key));
      fake.refuseRepeatedRefunds(true);

      expect(await paypay.refund(refundOf(paymentId, 3000, key))).toEqual({ ok: true, reference: merchantRefundIdOf(key) });
      expect(requestsFor(`/v2/refunds/${merchantRefundIdOf(key)}?paymentId=${paymentId}`)).toHaveLength(1);
      expect(fake.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
    });

    it('says why PayPay would not refund', async () => {
      const { paymentId } = await paidPayment(3000);
      await paypay.refund(refundOf(paymentId, 2000, randomUUID()));

      expect(await paypay.refund(refundOf(paymentId, 2000, randomUUID()))).toEqual({
        ok: false,
        reason: 'Invalid refund amount (INVALID_PARAMS)',
      });
      expect(fake.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
      expect(await paypay.refund(refundOf('00000000000000000000', 100, randomUUID()))).toEqual({
        ok: false,
        reason: 'Order not found (RESOURCE_NOT_FOUND)',
      });
      expect(await paypay.refund(refundOf(paymentId, 0, randomUUID()))).toEqual({
        ok: false,
        reason: 'amount must be whole yen above zero',
      });
      const asked = fake.requests.length;
      expect(await paypay.refund(refundOf(paymentId, 1000, randomUUID(), 'USD'))).toEqual({
        ok: false,
        reason: 'PayPay takes yen only, not USD',
      });
      expect(fake.requests).toHaveLength(asked);
    });
  });

  describe('notification', () => {
    // A PayPay notification is about one payment: never a list.
    const delivered = async (body: string) =>
      (await paypay.notification?.(body, { 'content-type': 'application/json' })) as ProviderNotification | null | undefined;

    it('reads a notification of a paid payment as a capture, as PayPay confirms when asked', async () => {
      const { started, paymentId } = await paidPayment();
      const asked = requestsFor(`/v2/codes/payments/${started.paymentNumber}`).length;

      expect(await delivered(transactionNotification(started.paymentNumber, 'COMPLETED'))).toEqual({
        eventId: `paypay:${started.paymentNumber}:COMPLETED`,
        reference: paymentId,
        paymentNumber: started.paymentNumber,
        outcome: { status: 'captured', reference: paymentId },
      });
      expect(requestsFor(`/v2/codes/payments/${started.paymentNumber}`)).toHaveLength(asked + 1);
    });

    it('believes PayPay, not the body: a notification claiming an unpaid payment paid reads as pending', async () => {
      const { started } = await openPayment();
      const notification = await delivered(
        transactionNotification(started.paymentNumber, 'COMPLETED', { paid_at: '2024-04-01T10:00:00Z' }),
      );

      expect(notification).toMatchObject({
        eventId: `paypay:${started.paymentNumber}:CREATED`,
        outcome: { status: 'pending', reference: started.paymentNumber },
      });
    });

    it('reads an expired payment’s notification as a failure', async () => {
      const { started } = await openPayment();
      fake.expire(started.paymentNumber);
      expect((await delivered(transactionNotification(started.paymentNumber, 'EXPIRED')))?.outcome).toMatchObject({
        status: 'failed',
        reason: 'the PayPay code expired unpaid',
      });
    });

    it('refuses a body that is not JSON or names no payment PayPay could know', async () => {
      for (const body of [
        '{"notification_type": "Transaction",',
        '[]',
        JSON.stringify({ notification_type: 'Transaction', state: 'COMPLETED' }),
        JSON.stringify({ notification_type: 'Transaction', merchant_order_id: '' }),
        JSON.stringify({ notification_type: 'Transaction', merchant_order_id: '../refunds/x' }),
      ]) {
        await expect(delivered(body)).rejects.toThrow(InvalidNotification);
      }
    });

    it('reads a payment PayPay does not know and notifications of other kinds as nothing', async () => {
      const unknownNumber = payment().paymentNumber;
      expect(await delivered(transactionNotification(unknownNumber, 'COMPLETED'))).toBeNull();
      const file = JSON.stringify({ notification_type: 'file.created', notification_id: randomUUID(), path: 'https://x' });
      expect(await delivered(file)).toBeNull();
    });

    it('throws when PayPay’s answer was lost, so the notification is delivered again', async () => {
      const { started } = await paidPayment();
      fake.loseAnswers(1);
      await expect(delivered(transactionNotification(started.paymentNumber, 'COMPLETED'))).rejects.toThrow(
        /PayPay did not answer/,
      );
    });
  });
});
