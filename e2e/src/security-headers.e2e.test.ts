/**
 * The shop under its own Content-Security-Policy, in Chromium: the order page, a card purchase
 * through the sandbox gateway's 3-D Secure page to complete, the ticket from the e-mail, its gate
 * pass (code, moving band, clock), a dialog and the API documentation all work with nothing refused; and what the
 * policy does not name (an injected inline script, a script from elsewhere, another site framing a
 * ticket page) is refused.
 */
import { mkdirSync } from 'node:fs';
import en from '@storefront/seed/texts/en.json' with { type: 'json' };
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, recordCspViolations, startHarness } from './harness.ts';
import {
  CARDS,
  choosePayment,
  chooseTickets,
  fillSignIn,
  openOrderPage,
  proceedFromOrder,
  proceedFromPayment,
  reservationNumberOnComplete,
} from './purchase-steps.ts';

const t = en as Record<string, string>;
const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url);
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: new URL(`csp-${name}.png`, SCREENSHOTS).pathname, fullPage: true });

describe.skipIf(!hasChromium)('the Content-Security-Policy in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startHarness({ variants: ['demo'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('buys with a 3-D Secure card, opens the ticket and its gate pass, and shows a dialog with nothing refused', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });
    const violations = await recordCspViolations(context);
    const page = await context.newPage();
    try {
      const email = 'policy@example.com';
      const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/demo/');
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      const policy = (await opened).headers()['content-security-policy'] ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toMatch(/style-src 'self' 'nonce-[\w+/=]+'/);
      await page.locator('.order-products .order-choice').first().waitFor();
      await shoot(page, 'order-375');

      await chooseTickets(page);
      await proceedFromOrder(page);
      await fillSignIn(page, t, email);
      await choosePayment(page, 'gmo_3ds', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('[data-screen="confirm"] .confirm-submit').click();

      // The gateway's own challenge page, styled by its hashed style element.
      await page.waitForURL(/\/sandbox-gateway\/challenge\//);
      const authenticate = page.getByRole('button', { name: 'Authenticate' });
      expect(await authenticate.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(29, 78, 216)');
      await shoot(page, 'challenge-375');
      await authenticate.click();
      const number = await reservationNumberOnComplete(page);
      expect(number).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

      // The ticket from the confirmation e-mail, with its QR codes.
      await page.goto(`${harness.baseUrl}/dev/mail/latest?to=${encodeURIComponent(email)}`);
      const ticketLink = (await page.locator('a[href*="#/id/"]').first().getAttribute('href')) as string;
      await page.goto(ticketLink);
      await page.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
      expect(await page.locator('.ticket-number').first().textContent()).toBe(number);
      await shoot(page, 'ticket-375');

      // The gate pass: the code drawn as SVG, the band moving under the page's stylesheet.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page
        .getByRole('link', { name: t.ticket_open_pass as string })
        .first()
        .click();
      await page.locator('[data-screen="check-in"][data-pass="live"] .pass-qr svg').waitFor();
      expect(await page.locator('.pass-band').evaluate((band) => getComputedStyle(band).animationName)).toBe('pass-band-move');
      await shoot(page, 'pass-375');

      // A dialog holds the page still with a style element of its own, allowed by the page's nonce.
      await page.goto(`${harness.baseUrl}/demo/?lang=en#/reservation-inquiry`);
      await page.getByLabel(t.inquiry_email as string).fill(email);
      await page.getByLabel(t.inquiry_reservation_number as string).fill('ZZZZZ-ZZZZZ');
      await page.getByRole('button', { name: t.inquiry_search as string }).click();
      await page.locator('.dialog .dialog-title').waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await page.locator('.dialog .button-primary').click();

      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the API documentation with nothing refused', async () => {
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const violations = await recordCspViolations(context);
    const page = await context.newPage();
    try {
      await page.goto(`${harness.baseUrl}/api/docs`);
      await page.locator('.swagger-ui .opblock').first().waitFor();
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('refuses an injected inline script, a script from another site and another site framing a ticket page', async () => {
    const context = await harness.browser.newContext();
    const violations = await recordCspViolations(context);
    await context.route('https://scripts.example/steal.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.stolen = true;' }),
    );
    await context.route('http://framer.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>framer</title><iframe src="${harness.baseUrl}/demo/tickets/"></iframe>`,
      }),
    );
    const page = await context.newPage();
    try {
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      const ran = await page.evaluate(async () => {
        const page = window as unknown as { injected?: boolean; stolen?: boolean };
        const inline = document.createElement('script');
        inline.textContent = 'window.injected = true;';
        document.head.append(inline);
        const external = document.createElement('script');
        external.src = 'https://scripts.example/steal.js';
        const settled = new Promise((resolve) => {
          external.onload = resolve;
          external.onerror = resolve;
        });
        document.head.append(external);
        await settled;
        return { injected: page.injected === true, stolen: page.stolen === true };
      });
      expect(ran).toEqual({ injected: false, stolen: false });
      expect(violations.some((line) => line.includes('script-src-elem inline'))).toBe(true);
      expect(violations.some((line) => line.includes('https://scripts.example/steal.js'))).toBe(true);

      // Chromium shows its error page in the frame instead of the ticket page.
      await page.goto('http://framer.example/');
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      await expect.poll(() => frame?.url()).toBe('chrome-error://chromewebdata/');
      expect(await frame?.locator('#root').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
