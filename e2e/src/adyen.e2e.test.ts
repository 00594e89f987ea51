/**
 * A venue whose Adyen methods go to Adyen: the payment page mounts Adyen's card component (Adyen
 * Web from Adyen's CDN with the venue's client key), checkout sends what it encrypted through the
 * server's Adyen library, a 3-D Secure card and Alipay go to their pages and come back through the
 * shop's return route. Adyen's script and API are local fakes (the CDN is answered by the browser
 * routes below; the Checkout API by the server-side HTTPS fake), since the machine reaches neither.
 */

import en from '@storefront/seed/texts/en.json' with { type: 'json' };
import { ADYEN_TEST_CARDS, type AdyenFake, startAdyenFake } from '@storefront/server/test/adyen-fake';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import { orderUpToPayment, proceedFromPayment, reservationNumberOnComplete } from './purchase-steps.ts';

const CLIENT_KEY = 'test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const ADYEN_CDN = 'https://checkoutshopper-test.cdn.adyen.com/checkoutshopper/sdk/6.21.0';

/**
 * Adyen Web as far as the payment page uses it. The "secured fields" are one plain input here, and
 * its "encryption" is Adyen's test-environment form `test_<number>`, which the fake API reads.
 */
const FAKE_ADYEN_WEB = `
window.AdyenWeb = {
  async AdyenCheckout(options) {
    if (options.clientKey !== '${CLIENT_KEY}') throw new Error('unexpected client key ' + options.clientKey);
    if (options.environment !== 'test') throw new Error('unexpected environment ' + options.environment);
    return { options };
  },
  Card: class {
    constructor(checkout, options) { this.options = options; this.input = null; }
    mount(host) {
      this.input = document.createElement('input');
      this.input.id = 'adyen-card-number';
      this.input.setAttribute('aria-label', 'Card number');
      this.input.addEventListener('input', () => {
        const number = this.number();
        if (number.length >= 15) this.options.onFieldValid?.({ fieldType: 'encryptedCardNumber', endDigits: number.slice(-4) });
      });
      host.append(this.input);
      return this;
    }
    number() { return (this.input?.value ?? '').replace(/\\s/g, ''); }
    get isValid() { return this.number().length >= 15; }
    get data() {
      return {
        paymentMethod: {
          type: 'scheme',
          encryptedCardNumber: 'test_' + this.number(),
          encryptedExpiryMonth: 'test_03',
          encryptedExpiryYear: 'test_2030',
          encryptedSecurityCode: 'test_737',
        },
        browserInfo: {
          acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: navigator.language,
          screenHeight: screen.height, screenWidth: screen.width, timeZoneOffset: new Date().getTimezoneOffset(),
          userAgent: navigator.userAgent,
        },
      };
    }
    showValidation() { this.input?.setAttribute('aria-invalid', 'true'); }
    unmount() { this.input?.remove(); }
  },
};
`;

describe.skipIf(!hasChromium)('Adyen in Chromium', () => {
  let harness: Harness;
  let adyen: AdyenFake;
  beforeAll(async () => {
    adyen = await startAdyenFake({ merchantAccounts: ['DemoMuseumECOM'] });
    harness = await startHarness({
      variants: ['demo'],
      adyen: {
        apiKey: adyen.apiKey,
        hmacKey: 'AB'.repeat(32),
        environment: 'TEST',
        merchantAccount: null,
        endpoint: { origin: adyen.origin, ca: adyen.ca },
      },
      prepare: async (db) => {
        await db.execute(sql`update payment_methods set provider = 'adyen'
          where method like 'adyen_%' and site_id = (select id from sites where variant = 'demo')`);
        await db.execute(sql`update sites set payment_provider_keys =
          ${JSON.stringify({ adyen: { clientKey: CLIENT_KEY, merchantAccount: 'DemoMuseumECOM' } })}::jsonb
          where variant = 'demo'`);
      },
    });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await adyen?.close();
  });

  /** The page's Content-Security-Policy violations: Adyen Web must be allowed where Adyen takes the cards. */
  let violations: string[] = [];

  async function adyenPage(width: number): Promise<Page> {
    // The fake's pages (the issuer's check, the wallet) are HTTPS with a certificate made for the test.
    const context = await harness.browser.newContext({ viewport: { width, height: 900 }, locale: 'en', ignoreHTTPSErrors: true });
    violations = await recordCspViolations(context);
    await context.route(`${ADYEN_CDN}/adyen.js`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_ADYEN_WEB }),
    );
    await context.route(`${ADYEN_CDN}/adyen.css`, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    return context.newPage();
  }

  async function payByCard(page: Page, number: string) {
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang: 'en', email: 'adyen@example.com' });
    await page.locator('input[type="radio"][value="adyen_credit"]').check();
    await page.locator('#adyen-card-number').fill(number);
    await page.locator('#payment-card-holder').fill('HANAKO YAMADA');
    // The page's own number field is not there: the card goes into Adyen's component only.
    expect(await page.locator('#payment-card-number').count()).toBe(0);
    // The sandbox's demo test cards are not Adyen's: they are not offered here.
    expect(await page.locator('.payment-demo-cards').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await proceedFromPayment(page);
    await page.locator('[data-screen="confirm"] .confirm-submit').click();
  }

  it('pays with a card in Adyen’s component: authorised at once, completed', async () => {
    const page = await adyenPage(375);
    await payByCard(page, ADYEN_TEST_CARDS.authorised);
    expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const paid = [...adyen.payments.values()].filter((p) => p.state === 'authorised' && p.type === 'scheme');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(paid.at(-1)?.merchantAccount).toBe('DemoMuseumECOM');
    expect(violations).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('3-D Secure: the issuer’s page, back through the shop, completed', async () => {
    const page = await adyenPage(1280);
    await payByCard(page, ADYEN_TEST_CARDS.challenge);
    await page.waitForURL(/\/redirect\//, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Pass' }).click();
    expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(new URL(page.url()).hash).toMatch(/^#\/complete/);
    expect(violations).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('Alipay not approved: back at the shop, the retry dialog, and the payment page again', async () => {
    const page = await adyenPage(375);
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang: 'en', email: 'alipay@example.com' });
    await page.locator('input[type="radio"][value="adyen_alipay"]').check();
    await proceedFromPayment(page);
    await page.locator('[data-screen="confirm"] .confirm-submit').click();
    await page.waitForURL(/\/redirect\//, { timeout: 30_000 });
    expect(await page.getByRole('heading').textContent()).toBe('Alipay');
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(/#\/adyen-callback\?/);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(en.dialog_payment_retry_title);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: en.dialog_payment_retry_button }).click();
    await page.locator('[data-screen="payment"] form').waitFor();
    expect(new URL(page.url()).hash.split('?')[0]).toBe('#/payment');
    expect(violations).toEqual([]);
    await page.context().close();
  }, 120_000);
});
