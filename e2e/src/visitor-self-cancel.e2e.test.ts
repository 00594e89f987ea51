/**
 * A visitor cancels their own cafe booking in Chromium on a 375 px phone: they book a table for two
 * (the cafe lets visitors cancel free of charge until 24 hours before), open the ticket, open the
 * cancellation, read its refund, fee and deadline, cancel with the keyboard, and the page says the
 * booking is cancelled and each admission "Cancelled". A booking at a venue with a QR code per
 * person and a fee gets the fee kept. The same page at 1280 px. Axe finds nothing
 * serious on the way, no page breaks the CSP, and the server holds one refund and one mail.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rows } from '@storefront/server/db/rows';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import {
  CARDS,
  chooseOpenDay,
  choosePayment,
  chooseTickets,
  fillSignIn,
  openOrderPage,
  proceedFromOrder,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

const t = TEXTS.en as Record<string, string>;
const VISITOR = 'mika.sato@self-cancel-e2e.test';
const SLOW_MS = 120_000;
const screenshots = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

describe.skipIf(!hasChromium)('a visitor cancels their own cafe booking', () => {
  let harness: Harness;
  let phone: { context: BrowserContext; page: Page };
  let ticketUrl = '';
  const problems: string[] = [];
  const csp: string[][] = [];
  /** The ticket in English on a desktop screen, in a browser of its own (a visitor's other device). */
  const onDesktop = async (step: string, ready: (page: Page) => Promise<void>) => {
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    const page = await context.newPage();
    const url = new URL(ticketUrl);
    url.searchParams.set('lang', 'en');
    await page.goto(url.toString());
    await ready(page);
    await check(page, `${step} at 1280 px`);
    await page.screenshot({ path: `${screenshots}self-cancel-${step}-1280.png`, fullPage: true });
    await context.close();
  };
  const check = async (page: Page, step: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${step}: wider than the screen by ${overflow}px`);
    for (const violation of await seriousAxeViolations(page)) problems.push(`${step}: ${violation}`);
  };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    harness = await startHarness({
      variants: ['cafe-lumen', 'demo'],
      // The demo venue's products let visitors cancel until an hour before, for a fee of ¥500.
      prepare: async (db) => {
        await db.execute(
          sql`update products set self_cancel_hours_before = 1, self_cancel_fee = 500
              where site_id = (select id from sites where code = 'demo')`,
        );
      },
    });
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 375, height: 812 } });
    csp.push(await recordCspViolations(context));
    phone = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'books a table for two a few days ahead',
    async () => {
      const { page } = phone;
      await page.goto(`${harness.baseUrl}/cafe-lumen/?lang=en#/order`);
      await page.locator('[data-screen="order"]').waitFor();
      // A few days ahead: a table tomorrow may already be inside the 24 hours.
      await chooseOpenDay(page, 3);
      await page.locator('.order-products .order-choice:not([disabled])').first().click();
      const slot = page.locator('.order-slot:not([disabled])').first();
      await slot.waitFor();
      await slot.click();
      await page.locator('.quantity-group').first().locator('select').nth(0).selectOption('2');
      await page.locator('.order-proceed').click();
      await fillSignIn(page, t, VISITOR);
      await choosePayment(page, 'softbank_credit', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('.confirm-submit').click();
      const link = page.locator('a.complete-ticket');
      await link.waitFor({ timeout: 30_000 });
      ticketUrl = new URL(String(await link.getAttribute('href')), harness.baseUrl).toString();
    },
    SLOW_MS,
  );

  it(
    'opens the ticket, sees until when it can be cancelled, and the refund before confirming',
    async () => {
      const { page } = phone;
      await page.goto(ticketUrl);
      await page.locator('[data-screen="ticket"] .ticket-card').waitFor();
      const section = page.getByRole('region', { name: t.ticket_cancel_heading });
      await section.waitFor();
      await expect(section.textContent()).resolves.toMatch(
        /You can cancel this booking here until \d{4}\/\d{2}\/\d{2} \(\w+\) \d{2}:\d{2}\./,
      );
      await check(page, 'ticket');
      await page.screenshot({ path: `${screenshots}self-cancel-ticket-375.png`, fullPage: true });
      await onDesktop('ticket', (desktop) => desktop.getByRole('button', { name: t.ticket_cancel_booking }).waitFor());

      // By keyboard: the button takes focus and Enter opens the confirmation, which holds the focus.
      const open = section.getByRole('button', { name: t.ticket_cancel_booking });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t.ticket_cancel_title });
      await dialog.waitFor();
      await expect(page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).resolves.toBe(true);
      const terms = await dialog.textContent();
      expect(terms).toContain(`${t.ticket_cancel_refund}¥600`);
      expect(terms).toContain(`${t.ticket_cancel_fee}¥0`);
      expect(terms).toMatch(new RegExp(`${t.ticket_cancel_deadline}\\d{4}/\\d{2}/\\d{2} \\(\\w+\\) \\d{2}:\\d{2}`));
      expect(terms).toContain('(2)');
      await check(page, 'cancel confirmation');
      await page.screenshot({ path: `${screenshots}self-cancel-confirm-375.png` });

      // Escape keeps the booking; nothing was sent.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      const [kept] = await rows<{ n: number }>(
        harness.db,
        sql`select count(*)::int as n from tickets t join orders o on o.id = t.order_id
            where o.customer_fields->>'email' = ${VISITOR} and t.status = 'valid'`,
      );
      expect(kept?.n).toBe(2);
    },
    SLOW_MS,
  );

  it(
    'is told in the confirmation when the deadline passed meanwhile, and nothing changes',
    async () => {
      const { page } = phone;
      const setHours = (hours: number) =>
        harness.db.execute(sql`update products set self_cancel_hours_before = ${hours} where key = 'table'`);
      await page.getByRole('button', { name: t.ticket_cancel_booking }).click();
      const dialog = page.getByRole('dialog', { name: t.ticket_cancel_title });
      await dialog.waitFor();
      // The venue moves its deadline to 60 days before while the visitor reads the terms.
      await setHours(24 * 60);
      try {
        await dialog.getByRole('button', { name: t.ticket_cancel_confirm }).click();
        await dialog.getByRole('alert').filter({ hasText: t.ticket_cancel_error_deadline }).waitFor();
        await expect(dialog.getByRole('button', { name: t.ticket_cancel_confirm }).isDisabled()).resolves.toBe(true);
        await expect(dialog.textContent()).resolves.toContain(`${t.ticket_cancel_refund}¥600`);
        await check(page, 'cancel refused');
        await dialog.getByRole('button', { name: t.ticket_cancel_keep }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText(/^Cancelling online was possible until/).waitFor();
        await expect(page.getByRole('button', { name: t.ticket_cancel_booking }).count()).resolves.toBe(0);
      } finally {
        await setHours(24);
      }
      await page.reload();
      await page.getByRole('button', { name: t.ticket_cancel_booking }).waitFor();
      const [kept] = await rows<{ n: number }>(
        harness.db,
        sql`select count(*)::int as n from refunds r join orders o on o.id = r.order_id where o.customer_fields->>'email' = ${VISITOR}`,
      );
      expect(kept?.n).toBe(0);
    },
    SLOW_MS,
  );

  it(
    'cancels, sees the refund and every admission "Cancelled", and the server refunded and mailed once',
    async () => {
      const { page } = phone;
      await page.getByRole('button', { name: t.ticket_cancel_booking }).click();
      const dialog = page.getByRole('dialog', { name: t.ticket_cancel_title });
      await dialog.getByRole('button', { name: t.ticket_cancel_confirm }).focus();
      await page.keyboard.press('Enter');
      const done = page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' });
      await done.waitFor();
      await expect(done.textContent()).resolves.toContain('Refund: ¥600');
      // The focus is not lost with the button that had it: it is on what happened.
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(t.ticket_cancelled);
      await page.locator('.ticket-status-cancelled', { hasText: t.ticket_cancelled }).first().waitFor();
      await expect(page.getByRole('button', { name: t.ticket_cancel_booking }).count()).resolves.toBe(0);
      await expect(page.locator('.ticket-qr').count()).resolves.toBe(0);
      await expect(page.getByText(t.ticket_show_at_entrance as string).count()).resolves.toBe(0);
      await check(page, 'ticket cancelled');
      await page.screenshot({ path: `${screenshots}self-cancel-done-375.png`, fullPage: true });

      const [order] = await rows<{ id: string }>(
        harness.db,
        sql`select id from orders where customer_fields->>'email' = ${VISITOR} and status = 'completed'`,
      );
      const orderId = order?.id ?? '';
      const tickets = await rows<{ status: string }>(harness.db, sql`select status from tickets where order_id = ${orderId}`);
      expect(tickets.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
      const refunds = await rows<{ amount: number; requested_by: string; status: string }>(
        harness.db,
        sql`select amount, requested_by, status from refunds where order_id = ${orderId}`,
      );
      expect(refunds).toEqual([{ amount: 600, requested_by: 'visitor', status: 'succeeded' }]);
      const mails = await rows<{ kind: string; lang: string }>(
        harness.db,
        sql`select kind, lang from outbox where order_id = ${orderId} and kind = 'cancellation_by_visitor'`,
      );
      expect(mails).toEqual([{ kind: 'cancellation_by_visitor', lang: 'en' }]);

      // A fresh load of the ticket says the same, with no button.
      await page.reload();
      await page.locator('.ticket-status-cancelled').first().waitFor();
      await expect(page.getByRole('button', { name: t.ticket_cancel_booking }).count()).resolves.toBe(0);
    },
    SLOW_MS,
  );

  it(
    'at a venue with a QR code per person and a fee: the refund is less the fee, and each admission says "Cancelled"',
    async () => {
      const { page } = phone;
      const visitor = 'kenji.ito@self-cancel-e2e.test';
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      await chooseTickets(page, { admissions: 2 });
      await proceedFromOrder(page);
      await fillSignIn(page, t, visitor);
      await choosePayment(page, 'gmo', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('.confirm-submit').click();
      const number = await reservationNumberOnComplete(page);
      expect(number).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await page.locator('a.complete-ticket').click();
      await page.locator('[data-screen="ticket"][data-display="separate"]').waitFor();
      await page.getByRole('button', { name: t.ticket_cancel_booking }).click();
      const dialog = page.getByRole('dialog', { name: t.ticket_cancel_title });
      await dialog.waitFor();
      const terms = await dialog.textContent();
      expect(terms).toContain(`${t.ticket_cancel_fee}¥500`);
      expect(terms).toContain(`${t.ticket_cancel_refund}¥3,500`);
      await dialog.getByRole('button', { name: t.ticket_cancel_confirm }).click();
      await page.getByRole('status').filter({ hasText: 'Refund: ¥3,500' }).waitFor();
      const badges = page.locator('.ticket-qr-item .ticket-status');
      await expect(badges.allTextContents()).resolves.toEqual([t.ticket_cancelled, t.ticket_cancelled]);
      await expect(page.getByText(t.ticket_invalid as string, { exact: true }).count()).resolves.toBe(0);
      await check(page, 'separate tickets cancelled');
      await page.screenshot({ path: `${screenshots}self-cancel-separate-375.png`, fullPage: true });
      const refunds = await rows<{ amount: number }>(
        harness.db,
        sql`select r.amount from refunds r join orders o on o.id = r.order_id where o.reservation_number = ${number}`,
      );
      expect(refunds).toEqual([{ amount: 3500 }]);
    },
    SLOW_MS,
  );

  it(
    'shows the cancelled ticket on a 1280 px screen',
    async () => {
      await onDesktop('done', async (page) => {
        await page.locator('.ticket-status-cancelled', { hasText: t.ticket_cancelled }).first().waitFor();
        await expect(page.getByRole('button', { name: t.ticket_cancel_booking }).count()).resolves.toBe(0);
      });
      expect(problems).toEqual([]);
      expect(csp.flat()).toEqual([]);
    },
    SLOW_MS,
  );
});
