/**
 * Every payment path of SPEC §4 in Chromium, through the built-in sandbox gateway: 3-D Secure
 * success, 3-D Secure failure then a retry that succeeds, a declined card, a wallet approved and
 * cancelled, the Adyen retryable 400, the d-pay carrier login, and a failure that cannot be
 * retried. Each journey starts from a new temporary order on the demo venue, which offers every
 * method identifier.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wallClock } from '@storefront/server/test/clock';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, startHarness } from './harness.ts';
import {
  CARDS,
  checkPage,
  choosePayment,
  orderUpToPayment,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

const t = TEXTS.en as Record<string, string>;
const LANGS = ['ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th'];
const screenshots = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const JOURNEY_MS = 120_000;

/** What the hash path of the page is now, e.g. "/payment". */
const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

describe.skipIf(!hasChromium)('payments in Chromium', () => {
  let harness: Harness;
  let visitor = 0;
  beforeAll(async () => {
    // At a fixed hour of the venue's day (decision 037): the hold's countdown and the calendar's
    // first bookable day are then the same whenever the suite runs.
    harness = await startHarness({ variants: ['demo'], at: wallClock('10:00') });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  /** A page with a temporary order on the payment step, in English at 1280 px unless told. */
  async function atPayment(width = 1280, lang = 'en'): Promise<Page> {
    visitor += 1;
    const page = await harness.browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang, email: `payer-${visitor}@example.com` });
    return page;
  }

  const shoot = (page: Page, name: string) => page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true });

  // Each language once, at the width where its text runs longest against the screen or beside it:
  // both widths are seen three times, and the payment step's words in every language by its component tests.
  it.each(LANGS.map((lang) => ({ lang, width: ['ja', 'kr', 'th'].includes(lang) ? 375 : 1280 })))(
    'shows the payment page and the payment return in $lang at $width px',
    async ({ lang, width }) => {
      mkdirSync(screenshots, { recursive: true });
      const texts = TEXTS[lang] as Record<string, string>;
      const page = await atPayment(width, lang);
      const problems: string[] = [];
      try {
        // Every method of the venue, each with its own name in this language and a mark. A name says
        // what the visitor pays with (`payment_method_<id>`); only where two on the page would read
        // the same does each of them name its processor (`payment_method_<id>_detail`).
        const methods = page.locator('.payment-method');
        const count = await methods.count();
        expect(count).toBeGreaterThan(1);
        const ids: string[] = [];
        for (let i = 0; i < count; i += 1) ids.push((await methods.nth(i).getAttribute('data-method')) as string);
        const short = (method: string) => texts[`payment_method_${method}`];
        const names: string[] = [];
        for (let i = 0; i < count; i += 1) {
          const method = ids[i] as string;
          const name = (await methods.nth(i).locator('.payment-method-name').textContent()) as string;
          const collides = ids.some((other) => other !== method && short(other) === short(method));
          expect(name, method).toBe(collides ? texts[`payment_method_${method}_detail`] : short(method));
          expect(name, method).toBeTruthy();
          expect(await methods.nth(i).locator('.payment-mark svg').count(), method).toBe(1);
          names.push(name);
        }
        expect(new Set(names).size).toBe(names.length);
        // The demo venue offers every card processor, so those name theirs; its one WeChat Pay does not.
        expect(names[ids.indexOf('gmo_3ds')]).toBe(texts.payment_method_gmo_3ds_detail);
        expect(names[ids.indexOf('adyen_we_chat_pay')]).toBe(texts.payment_method_adyen_we_chat_pay);
        expect(names[ids.indexOf('adyen_we_chat_pay')]).not.toContain('Adyen');
        await page.locator('input[type="radio"][value="gmo_3ds"]').check();
        await page.locator('#payment-card-number').waitFor();
        await checkPage(page, problems, 'payment with a card method');
        await shoot(page, `payment-${lang}-${width}`);
        await page.locator('input[type="radio"][value="gmo_paypay"]').check();
        expect(await page.locator('#payment-card-number').count()).toBe(0);
        await checkPage(page, problems, 'payment with a wallet');

        // The 3-D Secure return while the server finishes the payment, then without an answer.
        let held: Route | null = null;
        await page.route('**/gmo-secure/exe-payment', (route) => {
          held = route;
        });
        await page.goto(`${harness.baseUrl}/demo/#/payment-callback/gmo3ds?md=P-sample-0001&time_change=false`);
        const screen = page.locator('[data-screen="three-d-secure-callback"]');
        await screen.locator('[role="status"]').waitFor();
        expect(await screen.getAttribute('aria-busy')).toBe('true');
        expect(await screen.locator('h1').textContent()).toBe(texts.payment_callback_title);
        // (Judged once it has an answer: the page is not at rest while the call is under way.)
        await shoot(page, `payment-return-${lang}-${width}`);
        await expect.poll(() => held !== null).toBe(true);
        await (held as unknown as Route).abort('failed');
        await page.locator('[data-phase="no-answer"]').waitFor();
        await page.getByRole('dialog').waitFor();
        await checkPage(page, problems, 'payment return, no answer');
        await shoot(page, `payment-return-no-answer-${lang}-${width}`);
        if ((await page.locator('main').textContent())?.match(/\b[a-z]+_[a-z_]+\b/)) problems.push('an untranslated key');
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    JOURNEY_MS,
  );

  async function pay(page: Page, method: string, card?: string) {
    await choosePayment(page, method, card);
    await proceedFromPayment(page);
    await page.locator('.confirm-submit').click();
  }

  /** The sandbox gateway's hosted page, answered with one of its buttons. */
  async function answerGateway(page: Page, button: string) {
    await page.waitForURL(/\/sandbox-gateway\//);
    await page.getByRole('button', { name: button, exact: true }).click();
  }

  async function dialogSays(page: Page, titleKey: string) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(t[titleKey]);
    return dialog;
  }

  const sessionValue = (page: Page, key: string) =>
    page.evaluate((name) => sessionStorage.getItem(`storefront:demo:${name}`), key);

  it(
    '3-D Secure: the challenge passes and the order completes',
    async () => {
      const page = await atPayment();
      const problems: string[] = [];
      try {
        await pay(page, 'gmo_3ds', CARDS.success);
        await page.waitForURL(/\/sandbox-gateway\/challenge\//);
        // The payment number is kept for the return (SPEC §3 session data).
        expect(await sessionValue(page, 'paymentNumber')).toMatch(/^"[\w-]+"$/);
        await answerGateway(page, 'Authenticate');
        await page.waitForURL(/#\/payment-callback\/gmo3ds\?md=/);
        expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
        expect(await page.locator('a[href*="/tickets/#/id/"]').count()).toBe(1);
        // The visit is reset: no order token and no payment number left.
        expect(await sessionValue(page, 'orderToken')).toBeNull();
        expect(await sessionValue(page, 'paymentNumber')).toBeNull();
        await checkPage(page, problems, 'complete');
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    '3-D Secure: a failed challenge offers a return to payment, and the retry succeeds',
    async () => {
      const page = await atPayment();
      try {
        await pay(page, 'softbank_3ds', CARDS.threeDSecure);
        await answerGateway(page, 'Fail authentication');
        await page.waitForURL(/#\/payment-callback\/sbps3ds\?/);
        const dialog = await dialogSays(page, 'dialog_payment_authentication_failed_title');
        await dialog.getByRole('button', { name: t.dialog_payment_retry_button as string }).click();
        await page.locator('[data-screen="payment"] form').waitFor();
        expect(hashPath(page)).toBe('/payment');

        await pay(page, 'softbank_3ds', CARDS.threeDSecure);
        await answerGateway(page, 'Authenticate');
        expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'a declined card: the payment failure dialog and back to payment',
    async () => {
      const page = await atPayment();
      try {
        await pay(page, 'gmo', CARDS.decline);
        const dialog = await dialogSays(page, 'dialog_payment_api_failure_title');
        await dialog.getByRole('button', { name: t.dialog_payment_retry_button as string }).click();
        await page.locator('[data-screen="payment"] form').waitFor();
        expect(hashPath(page)).toBe('/payment');
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'a wallet: approved on its page, the order completes',
    async () => {
      const page = await atPayment();
      try {
        await pay(page, 'gmo_paypay');
        await page.waitForURL(/\/sandbox-gateway\/wallet\//);
        await answerGateway(page, 'Approve payment');
        await page.waitForURL(/#\/payment-callback\/paypay/);
        expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'a wallet: cancelled on its page, a dialog and back to payment',
    async () => {
      const page = await atPayment();
      try {
        await pay(page, 'alipay');
        await answerGateway(page, 'Cancel');
        await page.waitForURL(/#\/payment-callback\/alipay\/cancel/);
        const dialog = await dialogSays(page, 'dialog_payment_cancelled_title');
        await dialog.getByRole('button', { name: t.dialog_payment_retry_button as string }).click();
        await page.locator('[data-screen="payment"] form').waitFor();
        expect(hashPath(page)).toBe('/payment');
        // The order is still the visitor's: it can be paid another way.
        await pay(page, 'gmo', CARDS.success);
        expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'Adyen retryable 400: a dialog, the payment info cleared, back to payment',
    async () => {
      const page = await atPayment();
      try {
        await pay(page, 'adyen_credit', CARDS.processingError);
        await answerGateway(page, 'Authenticate');
        await page.waitForURL(/#\/adyen-callback\?/);
        const dialog = await dialogSays(page, 'dialog_payment_retry_title');
        expect(await sessionValue(page, 'paymentNumber')).toBeNull();
        expect(await sessionValue(page, 'paymentPage')).toBeNull();
        await dialog.getByRole('button', { name: t.dialog_payment_retry_button as string }).click();
        await page.locator('[data-screen="payment"] form').waitFor();
        expect(hashPath(page)).toBe('/payment');
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'd-pay: the carrier login, back on /d-pay-confirm, then the payment',
    async () => {
      const page = await atPayment();
      try {
        await choosePayment(page, 'd_pay');
        await proceedFromPayment(page);
        const button = page.locator('.confirm-submit');
        expect(await button.textContent()).toBe(t.confirm_d_pay_login);
        await button.click();
        await page.waitForURL(/\/sandbox-gateway\/carrier\//);
        expect(await sessionValue(page, 'dPayStateCode')).toMatch(/^"[\w-]+"$/);
        await answerGateway(page, 'Log in and allow');
        await page.waitForURL(/#\/d-pay-confirm\?.*code=/);
        await page.locator('[data-d-pay-ready="true"]').waitFor();
        // The state code is used once.
        expect(await sessionValue(page, 'dPayStateCode')).toBeNull();
        await page.locator('.confirm-submit').click();
        expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'd-pay: a return whose state this visit was not given asks for the login again',
    async () => {
      const page = await atPayment();
      try {
        await choosePayment(page, 'd_pay');
        await proceedFromPayment(page);
        await page.goto(`${harness.baseUrl}/demo/#/d-pay-confirm?code=code-forged-0001&state=st-forged-0001`);
        await dialogSays(page, 'dialog_d_pay_login_failed_title');
        expect(await page.locator('.confirm-submit').textContent()).toBe(t.confirm_d_pay_login);
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'a failure that cannot be retried goes to the payment-error page',
    async () => {
      const page = await atPayment();
      const problems: string[] = [];
      try {
        await pay(page, 'gmo', CARDS.nonRetryable);
        await page.locator('[data-screen="payment-error"]').waitFor();
        expect(new URL(page.url()).hash).toBe('#/payment-error?time_change=false');
        expect(await page.locator('main h1').textContent()).toBe(t.payment_error_title);
        await checkPage(page, problems, 'payment-error');
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    JOURNEY_MS,
  );
});
