/**
 * Steps of the purchase journey shared by the browser tests: a temporary order with a ticket,
 * the visitor's details, a payment method (and card), and the confirm page.
 */
import en from '@storefront/seed/texts/en.json' with { type: 'json' };
import ja from '@storefront/seed/texts/ja.json' with { type: 'json' };
import kr from '@storefront/seed/texts/kr.json' with { type: 'json' };
import th from '@storefront/seed/texts/th.json' with { type: 'json' };
import zhHans from '@storefront/seed/texts/zh-hans.json' with { type: 'json' };
import zhHant from '@storefront/seed/texts/zh-hant.json' with { type: 'json' };
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './harness.ts';

export type Texts = Record<string, string>;
export const TEXTS: Record<string, Texts> = { ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th };

/** Overflow and serious axe findings of the page as it is, added to `problems`. */
export async function checkPage(page: Page, problems: string[], step: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${step}: wider than the screen by ${overflow}px`);
  for (const violation of await seriousAxeViolations(page)) problems.push(`${step}: ${violation}`);
}

/** Opens the order page of a venue in a language, without the app download offer. */
export async function openOrderPage(page: Page, baseUrl: string, variant: string, lang: string): Promise<void> {
  await page.addInitScript((key) => sessionStorage.setItem(key, 'false'), `storefront:${variant}:showSmartphoneAppDownloadModal`);
  await page.goto(`${baseUrl}/${variant}/?lang=${lang}#/order`);
  await page.locator('[data-screen="order"]').waitFor();
}

/**
 * Clicks the `index`-th bookable day of the calendar in `scope` (0 is the first shown), turning to
 * the following months when the month shown has too few: near a month's end, or in a week with a
 * closed day, this month may have only one or two.
 */
export async function chooseOpenDay(page: Page, index: number, scope = ''): Promise<void> {
  const calendar = page.locator(`${scope} .calendar`.trim()).first();
  await calendar.locator('.calendar-grid').waitFor();
  let skip = index;
  for (let month = 0; month < 4; month++) {
    const open = calendar.locator('button.calendar-day:not([disabled])');
    const count = await open.count();
    if (skip < count) {
      await open.nth(skip).click();
      return;
    }
    skip -= count;
    const title = await calendar.locator('.calendar-title').textContent();
    await calendar.locator('.calendar-nav-button').nth(1).click();
    await calendar.locator('.calendar-title', { hasNotText: title ?? '' }).waitFor();
  }
  throw new Error(`fewer than ${index + 1} bookable days in the next four months`);
}

/** Product, a date that is not today (its first slots may be past), the first slot, `admissions` tickets. */
export async function chooseTickets(page: Page, options: { admissions?: number; setProduct?: boolean } = {}): Promise<void> {
  await page.locator('.order-products .order-choice:not([disabled])').first().click();
  await chooseOpenDay(page, 1);
  const slot = page.locator('.order-slot:not([disabled])').first();
  await slot.waitFor();
  await slot.click();
  const admission = page.locator('.quantity-select').first();
  await admission.waitFor();
  await admission.selectOption(String(options.admissions ?? 1));
  if (options.setProduct) await page.locator('.quantity-row:has(.quantity-description) select').first().selectOption('1');
}

export async function proceedFromOrder(page: Page): Promise<void> {
  await page.locator('.order-proceed').click();
}

/** The sign-in form with a valid visitor, submitted. */
export async function fillSignIn(page: Page, t: Texts, email: string, check?: () => Promise<void>): Promise<void> {
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
  await check?.();
  await page.locator('[data-screen="sign-in"] button[type="submit"]').click();
}

/** The sandbox test cards (see the sandbox gateway). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  threeDSecure: '4000 0000 0000 3220',
  decline: '4000 0000 0000 0002',
  processingError: '4000 0000 0000 0119',
  nonRetryable: '4000 0000 0000 0127',
} as const;

/** Chooses a method on the payment page and, for a card method, fills the card. */
export async function choosePayment(page: Page, method: string, card?: string): Promise<void> {
  await page.locator('[data-screen="payment"] form').waitFor();
  await page.locator(`input[type="radio"][value="${method}"]`).check();
  if (card) await fillCard(page, card);
}

/** The payment form's card fields (the same form in the purchase flow, a date change and on the spot). */
export async function fillCard(page: Page, card: string): Promise<void> {
  await page.locator('#payment-card-number').fill(card);
  await page.locator('#payment-exp-month').selectOption({ index: 12 });
  await page.locator('#payment-exp-year').selectOption({ index: 3 });
  await page.locator('#payment-cvc').fill('123');
  await page.locator('#payment-card-holder').fill('HANAKO YAMADA');
}

export async function proceedFromPayment(page: Page): Promise<void> {
  await page.locator('[data-screen="payment"] button[type="submit"]').click();
  await page.locator('[data-screen="confirm"] .confirm-submit').waitFor();
}

/** A temporary order with details, up to the payment page. */
export async function orderUpToPayment(page: Page, baseUrl: string, options: { variant: string; lang: string; email: string }) {
  const t = TEXTS[options.lang] as Texts;
  await openOrderPage(page, baseUrl, options.variant, options.lang);
  await chooseTickets(page);
  await proceedFromOrder(page);
  await fillSignIn(page, t, options.email);
  await page.locator('[data-screen="payment"] form').waitFor();
}

/** The complete page's reservation number (it has the form XXXXX-XXXXX). */
export async function reservationNumberOnComplete(page: Page): Promise<string | null> {
  await page.locator('[data-screen="complete"]').waitFor({ timeout: 30_000 });
  return (await page.locator('[data-screen="complete"]').textContent())?.match(/[0-9A-Z]{5}-[0-9A-Z]{5}/)?.[0] ?? null;
}
