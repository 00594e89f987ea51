/**
 * A new visitor buys a ticket: product, date, slot, an option and a set product, a coupon, their
 * details, the sandbox card, the complete page, then the e-mail from the outbox and its link.
 * In Japanese at 375 px and in English at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, startHarness } from './harness.ts';
import {
  CARDS,
  checkPage,
  choosePayment,
  chooseTickets,
  fillSignIn,
  openOrderPage,
  proceedFromOrder,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

// The whole purchase once per width, each in one language: Japanese on a phone, English at a desk.
// shell.e2e.test.ts shows every route at both widths and the finished screens in every language.
const runs = [
  { lang: 'ja', width: 375 },
  { lang: 'en', width: 1280 },
];

describe.skipIf(!hasChromium)('buying a ticket in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ variants: ['demo'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it.each(runs)(
    'buys, pays and opens the ticket link of the e-mail in $lang at $width px',
    async ({ lang, width }) => {
      const t = TEXTS[lang] as Record<string, string>;
      const email = `visitor-${lang}-${width}@example.com`;
      const page = await harness.browser.newPage({ viewport: { width, height: 900 } });
      const problems: string[] = [];
      try {
        await openOrderPage(page, harness.baseUrl, 'demo', lang);
        // Two admissions of the first ticket type and one set product.
        await chooseTickets(page, { admissions: 2, setProduct: true });
        await checkPage(page, problems, 'order');
        await proceedFromOrder(page);

        await fillSignIn(page, t, email, () => checkPage(page, problems, 'sign-in'));

        // A card without 3-D Secure: paid at checkout (the 3-D Secure journeys are in payments.e2e).
        await choosePayment(page, 'gmo', CARDS.success);
        await checkPage(page, problems, 'payment');
        await proceedFromPayment(page);

        // A coupon on the confirm page, then pay.
        const totalBefore = await page.locator('[data-screen="confirm"]').textContent();
        await page.getByLabel(t.order_coupon_label as string).fill('DMO10OFF');
        await page.getByRole('button', { name: t.order_coupon_apply as string }).click();
        await page.locator('.confirm-coupon-list').waitFor();
        expect(await page.locator('[data-screen="confirm"]').textContent()).not.toBe(totalBefore);
        await checkPage(page, problems, 'confirm');
        await page.locator('.confirm-submit').click();

        // Complete: reservation number and the ticket link.
        const number = await reservationNumberOnComplete(page);
        expect(await page.locator('main h1').textContent()).toBe(t.complete_title);
        expect(number).toBeTruthy();
        const ticketLink = await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href');
        expect(ticketLink).toMatch(/\/demo\/tickets\/#\/id\/[\w-]{22}$/);
        await checkPage(page, problems, 'complete');

        // The confirmation e-mail, opened from the outbox, leads to the same ticket.
        await page.goto(`${harness.baseUrl}/dev/mail/latest?to=${encodeURIComponent(email)}`);
        expect(await page.content()).toContain(number as string);
        const mailLink = await page.locator('a[href*="#/id/"]').first().getAttribute('href');
        expect(new URL(mailLink as string).hash).toBe(new URL(ticketLink as string, harness.baseUrl).hash);
        // Opened in a fresh browser whose own language is another, it keeps the mail's language.
        const elsewhere = await harness.browser.newContext({
          locale: lang === 'ja' ? 'en-US' : 'ja-JP',
          viewport: { width, height: 900 },
        });
        try {
          const fresh = await elsewhere.newPage();
          await fresh.goto(mailLink as string);
          await fresh.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
          expect(await fresh.locator('[data-screen="ticket"] .ticket-number').textContent()).toBe(number);
          expect(await fresh.evaluate(() => document.documentElement.lang)).toBe(lang);
        } finally {
          await elsewhere.close();
        }
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
