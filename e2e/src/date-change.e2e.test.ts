/**
 * Date change in Chromium: a visitor moves their own ticket to another date and slot, for free and
 * with an extra payment through the sandbox 3-D Secure challenge; a change left until its hold
 * lapses changes nothing; a second change while one waits for its payment is refused. Each screen
 * is looked at in 375 and 1280 px with axe.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, startHarness } from './harness.ts';
import {
  CARDS,
  checkPage,
  chooseOpenDay,
  choosePayment,
  fillCard,
  orderUpToPayment,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

const t = TEXTS.en as Record<string, string>;
const screenshots = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const JOURNEY_MS = 150_000;

describe.skipIf(!hasChromium)('date change in Chromium', () => {
  let harness: Harness;
  let visitor = 0;
  beforeAll(async () => {
    harness = await startHarness({ variants: ['demo'] });
    mkdirSync(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await rules({ feePerAdmission: 0, deadlineMinutes: 0 });
  });

  async function rules(values: Record<string, unknown>) {
    await harness.db.execute(
      sql`update sites set time_change = time_change || ${JSON.stringify(values)}::jsonb where variant = 'demo'`,
    );
  }

  /** Buys one ticket with the non-3-D Secure card; returns the page on the ticket and its token. */
  async function buyTicket(): Promise<{ page: Page; token: string }> {
    visitor += 1;
    const page = await harness.browser.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await orderUpToPayment(page, harness.baseUrl, { variant: 'demo', lang: 'en', email: `mover-${visitor}@example.com` });
    await choosePayment(page, 'gmo', CARDS.success);
    await proceedFromPayment(page);
    await page.locator('.confirm-submit').click();
    await reservationNumberOnComplete(page);
    const href = (await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href')) as string;
    const token = decodeURIComponent(href.split('#/id/')[1] as string);
    await page.goto(`${harness.baseUrl}${href}`);
    await page.locator('[data-screen="ticket"] .ticket-card').waitFor();
    return { page, token };
  }

  /** From the ticket: the change-date page, a later date and its first open slot, then proceed. */
  async function chooseNewSlot(page: Page, dayIndex = 3): Promise<void> {
    await page.locator('.ticket-change-date').click();
    await page.locator('[data-screen="change-date"] .change-from').waitFor();
    await chooseOpenDay(page, dayIndex, '[data-screen="change-date"]');
    const slot = page.locator('[data-screen="change-date"] .order-slot:not([disabled])').first();
    await slot.waitFor();
    await slot.click();
    await page.locator('.change-date-proceed').click();
    await page.locator('[data-screen="change-date-confirm"] .change-summary').waitFor();
  }

  /** Looks at the page at both widths: no overflow, no serious axe finding, and a screenshot each. */
  async function judge(page: Page, problems: string[], step: string) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await checkPage(page, problems, `${step} at ${width}px`);
      await page.screenshot({ path: `${screenshots}date-change-${step}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const visitText = async (page: Page) => (await page.locator('.ticket-facts').textContent()) ?? '';
  /**
   * Notes every text the ticket's facts show from now on, in the page itself: a screen that
   * flashes the old date for a frame before its fetch lands is gone by the time a test reads it.
   */
  const recordVisitTexts = (page: Page) =>
    page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { shownVisitTexts: string[] }).shownVisitTexts = shown;
      new MutationObserver(() => {
        const text = document.querySelector('.ticket-facts')?.textContent;
        if (text != null && shown.at(-1) !== text) shown.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  const recordedVisitTexts = (page: Page) =>
    page.evaluate(() => (window as unknown as { shownVisitTexts: string[] }).shownVisitTexts);
  const changeState = async (token: string) => {
    const result = await harness.db.execute(sql`
      select tc.status, tc.to_time_span_id as "to",
             (select count(*) from stock_holds h where h.order_id = tc.id and h.released_at is null and h.expires_at > app_now())::int as live
      from time_changes tc join orders o on o.id = tc.order_id
      where o.reservation_token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')
      order by tc.created_at desc limit 1`);
    return (result as unknown as { rows: { status: string; to: number; live: number }[] }).rows[0];
  };

  it(
    'moves a ticket to another date for free: confirm, complete, the ticket shows the new date',
    async () => {
      const { page } = await buyTicket();
      const problems: string[] = [];
      try {
        const before = await visitText(page);
        await page.locator('.ticket-change-date').click();
        await page.locator('[data-screen="change-date"] .change-from').waitFor();
        await judge(page, problems, 'start');
        await page.goBack();
        await chooseNewSlot(page);
        expect(await page.locator('.change-due').textContent()).toContain('0');
        await judge(page, problems, 'confirm');
        await page.locator('.change-date-confirm').click();
        await page.locator('[data-screen="change-date-complete"]').waitFor();
        expect(await page.locator('h1').textContent()).toBe(t.changedate_complete_title);
        await judge(page, problems, 'complete');
        await recordVisitTexts(page);
        await page.locator('.change-date-view-ticket').click();
        await page.locator('[data-screen="ticket"] .ticket-card').waitFor();
        const after = await visitText(page);
        expect(after).not.toBe(before);
        // The ticket never shows its old date and slot once the change is complete, not even for a frame.
        expect(await recordedVisitTexts(page)).toEqual([after]);
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    'pays the change fee through the 3-D Secure challenge and returns with time_change=true',
    async () => {
      await rules({ feePerAdmission: 500 });
      const { page, token } = await buyTicket();
      const problems: string[] = [];
      try {
        await chooseNewSlot(page);
        await page.locator('.change-date-to-payment').click();
        await page.locator('[data-screen="change-date-payment"] form').waitFor();
        await page.locator('input[type="radio"][value="gmo_3ds"]').check();
        await fillCard(page, CARDS.success);
        await judge(page, problems, 'payment');
        await page.locator('[data-screen="change-date-payment"] button[type="submit"]').click();
        await page.locator('[data-screen="change-date-payment-confirm"] .change-date-pay').waitFor();
        await judge(page, problems, 'payment-confirm');
        await page.locator('.change-date-pay').click();
        await page.waitForURL(/\/sandbox-gateway\/challenge\//);
        expect((await changeState(token))?.status).toBe('waiting');
        await page.getByRole('button', { name: 'Authenticate', exact: true }).click();
        await page.waitForURL(/#\/payment-callback\/gmo3ds\?md=.*time_change=true/);
        await page.locator('[data-screen="change-date-complete"]').waitFor({ timeout: 30_000 });
        expect((await changeState(token))?.status).toBe('completed');
      } finally {
        await page.close();
      }
      expect(problems).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    'a change left until its hold lapses changes nothing: the old ticket stands and the new slot is free again',
    async () => {
      const { page, token } = await buyTicket();
      try {
        const before = await visitText(page);
        const qrBefore = await page.locator('.ticket-qr').first().getAttribute('src');
        await chooseNewSlot(page);
        const pending = await changeState(token);
        expect(pending).toMatchObject({ status: 'pending', live: 1 });
        // The hold time passes.
        await harness.db.execute(sql`
          update stock_holds set expires_at = app_now() - interval '1 second'
          where order_id in (select id from time_changes where status = 'pending')`);
        await harness.db.execute(
          sql`update time_changes set expires_at = app_now() - interval '1 second' where status = 'pending'`,
        );
        await page.reload();
        await page.locator('[data-screen="change-date-confirm"] .change-ended[data-status="expired"]').waitFor();
        expect((await changeState(token))?.live).toBe(0);
        await page.locator('.change-ended a').click();
        await page.locator('[data-screen="ticket"] .ticket-card').waitFor();
        expect(await visitText(page)).toBe(before);
        expect(await page.locator('.ticket-qr').first().getAttribute('src')).toBe(qrBefore);
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'refuses a second change while the first waits for its payment',
    async () => {
      await rules({ feePerAdmission: 500 });
      const { page, token } = await buyTicket();
      try {
        await chooseNewSlot(page);
        await page.locator('.change-date-to-payment').click();
        await page.locator('[data-screen="change-date-payment"] form').waitFor();
        await page.locator('input[type="radio"][value="gmo_3ds"]').check();
        await fillCard(page, CARDS.success);
        await page.locator('[data-screen="change-date-payment"] button[type="submit"]').click();
        await page.locator('.change-date-pay').click();
        await page.waitForURL(/\/sandbox-gateway\/challenge\//);
        // The visitor leaves the challenge unanswered and starts over from the ticket.
        await page.goto(`${harness.baseUrl}/demo/tickets/#/id/${encodeURIComponent(token)}`);
        await page.locator('[data-screen="ticket"] .ticket-card').waitFor();
        await page.locator('.ticket-change-date').click();
        await chooseOpenDay(page, 5, '[data-screen="change-date"]');
        await page.locator('[data-screen="change-date"] .order-slot:not([disabled])').first().click();
        await page.locator('.change-date-proceed').click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        expect(await dialog.getByRole('heading').textContent()).toBe(t.dialog_waiting_time_change_exists_title);
        expect((await changeState(token))?.status).toBe('waiting');
      } finally {
        await page.close();
      }
    },
    JOURNEY_MS,
  );
});
