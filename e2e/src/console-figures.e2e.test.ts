/**
 * The figures in a real browser against the real server: a manager opens a venue's dashboard for a
 * month, reads the period's totals and the occupancy heat map, downloads the month's daily sales as
 * XLSX (opened here with exceljs: its totals are the orders written), and subscribes to the daily
 * summary mail. Orders are written on days far from today, so no clock reaches them by itself.
 * Every screen is checked with axe and photographed at 1280 and 768 px; no page breaks the CSP.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startOfDayIn } from '@storefront/domain/dates';
import type { Database } from '@storefront/server/db/client';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleUrl, screenIs, signIn } from './console-steps.ts';
import {
  type Harness,
  hasChromium,
  recordCspViolations,
  seriousAxeViolations,
  shootConsoleWidths,
  startHarness,
} from './harness.ts';

const MANAGER = { email: 'manager@figures-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const MONTH = { from: '2031-03-01', to: '2031-03-31' };
const SLOW_MS = 120_000;
const out = fileURLToPath(new URL('../../test-results/console-figures/', import.meta.url));
const tokyo = (day: string, hour: number) => new Date(startOfDayIn(day, 'Asia/Tokyo').getTime() + hour * 3_600_000);

/** The orders of the month: a day, the hour of its slot, admissions and what was paid. */
const ORDERS = [
  { day: '2031-03-03', hour: 10, quantity: 2, total: 4000 },
  { day: '2031-03-03', hour: 14, quantity: 4, total: 8000 },
  { day: '2031-03-10', hour: 10, quantity: 1, total: 2000 },
  { day: '2031-03-17', hour: 11, quantity: 3, total: 6000 },
  { day: '2031-03-24', hour: 15, quantity: 5, total: 9500 },
  { day: '2031-03-31', hour: 10, quantity: 2, total: 3600 },
];
const MONTH_TOTAL = ORDERS.reduce((sum, order) => sum + order.total, 0);

async function writeOrders(db: Database) {
  const found = (await db.execute(
    sql`select p.id, p.site_id from products p join sites s on s.id = p.site_id where s.code = 'demo' order by p.id limit 1`,
  )) as unknown as { rows: Array<{ id: number; site_id: number }> };
  const product = found.rows[0];
  if (!product) throw new Error('the demo venue has no product');
  for (const [index, order] of ORDERS.entries()) {
    const slot = (await db.execute(
      sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
          values (${product.id}, ${order.day}, ${tokyo(order.day, order.hour).toISOString()},
                  ${tokyo(order.day, order.hour + 1).toISOString()}, 10, ${order.quantity})
          returning id`,
    )) as unknown as { rows: Array<{ id: number }> };
    await db.execute(
      sql`insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity, option_values,
                              set_products, payment_method, subtotal, discount, total, expires_at, completed_at, reservation_number)
          values (${product.site_id}, ${`figures-e2e-${index}`}, 'completed', 'web', 'en', ${product.id}, ${slot.rows[0]?.id},
                  ${order.quantity}, '[]'::jsonb, '[]'::jsonb, 'credit_card', ${order.total}, 0, ${order.total},
                  ${tokyo(order.day, 9).toISOString()}, ${tokyo(order.day, 9).toISOString()}, ${`FIG${String(index).padStart(7, '0')}`})`,
    );
  }
}

describe.skipIf(!hasChromium)('the figures: dashboard, heat map, a month as XLSX, the summary mail', () => {
  let harness: Harness;
  let manager: { context: BrowserContext; page: Page };
  const axe: string[] = [];
  const csp: string[][] = [];
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };
  const shoot = (page: Page, name: string) => shootConsoleWidths(page, `${out}${name}`);

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: MANAGER.email, name: 'Mika Manager', isOwner: true, totp: true });
        await writeOrders(db);
      },
    });
    const context = await harness.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    csp.push(await recordCspViolations(context));
    manager = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'the manager opens the month: its totals and the heat map of the slots sold',
    async () => {
      const { page } = manager;
      await signIn(page, harness.baseUrl, MANAGER, `/venues/demo/reports?from=${MONTH.from}&to=${MONTH.to}`);
      await screenIs(page, 'reports');
      const totals = page.getByRole('table', { name: /^Totals of/ });
      await expect
        .poll(() =>
          totals
            .getByRole('row', { name: /^Sales/ })
            .first()
            .textContent(),
        )
        .toContain('33,100');
      expect(
        await totals
          .getByRole('row', { name: /^Orders/ })
          .first()
          .textContent(),
      ).toContain('6');

      const heat = page.getByRole('table', { name: /^Share of places sold/ });
      await heat.scrollIntoViewIfNeeded();
      // Five days with slots, each a row; 24 March's slot at 15:00 is half sold.
      await expect.poll(() => heat.locator('tbody tr').count()).toBe(5);
      expect(await heat.locator('tbody tr').first().getByRole('rowheader').textContent()).toMatch(/3/);
      await expect.poll(() => heat.getByText('50%').count()).toBeGreaterThan(0);
      await checkAxe(page, 'dashboard');
      await shoot(page, 'dashboard');
    },
    SLOW_MS,
  );

  it(
    'the month’s daily sales download as XLSX, and the file’s totals are the orders’',
    async () => {
      const { page } = manager;
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download Daily sales as XLSX (Excel)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`dashboard-daily-demo-${MONTH.from}-${MONTH.to}.xlsx`);
      const file = await readFile(await download.path());
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('daily');
      if (!sheet) throw new Error('the file has no daily sheet');
      const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
      // Headings in the console's language; each day a date cell.
      expect(values(1)).toEqual(['Day (Asia/Tokyo)', 'Sales (JPY)', 'Orders', 'Tickets', 'Refunded (JPY)']);
      const days = Array.from({ length: sheet.rowCount - 2 }, (_, index) => values(index + 2));
      expect(days).toHaveLength(31);
      expect(days.every((day) => day[0] instanceof Date)).toBe(true);
      expect(days.find((day) => (day[0] as Date).toISOString().startsWith('2031-03-03'))?.slice(1)).toEqual([12000, 2, 6, 0]);
      expect(values(sheet.rowCount)).toEqual([
        'Total',
        MONTH_TOTAL,
        ORDERS.length,
        ORDERS.reduce((sum, order) => sum + order.quantity, 0),
        0,
      ]);
    },
    SLOW_MS,
  );

  it(
    'the manager subscribes to the daily summary mail of the venue',
    async () => {
      const { page } = manager;
      await page.goto(consoleUrl(harness.baseUrl, '/account/report-mails'));
      await screenIs(page, 'report-mails');
      const daily = page.getByLabel(/^Daily mail for /);
      await daily.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your report mails are saved.').waitFor();
      await page.reload();
      await screenIs(page, 'report-mails');
      await expect.poll(() => page.getByLabel(/^Daily mail for /).isChecked()).toBe(true);
      expect(await page.getByLabel(/^Weekly mail for /).isChecked()).toBe(false);
      // Venue names in the console's language.
      expect(await page.getByRole('rowheader').first().textContent()).toContain('Storefront Demo Museum');
      await checkAxe(page, 'report mails');
      await shoot(page, 'report-mails');
      expect(axe).toEqual([]);
      expect(csp.flat()).toEqual([]);
    },
    SLOW_MS,
  );
});
