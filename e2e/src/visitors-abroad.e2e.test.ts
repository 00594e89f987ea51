/**
 * Issue 20's journey for a visitor from abroad, in Chromium on a 375 px phone: an English visitor
 * with a +1 phone number books at lab-exhibition, chooses a country as place of residence (the
 * choices labelled in English, prefectures for Japan and countries for abroad), sees the hold's
 * end with its time zone and countdown, pays by credit card through 3-D Secure and is done. The
 * order keeps the number in E.164 and the residence as the operator reads it.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rows } from '@storefront/server/db/rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, startHarness } from './harness.ts';
import {
  CARDS,
  checkPage,
  chooseOpenDay,
  fillCard,
  openOrderPage,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

const t = TEXTS.en as Record<string, string>;
const PHONE = { width: 375, height: 812 };
const screenshots = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

describe.skipIf(!hasChromium)('a visitor from abroad in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ variants: ['lab-exhibition'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('an English visitor with a +1 number books at lab-exhibition, choosing a country', async () => {
    mkdirSync(screenshots, { recursive: true });
    const email = 'visitor-from-abroad@example.com';
    const page = await harness.browser.newPage({ viewport: PHONE, reducedMotion: 'reduce' });
    const problems: string[] = [];
    const shoot = (name: string) => page.screenshot({ path: `${screenshots}abroad-${name}.png`, fullPage: true });
    try {
      await openOrderPage(page, harness.baseUrl, 'lab-exhibition', 'en');
      // Date first at lab-exhibition: a day after today, then the exhibition, then the time.
      await chooseOpenDay(page, 1);
      await page.locator('.order-products .order-choice:not([disabled])').first().click();
      const slot = page.locator('.order-slot:not([disabled])').first();
      await slot.waitFor();
      await slot.click();
      const admission = page.locator('.quantity-select').first();
      await admission.waitFor();
      await admission.selectOption('2');
      await checkPage(page, problems, 'order');
      await page.locator('.order-proceed').click();

      // The membership step: on as a guest. The heading of each new step takes the focus.
      await page.locator('[data-screen="membership-login"], [data-screen="sign-in"]').first().waitFor();
      if (await page.locator('[data-screen="membership-login"]').count()) {
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
        // The hold is counted from the order page on, on this step too.
        const hold = page.locator('[data-screen="membership-login"] .hold-notice');
        await hold.locator('[role="timer"]').waitFor();
        expect(await hold.locator('time').textContent()).toMatch(/\d{2}:\d{2} \(Japan Standard Time\)/);
        await page.getByRole('button', { name: t.membership_login_guest as string }).click();
      }

      const signIn = page.locator('[data-screen="sign-in"]');
      await signIn.locator('form').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.signin_title);
      // The hold: its end in the venue's time zone, named, and the time left.
      const hold = signIn.locator('.hold-notice');
      expect(await hold.locator('time').textContent()).toMatch(/\d{2}:\d{2} \(Japan Standard Time\)/);
      expect(await hold.locator('[role="timer"]').textContent()).toMatch(/^\d{1,2}:\d{2} left$/);

      await page.getByLabel(t.signin_field_fullname as string).fill('Jordan Miller');
      await page
        .getByLabel(t.signin_field_email as string, { exact: false })
        .first()
        .fill(email);
      await page.getByLabel(t.signin_field_email2 as string).fill(email);
      await page.getByLabel(t.signin_field_phone as string).fill('+1 415 555 2671');

      // Residence: prefectures for Japan, countries for abroad, all in English; the newsletter unticked.
      const residence = page.getByLabel(t.signin_field_resident_area as string);
      const groups = await residence.locator('optgroup').evaluateAll((elements) => elements.map((e) => e.getAttribute('label')));
      expect(groups).toEqual([t.choice_group_japan, t.choice_group_abroad]);
      const japan = await residence.locator('optgroup').nth(0).locator('option').allTextContents();
      expect(japan).toHaveLength(47);
      expect(japan).toContain('Tokyo');
      expect(japan.join('')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      const abroad = await residence.locator('optgroup').nth(1).locator('option').allTextContents();
      expect(abroad).toContain('Canada');
      expect(abroad.at(-1)).toBe('Other');
      expect(abroad.join('')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      await residence.selectOption({ label: 'United States' });
      expect(await page.getByLabel(t.signin_field_mail_magazine as string, { exact: true }).isChecked()).toBe(false);
      await checkPage(page, problems, 'sign-in');
      await shoot('sign-in');
      await signIn.locator('button[type="submit"]').click();

      // Payment: the methods are named by what the visitor pays with.
      const payment = page.locator('[data-screen="payment"]');
      await payment.locator('form').waitFor();
      expect(await payment.locator('.payment-method[data-method="stripe_secure"] .payment-method-name').textContent()).toBe(
        'Credit card',
      );
      await page.locator('input[type="radio"][value="stripe_secure"]').check();
      await fillCard(page, CARDS.success);
      await checkPage(page, problems, 'payment');
      await payment.locator('button[type="submit"]').click();

      // Confirm: the country as chosen, in English; the hold still counting.
      const confirm = page.locator('[data-screen="confirm"]');
      await confirm.locator('.confirm-submit').waitFor();
      expect(await confirm.textContent()).toContain('United States');
      expect(await confirm.locator('.hold-notice [role="timer"]').count()).toBe(1);
      await checkPage(page, problems, 'confirm');
      await shoot('confirm');
      await confirm.locator('.confirm-submit').click();

      await page.waitForURL(/\/sandbox-gateway\//);
      await page.getByRole('button', { name: 'Authenticate', exact: true }).click();
      const number = await reservationNumberOnComplete(page);
      expect(number).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await checkPage(page, problems, 'complete');
      await shoot('complete');

      // The order keeps the number in E.164 and the residence as the operator reads it.
      const [order] = await rows<{ phone: string | null; area: string | null }>(
        harness.db,
        sql`select customer_fields->>'phone' as phone, customer_fields->>'resident_area' as area
            from orders where reservation_number = ${number}`,
      );
      expect(order).toEqual({ phone: '+14155552671', area: 'United States' });
    } finally {
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
