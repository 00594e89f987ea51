/**
 * A venue whose PayPay wallet goes to PayPay, in Chromium: the visitor chooses PayPay, confirms,
 * lands on PayPay's page for the code (the local HTTPS fake of PayPay's API and page, since the
 * machine reaches no PayPay), pays or cancels there, and PayPay sends the browser back to the
 * storefront's wallet return, which finishes the payment with the shop.
 */
import { rows } from '@storefront/server/db/rows';
import { type PayPayFake, paypaySettings, startPayPayFake } from '@storefront/server/test/paypay-fake';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import { orderUpToPayment, proceedFromPayment, reservationNumberOnComplete, TEXTS } from './purchase-steps.ts';

const t = TEXTS.en as Record<string, string>;
const JOURNEY_MS = 120_000;

/** The hash path of the page now, e.g. "/payment". */
const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

describe.skipIf(!hasChromium)('PayPay in Chromium', () => {
  let harness: Harness;
  let paypay: PayPayFake;
  beforeAll(async () => {
    paypay = await startPayPayFake();
    harness = await startHarness({
      variants: ['demo'],
      paypay: { ...paypaySettings(paypay), environment: 'STAGING' },
      prepare: async (db) => {
        await db.execute(sql`update payment_methods set provider = 'paypay'
          where method = 'gmo_paypay' and site_id = (select id from sites where variant = 'demo')`);
      },
    });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await paypay?.close();
  });

  /** The shop's Content-Security-Policy violations in the journey's pages. */
  let violations: string[] = [];
  let visitor = 0;

  async function paypayPage(width: number): Promise<Page> {
    // PayPay's page is the fake's, with the tests' own certificate.
    const context = await harness.browser.newContext({
      viewport: { width, height: 900 },
      locale: 'en',
      reducedMotion: 'reduce',
      ignoreHTTPSErrors: true,
    });
    violations = await recordCspViolations(context);
    return context.newPage();
  }

  /** Up to PayPay's page: an order, PayPay chosen, confirmed. Answers the code PayPay made. */
  async function toPayPay(page: Page) {
    visitor += 1;
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang: 'en', email: `paypay-${visitor}@example.com` });
    await choosePayPay(page);
    return confirmToPayPay(page);
  }

  async function choosePayPay(page: Page) {
    await page.locator('[data-screen="payment"] form').waitFor();
    await page.locator('input[type="radio"][value="gmo_paypay"]').check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await proceedFromPayment(page);
  }

  async function confirmToPayPay(page: Page) {
    expect(await seriousAxeViolations(page)).toEqual([]);
    const codesBefore = new Set(paypay.codes.keys());
    await page.locator('[data-screen="confirm"] .confirm-submit').click();
    await page.waitForURL((url) => url.origin === paypay.baseUrl && url.pathname.startsWith('/pay/'), { timeout: 30_000 });
    const codeId = new URL(page.url()).pathname.split('/').pop() as string;
    expect(codesBefore.has(codeId)).toBe(false);
    const code = paypay.codes.get(codeId);
    if (!code) throw new Error(`the fake made no code ${codeId}`);
    // The code comes back to the storefront's wallet return for its payment number.
    expect(code.redirectUrl).toBe(
      `${harness.baseUrl}/demo/#/payment-callback/paypay/success?payment_number=${code.merchantPaymentId}&time_change=false`,
    );
    await page.getByRole('heading', { name: 'PayPay test payment' }).waitFor();
    return code;
  }

  for (const width of [375, 1280]) {
    it(
      `pays on PayPay’s page and comes back to the complete screen at ${width} px`,
      async () => {
        const page = await paypayPage(width);
        try {
          const code = await toPayPay(page);
          await page.getByRole('button', { name: 'Pay with PayPay', exact: true }).click();
          await page.waitForURL((url) => url.origin === harness.baseUrl);
          const reservation = await reservationNumberOnComplete(page);
          expect(reservation).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
          expect(paypay.payments.get(code.merchantPaymentId)?.status).toBe('COMPLETED');
          const [order] = await rows<{ status: string; total: number }>(
            harness.db,
            sql`select o.status, o.total from orders o join payments p on p.order_id = o.id
                 where p.payment_number = ${code.merchantPaymentId}`,
          );
          expect(order).toEqual({ status: 'completed', total: code.amount.amount });
          expect(await seriousAxeViolations(page)).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          if (width === 375) await page.screenshot({ path: '/tmp/paypay-complete.png', fullPage: true });
          expect(violations).toEqual([]);
        } finally {
          await page.context().close();
        }
      },
      JOURNEY_MS,
    );
  }

  /** Where a payment stands in the shop's ledger, and its order. */
  async function ledger(paymentNumber: string) {
    const [row] = await rows<{ payment: string; order: string }>(
      harness.db,
      sql`select p.status as payment, o.status as "order" from payments p join orders o on o.id = p.order_id
           where p.payment_number = ${paymentNumber}`,
    );
    return row;
  }

  async function dialogSays(page: Page, key: string) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(t[`dialog_${key}_title`]);
    expect(await dialog.locator('.dialog-text').textContent()).toBe(t[`dialog_${key}_text`]);
    return dialog;
  }

  it(
    'cancels on PayPay’s page: back at the shop the visitor is told it was cancelled, and pays again at once',
    async () => {
      const page = await paypayPage(1280);
      try {
        const first = await toPayPay(page);
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await page.waitForURL((url) => url.origin === harness.baseUrl);
        // PayPay has one way back for both of its buttons, the storefront's success return. The
        // shop finds the code unpaid, deletes it, and says the payment was cancelled.
        expect(hashPath(page)).toBe('/payment-callback/paypay/success');
        const told = await dialogSays(page, 'payment_cancelled');
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await ledger(first.merchantPaymentId)).toEqual({ payment: 'failed', order: 'ready_checkout' });
        expect(first.deleted).toBe(true);
        await told.getByRole('button', { name: t.dialog_payment_retry_button as string }).click();
        await page.locator('[data-screen="payment"] form').waitFor();
        expect(hashPath(page)).toBe('/payment');

        await choosePayPay(page);
        const second = await confirmToPayPay(page);
        expect(second.merchantPaymentId).not.toBe(first.merchantPaymentId);
        await page.getByRole('button', { name: 'Pay with PayPay', exact: true }).click();
        expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
        expect(await ledger(second.merchantPaymentId)).toEqual({ payment: 'captured', order: 'completed' });
        expect(violations).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    JOURNEY_MS,
  );
});
