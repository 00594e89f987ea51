/**
 * A new visitor buys a ticket: product, date, slot, an option and a set product, a coupon, their
 * details, the sandbox card, the complete page, then the e-mail from the outbox and its link.
 * In ja and en, at 375 and 1280 px.
 */
import en from '@storefront/seed/texts/en.json' with { type: 'json' };
import ja from '@storefront/seed/texts/ja.json' with { type: 'json' };
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, seriousAxeViolations, startHarness } from './harness.ts';

const TEXTS: Record<string, Record<string, string>> = { ja, en };
const runs = ['ja', 'en'].flatMap((lang) => [375, 1280].map((width) => ({ lang, width })));

async function checkPage(page: Page, problems: string[], step: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${step}: wider than the screen by ${overflow}px`);
  for (const violation of await seriousAxeViolations(page)) problems.push(`${step}: ${violation}`);
}

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
        await page.goto(`${harness.baseUrl}/demo/?lang=${lang}#/order`);
        await page.locator('[data-screen="order"]').waitFor();
        // The venue offers its app once per visit; not now.
        const notNow = page.getByRole('button', { name: t.app_download_not_now as string });
        await notNow.waitFor({ timeout: 5_000 }).catch(() => {});
        if (await notNow.isVisible()) await notNow.click();

        // Product, date (not today: its first slots may be past), slot.
        await page.locator('.order-products .order-choice:not([disabled])').first().click();
        const days = page.locator('button.calendar-day:not([disabled])');
        await days.first().waitFor();
        await days.nth(1).click();
        const slot = page.locator('.order-slot:not([disabled])').first();
        await slot.waitFor();
        await slot.click();

        // Two admissions of the first ticket type and one set product.
        const admission = page.locator('.quantity-select').first();
        await admission.waitFor();
        await admission.selectOption('2');
        const setProduct = page.locator('.quantity-row:has(.quantity-description) select').first();
        await setProduct.selectOption('1');
        await checkPage(page, problems, 'order');
        await page.locator('.order-proceed').click();

        // Customer details.
        await page.locator('[data-screen="sign-in"] form').waitFor();
        await page.getByLabel(t.signin_field_fullname as string).fill('Hanako Yamada');
        await page
          .getByLabel(t.signin_field_email as string, { exact: false })
          .first()
          .fill(email);
        await page.getByLabel(t.signin_field_email2 as string).fill(email);
        await page.getByLabel(t.signin_field_phone as string).fill('090-1234-5678');
        const area = page.getByLabel(t.signin_field_resident_area as string);
        if ((await area.evaluate((el) => el.tagName)) === 'SELECT') await area.selectOption({ index: 1 });
        else await area.fill('Tokyo');
        await checkPage(page, problems, 'sign-in');
        await page.locator('[data-screen="sign-in"] button[type="submit"]').click();

        // The sandbox card.
        await page.locator('[data-screen="payment"] form').waitFor();
        await page.locator('input[type="radio"][value="gmo"]').check();
        await page.locator('#payment-card-number').fill('4242 4242 4242 4242');
        await page.locator('#payment-exp-month').selectOption({ index: 12 });
        await page.locator('#payment-exp-year').selectOption({ index: 3 });
        await page.locator('#payment-cvc').fill('123');
        await page.locator('#payment-card-holder').fill('HANAKO YAMADA');
        await checkPage(page, problems, 'payment');
        await page.locator('[data-screen="payment"] button[type="submit"]').click();

        // A coupon on the confirm page, then pay.
        await page.locator('[data-screen="confirm"] .confirm-submit').waitFor();
        const totalBefore = await page.locator('[data-screen="confirm"]').textContent();
        await page.getByLabel(t.order_coupon_label as string).fill('DMO10OFF');
        await page.getByRole('button', { name: t.order_coupon_apply as string }).click();
        await page.locator('.confirm-coupon-list').waitFor();
        expect(await page.locator('[data-screen="confirm"]').textContent()).not.toBe(totalBefore);
        await checkPage(page, problems, 'confirm');
        await page.locator('.confirm-submit').click();

        // Complete: reservation number and the ticket link.
        await page.locator('[data-screen="complete"]').waitFor({ timeout: 30_000 });
        expect(await page.locator('main h1').textContent()).toBe(t.complete_title);
        const number = (await page.locator('[data-screen="complete"]').textContent())?.match(/[0-9A-Z]{5}-[0-9A-Z]{5}/)?.[0];
        expect(number).toBeTruthy();
        const ticketLink = await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href');
        expect(ticketLink).toMatch(/\/demo\/tickets\/#\/id\/[\w-]{22}$/);
        await checkPage(page, problems, 'complete');

        // The confirmation e-mail, opened from the outbox, leads to the same ticket.
        await page.goto(`${harness.baseUrl}/dev/mail/latest?to=${encodeURIComponent(email)}`);
        expect(await page.content()).toContain(number as string);
        const mailLink = await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href');
        expect(new URL(mailLink as string).hash).toBe(new URL(ticketLink as string, harness.baseUrl).hash);
        await page.goto(mailLink as string);
        await page.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
        expect(await page.locator('[data-screen="ticket"] .ticket-number').textContent()).toBe(number);
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
