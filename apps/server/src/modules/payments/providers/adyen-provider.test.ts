import { randomBytes, randomUUID } from 'node:crypto';
import { AUTHENTICATION_FAILED } from '@storefront/domain/errors/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADYEN_TEST_CARDS, type AdyenFake, adyenNotification, startAdyenFake } from '../../../../test/adyen-fake.ts';
import { createAdyenProvider, encodeAdyenCardToken } from './adyen-provider.ts';
import { InvalidNotification, type PaymentLookup, type ProviderNotification, type StartPayment } from './provider.ts';

const HMAC_KEY = randomBytes(32).toString('hex');
const OLD_HMAC_KEY = randomBytes(32).toString('hex');
/** Venue 1 has a merchant account; venue 2 has none. */
const ACCOUNTS: Record<number, string> = { 1: 'StorefrontECOM' };

const cardToken = (number: string) =>
  encodeAdyenCardToken({
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: 'test_03',
      encryptedExpiryYear: 'test_2030',
      encryptedSecurityCode: 'test_737',
      holderName: 'HANAKO YAMADA',
    },
    browserInfo: {
      acceptHeader: 'text/html',
      colorDepth: 24,
      javaEnabled: false,
      language: 'ja-JP',
      screenHeight: 812,
      screenWidth: 375,
      timeZoneOffset: -540,
      userAgent: 'Mozilla/5.0',
    },
  });

describe('Adyen provider', () => {
  let fake: AdyenFake;
  let adyen: ReturnType<typeof createAdyenProvider>;

  function providerFor(target: AdyenFake, overrides: { apiKey?: string; auth?: { username: string; password: string } } = {}) {
    return createAdyenProvider({
      apiKey: overrides.apiKey ?? target.apiKey,
      hmacKey: HMAC_KEY,
      environment: 'TEST',
      merchantAccountFor: async (siteId) => ACCOUNTS[siteId] ?? null,
      notificationAuth: overrides.auth,
      endpoint: { origin: target.origin, ca: target.ca },
    });
  }

  beforeAll(async () => {
    fake = await startAdyenFake();
    adyen = providerFor(fake);
  });
  afterAll(() => fake.close());

  function payment(overrides: Partial<StartPayment> = {}): StartPayment {
    const paymentNumber = `pay_${randomUUID().slice(0, 12)}`;
    return {
      paymentNumber,
      siteId: 1,
      idempotencyKey: randomUUID(),
      method: 'adyen_credit',
      amount: 2400,
      currency: 'JPY',
      cardToken: cardToken(ADYEN_TEST_CARDS.authorised),
      returnUrl: `https://shop.example/demo/api/v1/adyen/return?payment_number=${paymentNumber}`,
      cancelUrl: 'https://shop.example/demo/#/payment',
      description: 'DEMO Timed entry tickets',
      ...overrides,
    };
  }

  const lookupOf = (started: StartPayment, reference: string | null = null): PaymentLookup => ({
    reference,
    paymentNumber: started.paymentNumber,
    idempotencyKey: started.idempotencyKey,
    siteId: started.siteId,
  });

  async function captured(amount = 3000) {
    const started = payment({ amount });
    const outcome = await adyen.start(started);
    if (outcome.status !== 'captured') throw new Error(`expected a capture, got ${outcome.status}`);
    return { started, reference: outcome.reference };
  }

  describe('start', () => {
    it('authorises a card and sends Adyen the venue’s merchant account, amount, reference, return URL and browser', async () => {
      const started = payment();
      const outcome = await adyen.start(started);

      expect(outcome).toEqual({ status: 'captured', reference: expect.stringMatching(/^\d{16}$/) });
      const request = fake.requests.find((r) => r.idempotencyKey === started.idempotencyKey);
      expect(request).toMatchObject({
        path: '/v72/payments',
        apiKey: fake.apiKey,
        body: {
          merchantAccount: 'StorefrontECOM',
          amount: { value: 2400, currency: 'JPY' },
          reference: started.paymentNumber,
          returnUrl: started.returnUrl,
          channel: 'Web',
          origin: 'https://shop.example',
          paymentMethod: { type: 'scheme', encryptedCardNumber: `test_${ADYEN_TEST_CARDS.authorised}` },
          browserInfo: { language: 'ja-JP', screenWidth: 375 },
        },
      });
    });

    it('answers a refused card as a failure the visitor may retry', async () => {
      const outcome = await adyen.start(payment({ cardToken: cardToken(ADYEN_TEST_CARDS.refused) }));
      expect(outcome).toMatchObject({ status: 'failed', retryable: true, reason: 'Refused' });
    });

    it('answers a card Adyen finds invalid (422) as a retryable failure without a reference', async () => {
      const outcome = await adyen.start(payment({ cardToken: cardToken('4242424242424241') }));
      expect(outcome).toEqual({ status: 'failed', reference: null, retryable: true, reason: 'Invalid card number' });
    });

    it('refuses a token that is not from Adyen’s card component without asking Adyen', async () => {
      const before = fake.requests.length;
      const outcome = await adyen.start(payment({ cardToken: 'pm_card_visa' }));
      expect(outcome).toMatchObject({ status: 'failed', retryable: true });
      expect(fake.requests.length).toBe(before);
    });

    it('repeats the same answer for the same idempotency key: one payment at Adyen', async () => {
      const started = payment();
      const first = await adyen.start(started);
      const again = await adyen.start(started);
      expect(again).toEqual(first);
      expect([...fake.payments.values()].filter((p) => p.reference === started.paymentNumber)).toHaveLength(1);
    });

    it('throws when the answer is lost, so the ledger does not take the attempt for failed', async () => {
      fake.dropNext();
      const started = payment();
      await expect(adyen.start(started)).rejects.toThrow();
      // Adyen took it: the retry under the same key gets the same payment.
      expect(await adyen.start(started)).toMatchObject({ status: 'captured' });
    });

    it('a wrong API key is a failure no retry mends', async () => {
      const wrong = providerFor(fake, { apiKey: 'AQEwrong' });
      expect(await wrong.start(payment())).toMatchObject({ status: 'failed', retryable: false });
    });

    it('a venue without a merchant account throws (a setting to fix) and asks Adyen nothing', async () => {
      const before = fake.requests.length;
      await expect(adyen.start(payment({ siteId: 2 }))).rejects.toThrow(/no Adyen merchant account/);
      expect(fake.requests.length).toBe(before);
    });
  });

  describe('3-D Secure and wallets by redirect', () => {
    it('sends a challenged card to the issuer’s page; a passed challenge comes back authorised', async () => {
      const started = payment({ cardToken: cardToken(ADYEN_TEST_CARDS.challenge) });
      const outcome = await adyen.start(started);
      expect(outcome).toMatchObject({
        status: 'requires_action',
        redirectUrl: expect.stringContaining(`${fake.origin}/redirect/`),
      });

      const psp = fake.paymentFor(started.paymentNumber)?.pspReference as string;
      const result = fake.decide(psp, true);
      expect(await adyen.details(lookupOf(started), result)).toEqual({ status: 'captured', reference: psp });
    });

    it('a failed challenge is said as a failed authentication, which the visitor may retry', async () => {
      const started = payment({ cardToken: cardToken(ADYEN_TEST_CARDS.challenge) });
      await adyen.start(started);
      const psp = fake.paymentFor(started.paymentNumber)?.pspReference as string;
      expect(await adyen.details(lookupOf(started), fake.decide(psp, false))).toEqual({
        status: 'failed',
        reference: psp,
        retryable: true,
        reason: AUTHENTICATION_FAILED,
      });
    });

    it.each([
      ['adyen_alipay', 'alipay'],
      ['adyen_we_chat_pay', 'wechatpayWeb'],
    ] as const)('%s redirects to the wallet; approved is captured, cancelled is a retryable failure', async (method, type) => {
      const approved = payment({ method, cardToken: undefined });
      expect(await adyen.start(approved)).toMatchObject({ status: 'requires_action' });
      const paid = fake.paymentFor(approved.paymentNumber);
      expect(paid?.type).toBe(type);
      expect(await adyen.details(lookupOf(approved), fake.decide(paid?.pspReference as string, true))).toMatchObject({
        status: 'captured',
      });

      const cancelled = payment({ method, cardToken: undefined });
      await adyen.start(cancelled);
      const left = fake.paymentFor(cancelled.paymentNumber)?.pspReference as string;
      expect(await adyen.details(lookupOf(cancelled), fake.decide(left, false))).toMatchObject({
        status: 'failed',
        retryable: true,
      });
    });

    it('a result used twice, or belonging to another payment, says nothing', async () => {
      const started = payment({ cardToken: cardToken(ADYEN_TEST_CARDS.challenge) });
      await adyen.start(started);
      const psp = fake.paymentFor(started.paymentNumber)?.pspReference as string;
      const result = fake.decide(psp, true);
      const other = payment();
      expect(await adyen.details(lookupOf(other), result)).toEqual({ status: 'unknown', reference: null });
      // Adyen took that result once already: again is refused, which is no news either.
      expect(await adyen.details(lookupOf(started), result)).toEqual({ status: 'unknown', reference: null });
    });
  });

  describe('status and cancel', () => {
    it('has nothing to ask Adyen: the ledger waits for a notification', async () => {
      const before = fake.requests.length;
      expect(await adyen.status(lookupOf(payment()))).toEqual({ status: 'unknown', reference: null });
      expect(fake.requests.length).toBe(before);
    });

    it('cancels by the shop’s reference, even before Adyen named the payment', async () => {
      const started = payment({ method: 'adyen_alipay', cardToken: undefined });
      await adyen.start(started);
      expect(await adyen.cancel(lookupOf(started))).toMatchObject({ status: 'failed', retryable: true });
      expect(fake.cancels).toContainEqual({ merchantAccount: 'StorefrontECOM', paymentReference: started.paymentNumber });
      expect(fake.paymentFor(started.paymentNumber)?.state).toBe('cancelled');
    });
  });

  describe('refund', () => {
    it('refunds in full and in part by the payment’s pspReference', async () => {
      const { reference } = await captured(3000);
      const part = await adyen.refund({
        reference,
        paymentNumber: 'pay_x',
        siteId: 1,
        amount: 1000,
        currency: 'JPY',
        idempotencyKey: randomUUID(),
      });
      const rest = await adyen.refund({
        reference,
        paymentNumber: 'pay_x',
        siteId: 1,
        amount: 2000,
        currency: 'JPY',
        idempotencyKey: randomUUID(),
      });
      expect(part).toEqual({ ok: true, reference: expect.stringMatching(/^\d{16}$/) });
      expect(rest.ok).toBe(true);
      expect(fake.refunds.filter((r) => r.paymentPspReference === reference).map((r) => r.amount)).toEqual([1000, 2000]);
    });

    it('the same key never refunds twice', async () => {
      const { reference } = await captured(3000);
      const request = {
        reference,
        paymentNumber: 'pay_x',
        siteId: 1,
        amount: 3000,
        currency: 'JPY',
        idempotencyKey: randomUUID(),
      };
      const first = await adyen.refund(request);
      expect(await adyen.refund(request)).toEqual(first);
      expect(fake.refunds.filter((r) => r.paymentPspReference === reference)).toHaveLength(1);
    });

    it('says why Adyen refused a refund', async () => {
      const { reference } = await captured(3000);
      const tooMuch = await adyen.refund({
        reference,
        paymentNumber: 'pay_x',
        siteId: 1,
        amount: 3001,
        currency: 'JPY',
        idempotencyKey: randomUUID(),
      });
      expect(tooMuch).toEqual({ ok: false, reason: expect.stringContaining('Invalid amount') });
      const unknown = await adyen.refund({
        reference: '9999999999999999',
        paymentNumber: 'pay_x',
        siteId: 1,
        amount: 100,
        currency: 'JPY',
        idempotencyKey: randomUUID(),
      });
      expect(unknown).toEqual({ ok: false, reason: expect.stringContaining('Original pspReference required') });
    });

    it('throws when the answer is lost, so the refund is asked again under its key', async () => {
      const { reference } = await captured(3000);
      const request = {
        reference,
        paymentNumber: 'pay_x',
        siteId: 1,
        amount: 500,
        currency: 'JPY',
        idempotencyKey: randomUUID(),
      };
      fake.dropNext();
      await expect(adyen.refund(request)).rejects.toThrow();
      expect((await adyen.refund(request)).ok).toBe(true);
      expect(fake.refunds.filter((r) => r.paymentPspReference === reference)).toHaveLength(1);
    });
  });

  describe('notifications', () => {
    const item = (eventCode: string, success: boolean, reason?: string) => ({
      eventCode,
      success,
      pspReference: '8815000000000001',
      merchantReference: 'pay_notified',
      amount: { value: 2400, currency: 'JPY' },
      ...(reason ? { reason } : {}),
    });
    const read = async (body: string, headers: Record<string, string> = {}) =>
      (await adyen.notification?.(body, { 'content-type': 'application/json', ...headers })) as ProviderNotification[];

    it('reads a signed AUTHORISATION as a capture, and a refused one as a retryable failure', async () => {
      expect(await read(adyenNotification([item('AUTHORISATION', true)], HMAC_KEY))).toEqual([
        {
          eventId: 'adyen:AUTHORISATION:8815000000000001:true',
          reference: '8815000000000001',
          paymentNumber: 'pay_notified',
          outcome: { status: 'captured', reference: '8815000000000001' },
        },
      ]);
      const [refused] = await read(adyenNotification([item('AUTHORISATION', false, 'Refused')], HMAC_KEY));
      expect(refused?.outcome).toEqual({ status: 'failed', reference: '8815000000000001', retryable: true, reason: 'Refused' });
    });

    it('reads every item of a batch, and an offer closed unpaid ends the payment', async () => {
      const batch = await read(adyenNotification([item('OFFER_CLOSED', true), item('REFUND', true)], HMAC_KEY));
      expect(batch.map((n) => n.outcome.status)).toEqual(['failed']);
    });

    it('reads a refund Adyen could not make (REFUND_FAILED, or REFUND refused) as a refund failure of the original payment', async () => {
      const refundItem = (eventCode: string, success: boolean) => ({
        ...item(eventCode, success, 'Account closed'),
        pspReference: '8815000000000999',
        originalReference: '8815000000000001',
      });
      const read = async (eventCode: string, success: boolean) =>
        adyen.notification?.(adyenNotification([refundItem(eventCode, success)], HMAC_KEY), {});
      expect(await read('REFUND_FAILED', true)).toEqual([
        {
          kind: 'refund_failed',
          eventId: 'adyen:REFUND_FAILED:8815000000000999:true',
          reference: '8815000000000001',
          refundReference: '8815000000000999',
          reason: 'Account closed',
        },
      ]);
      expect(await read('REFUND', false)).toEqual([
        expect.objectContaining({ kind: 'refund_failed', reference: '8815000000000001', refundReference: '8815000000000999' }),
      ]);
      // A refund made is nothing more to do.
      expect(await read('REFUND', true)).toEqual([]);
    });

    it('refuses a forged signature, one made with a retired key, and an unsigned body', async () => {
      const signed = adyenNotification([item('AUTHORISATION', true)], HMAC_KEY);
      const forged = signed.replace('"value":2400', '"value":1');
      await expect(read(forged)).rejects.toThrow(InvalidNotification);
      await expect(read(adyenNotification([item('AUTHORISATION', true)], OLD_HMAC_KEY))).rejects.toThrow(/does not verify/);
      const unsigned = JSON.parse(signed);
      delete unsigned.notificationItems[0].NotificationRequestItem.additionalData.hmacSignature;
      await expect(read(JSON.stringify(unsigned))).rejects.toThrow(/not signed/);
      await expect(read('not json')).rejects.toThrow(InvalidNotification);
    });

    it('checks the Basic auth user and password when they are set up', async () => {
      const guarded = providerFor(fake, { auth: { username: 'adyen-hook', password: 'a long password' } });
      const body = adyenNotification([item('AUTHORISATION', true)], HMAC_KEY);
      const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      await expect(guarded.notification?.(body, { authorization: basic('adyen-hook', 'wrong') })).rejects.toThrow(
        InvalidNotification,
      );
      await expect(guarded.notification?.(body, {})).rejects.toThrow(InvalidNotification);
      expect(await guarded.notification?.(body, { authorization: basic('adyen-hook', 'a long password') })).toHaveLength(1);
    });
  });
});
