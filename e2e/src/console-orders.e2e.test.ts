/**
 * Customer service in a real browser against the real server: a visitor buys two admissions; a
 * staff member finds the order by the visitor's e-mail, sends the ticket mail again, and cancels
 * one of the two admissions with a refund through the provider; the visitor's ticket page then
 * shows that admission as no longer valid and the other as it was. Every console screen on the way
 * is checked with axe, and no page breaks the CSP.
 */
import type { Database } from '@storefront/server/db/client';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import {
  CARDS,
  choosePayment,
  chooseTickets,
  fillSignIn,
  openOrderPage,
  proceedFromOrder,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

const STAFF = { email: 'desk@orders-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const VISITOR = 'aiko.tanaka@orders-e2e.test';
const SLOW_MS = 120_000;

describe.skipIf(!hasChromium)('customer service: find an order, resend its ticket, refund one admission', () => {
  let harness: Harness;
  let staff: { context: BrowserContext; page: Page };
  let ticketUrl = '';
  let reservationNumber = '';
  const axe: string[] = [];
  const csp: string[][] = [];
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };
  const rows = async <T>(query: ReturnType<typeof sql>) => (await harness.db.execute(query)) as unknown as { rows: T[] };

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: STAFF.email, name: 'Desk Staff', isOwner: true, totp: true });
      },
    });
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    staff = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'a visitor buys two admissions',
    async () => {
      const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 375, height: 812 } });
      csp.push(await recordCspViolations(context));
      const page = await context.newPage();
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      await chooseTickets(page, { admissions: 2 });
      await proceedFromOrder(page);
      await fillSignIn(page, TEXTS.en ?? {}, VISITOR);
      await choosePayment(page, 'gmo', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('.confirm-submit').click();
      reservationNumber = (await reservationNumberOnComplete(page)) ?? '';
      expect(reservationNumber).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      ticketUrl = `${harness.baseUrl}${await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href')}`;
      await context.close();
    },
    SLOW_MS,
  );

  it(
    'staff find the order by the visitor’s e-mail and send the ticket mail again',
    async () => {
      const { page } = staff;
      await signIn(page, harness.baseUrl, STAFF, '/venues/demo/orders');
      await screenIs(page, 'orders');
      await page.getByRole('table').first().waitFor();
      await checkAxe(page, 'orders');
      await page.getByRole('searchbox', { name: 'Search' }).fill(VISITOR.toUpperCase());
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const found = page.getByRole('link', { name: reservationNumber });
      await found.waitFor();
      await expect(page.getByRole('table').first().getByRole('link').count()).resolves.toBe(1);
      await found.click();
      await screenIs(page, 'order-detail');
      await page.getByRole('heading', { name: 'Timeline' }).waitFor();
      await checkAxe(page, 'order-detail');

      const mailsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from outbox where to_address = ${VISITOR}`);
      await page.getByRole('button', { name: 'Send the ticket mail' }).click();
      await page.getByText(`The ticket mail was sent to ${VISITOR}.`).waitFor();
      const mailsAfter = await rows<{ n: number }>(sql`select count(*)::int as n from outbox where to_address = ${VISITOR}`);
      expect(mailsAfter.rows[0]?.n).toBe((mailsBefore.rows[0]?.n ?? 0) + 1);
      // The timeline lists the mail just sent (it refreshes after the action).
      await expect
        .poll(async () => page.getByRole('button', { name: /^View mail/ }).count(), { timeout: 10_000 })
        .toBeGreaterThan(1);
    },
    SLOW_MS,
  );

  it(
    'staff cancel one of the two admissions with a refund through the provider; the visitor’s ticket shows it',
    async () => {
      const { page } = staff;
      await page.getByRole('button', { name: 'Cancel admissions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel admissions' });
      const first = dialog.getByLabel(/^No\. 1 · /);
      await first.waitFor();
      await expect(first.isChecked()).resolves.toBe(true);
      await first.uncheck();
      // One of two ¥2,000 admissions: half of what was paid is proposed.
      await dialog.getByText(/Proposed refund: [¥￥]2,000/).waitFor();
      await checkAxe(page, 'cancel-admissions');
      await dialog.getByLabel(/^Reason/).fill('Visitor fell ill; refunded one admission');
      await dialog.getByRole('button', { name: 'Cancel the admissions' }).click();
      await dialog.getByText('1 admission was cancelled; its QR code no longer works.').waitFor();
      await dialog.getByText(/Refund of [¥￥]2,000: done\./).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const tickets = await rows<{ position: number; status: string }>(
        sql`select t.position, t.status from tickets t join orders o on o.id = t.order_id
             where o.reservation_number = ${reservationNumber} order by t.position`,
      );
      expect(tickets.rows).toEqual([
        { position: 1, status: 'valid' },
        { position: 2, status: 'cancelled' },
      ]);
      const refunds = await rows<{ amount: number; status: string }>(
        sql`select r.amount, r.status from refunds r join orders o on o.id = r.order_id where o.reservation_number = ${reservationNumber}`,
      );
      expect(refunds.rows).toEqual([{ amount: 2000, status: 'succeeded' }]);

      const visitor = await harness.browser.newPage({ viewport: { width: 375, height: 812 } });
      await visitor.goto(ticketUrl);
      await visitor.locator('[data-screen="ticket"] .ticket-card').waitFor();
      const statuses = await visitor
        .locator('.ticket-qr-item')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      // The visit is days ahead: the standing admission waits for its time, the cancelled one is no longer valid.
      expect(statuses).toEqual(['invalid_time', 'invalid']);
      await visitor.close();

      expect(axe, axe.join('\n')).toEqual([]);
      expect(csp.flat(), csp.flat().join('\n')).toEqual([]);
    },
    SLOW_MS,
  );
});
