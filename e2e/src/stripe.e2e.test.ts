/**
 * A venue whose card methods go to Stripe: the payment page mounts Stripe's card element (Stripe.js
 * with the site's publishable key), checkout creates a Payment Intent through the server's Stripe
 * SDK, and a 3-D Secure card returns through Stripe's redirect. Stripe's script and API are local
 * fakes (js.stripe.com is answered by the browser route below; the API by the server-side fake),
 * since the machine reaches neither.
 */

import { type StripeFake, startStripeFake } from '@storefront/server/test/stripe-fake';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import { orderUpToPayment, proceedFromPayment, reservationNumberOnComplete } from './purchase-steps.ts';

/** Stripe.js as far as the payment page uses it; the "card element" is a plain input here. */
const FAKE_STRIPE_JS = `
window.Stripe = (publishableKey) => {
  if (publishableKey !== 'pk_test_storefront') throw new Error('unexpected publishable key ' + publishableKey);
  let input = null;
  const card = {
    mount(host) {
      input = document.createElement('input');
      input.id = 'stripe-card-number';
      input.setAttribute('aria-label', 'Card number');
      host.append(input);
    },
    destroy() { input?.remove(); },
  };
  return {
    elements: () => ({ create: () => card }),
    async createPaymentMethod({ billing_details }) {
      const number = (input?.value ?? '').replace(/\\s/g, '');
      if (!billing_details?.name) return { error: { type: 'validation_error', message: 'name missing' } };
      if (number === '4242424242424242') return { paymentMethod: { id: 'pm_card_visa', card: { last4: '4242' } } };
      if (number === '4000002500003155') return { paymentMethod: { id: 'pm_card_threeDSecure2Required', card: { last4: '3155' } } };
      return { error: { type: 'card_error', message: 'Your card number is invalid.' } };
    },
  };
};
`;

describe.skipIf(!hasChromium)('Stripe in Chromium', () => {
  let harness: Harness;
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake();
    harness = await startHarness({
      variants: ['demo'],
      stripe: {
        secretKey: stripe.secretKey,
        webhookSecret: 'whsec_e2e',
        host: stripe.host,
        port: stripe.port,
        protocol: stripe.protocol,
      },
      prepare: async (db) => {
        await db.execute(sql`update payment_methods set provider = 'stripe'
          where method in ('stripe', 'stripe_secure') and site_id = (select id from sites where variant = 'demo')`);
        await db.execute(sql`update sites set payment_provider_keys = '{"stripe":{"publishableKey":"pk_test_storefront"}}'::jsonb
          where variant = 'demo'`);
      },
    });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await stripe?.close();
  });

  /** The page's Content-Security-Policy violations: Stripe.js must be allowed where Stripe takes the cards. */
  let violations: string[] = [];

  async function stripePage(width: number): Promise<Page> {
    const context = await harness.browser.newContext({ viewport: { width, height: 900 }, locale: 'en' });
    violations = await recordCspViolations(context);
    await context.route('https://js.stripe.com/v3/', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
    );
    return context.newPage();
  }

  async function payWithStripe(page: Page, method: string, number: string) {
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang: 'en', email: 'stripe@example.com' });
    await page.locator(`input[type="radio"][value="${method}"]`).check();
    await page.locator('#stripe-card-number').fill(number);
    await page.locator('#payment-card-holder').fill('HANAKO YAMADA');
    expect(await page.locator('#payment-card-number').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await proceedFromPayment(page);
    await page.locator('[data-screen="confirm"] .confirm-submit').click();
  }

  it('pays with a card in Stripe’s own field: one Payment Intent, completed', async () => {
    const page = await stripePage(375);
    await payWithStripe(page, 'stripe', '4242 4242 4242 4242');
    expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const intents = [...stripe.intents.values()].filter((intent) => intent.payment_method === 'pm_card_visa');
    expect(intents).toHaveLength(1);
    expect(intents[0]?.status).toBe('succeeded');
    expect(violations).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('3-D Secure through Stripe’s redirect comes back and completes', async () => {
    const page = await stripePage(1280);
    await payWithStripe(page, 'stripe_secure', '4000 0025 0000 3155');
    await page.waitForURL(/\/3ds\//, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(violations).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a card Stripe refuses stays on the payment page with the field’s error', async () => {
    const page = await stripePage(375);
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang: 'en', email: 'stripe@example.com' });
    await page.locator('input[type="radio"][value="stripe"]').check();
    await page.locator('#stripe-card-number').fill('1234');
    await page.locator('#payment-card-holder').fill('HANAKO YAMADA');
    await page.locator('[data-screen="payment"] button[type="submit"]').click();
    await expect.poll(() => page.locator('#payment-cardNumber-error').textContent()).toBeTruthy();
    expect(new URL(page.url()).hash).toContain('/payment');
    expect(violations).toEqual([]);
    await page.context().close();
  }, 120_000);
});
