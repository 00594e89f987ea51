/**
 * Calling off an afternoon in a real browser against the real server: visitors buy admissions in
 * afternoon slots of one day at the demo venue (in English, Japanese and Korean) and one in the
 * morning; a manager opens the slot cancellation screen, chooses that day from 12:00 to 18:00,
 * previews the orders and the money, gives a reason and a message, confirms, and watches the
 * progress page until the job has finished. The database then shows every afternoon order's
 * admissions cancelled, each refunded once through the sandbox gateway, one cancellation mail per
 * order in its visitor's language with the message, and the morning order untouched. Every console
 * screen on the way is checked with axe, and no page breaks the CSP.
 */
import type { Database } from '@storefront/server/db/client';
import { makeStaff, makeTeam, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, venueToday, weekdayOf } from './catalogue-steps.ts';
import { screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import {
  CARDS,
  choosePayment,
  fillSignIn,
  openOrderPage,
  proceedFromOrder,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
} from './purchase-steps.ts';

const MANAGER = { email: 'manager@slot-cancel-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const MESSAGE = 'A storm is coming: the garden closes at noon. We are sorry.';
const REASON = 'Storm warning for the afternoon';
const SLOW_MS = 180_000;

/** A day a few days ahead that the demo venue is open (it closes on Tuesdays). */
function visitDay(): string {
  let day = addDays(venueToday(), 3);
  while (weekdayOf(day) === 2) day = addDays(day, 1);
  return day;
}

type Visit = { lang: string; email: string; time: string; admissions: number };
const AFTERNOON: Visit[] = [
  { lang: 'en', email: 'emma@slot-cancel-e2e.test', time: '13:00', admissions: 2 },
  { lang: 'ja', email: 'hanako@slot-cancel-e2e.test', time: '15:30', admissions: 1 },
  { lang: 'kr', email: 'minji@slot-cancel-e2e.test', time: '17:30', admissions: 1 },
];
/** How the venue's cancellation mail begins to say it in each visitor's language. */
const CALLED_OFF: Record<string, string> = {
  en: 'has had to call off the visit below',
  ja: '下記のご予約をキャンセルいたしました',
  kr: '아래 예약이 취소되었습니다',
};
const MORNING: Visit = { lang: 'en', email: 'early@slot-cancel-e2e.test', time: '10:30', admissions: 1 };

describe.skipIf(!hasChromium)('calling off an afternoon: a manager cancels it and watches the job finish', () => {
  let harness: Harness;
  let manager: { context: BrowserContext; page: Page };
  const day = visitDay();
  const bought = new Map<string, Visit>();
  let morningNumber = '';
  const axe: string[] = [];
  const csp: string[][] = [];
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await harness.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** A visitor buys `admissions` admissions of the timed ticket at `time` on the day, in `lang`. */
  async function buy(visit: Visit): Promise<string> {
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 375, height: 812 } });
    csp.push(await recordCspViolations(context));
    const page = await context.newPage();
    await openOrderPage(page, harness.baseUrl, 'demo', visit.lang);
    await page.locator('.order-products .order-choice:not([disabled])').first().click();
    await page.locator('button.calendar-day:not([disabled])').first().waitFor();
    const date = page.locator(`button.calendar-day[data-date="${day}"]`);
    if ((await date.count()) === 0) await page.locator('.calendar-nav-button').last().click();
    await date.click();
    await page.locator('.order-slot', { hasText: `${visit.time}–` }).click();
    const admission = page.locator('.quantity-select').first();
    await admission.waitFor();
    await admission.selectOption(String(visit.admissions));
    await proceedFromOrder(page);
    await fillSignIn(page, TEXTS[visit.lang] ?? {}, visit.email);
    await choosePayment(page, 'gmo', CARDS.success);
    await proceedFromPayment(page);
    await page.locator('.confirm-submit').click();
    const number = (await reservationNumberOnComplete(page)) ?? '';
    expect(number).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await context.close();
    return number;
  }

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        const team = await makeTeam(db, { name: 'Front of house', rights: ['orders:read', 'orders:refund'] });
        await makeStaff(db, { email: MANAGER.email, name: 'Mona Manager', teamIds: [team.id], totp: true });
      },
    });
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    manager = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'visitors buy admissions in the afternoon slots of one day, and one in the morning',
    async () => {
      for (const visit of AFTERNOON) bought.set(await buy(visit), visit);
      morningNumber = await buy(MORNING);
    },
    SLOW_MS,
  );

  it(
    'a manager chooses that day from 12:00 to 18:00, previews, confirms and watches the job finish',
    async () => {
      const { page } = manager;
      await signIn(page, harness.baseUrl, MANAGER, '/venues/demo');
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Call off slots' }).click();
      await screenIs(page, 'slot-cancellations');
      await page.getByRole('table').waitFor();
      await checkAxe(page, 'slot-cancellations');

      await page.getByLabel('Day', { exact: true }).fill(day);
      await page.getByLabel('Slots starting from').fill('12:00');
      await page.getByLabel('Slots starting before').fill('18:00');
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const found = page.getByRole('region', { name: 'What would be called off' });
      await found.waitFor();

      // The preview counts the afternoon's orders and what was paid for them, nothing of the morning.
      const orders = await rows<{ total: number; quantity: number }>(
        sql`select o.total, (select count(*)::int from tickets t where t.order_id = o.id) as quantity
              from orders o where o.reservation_number in (${sql.join(
                [...bought.keys()].map((n) => sql`${n}`),
                sql`, `,
              )})`,
      );
      expect(orders).toHaveLength(AFTERNOON.length);
      const amount = orders.reduce((sum, o) => sum + o.total, 0);
      const admissions = orders.reduce((sum, o) => sum + o.quantity, 0);
      const figure = async (label: string) =>
        (
          await found
            .locator('dl > div', { has: page.locator('dt', { hasText: label }) })
            .locator('dd')
            .innerText()
        ).trim();
      expect(await figure('Orders')).toBe(String(AFTERNOON.length));
      expect(await figure('Admissions')).toBe(String(admissions));
      expect((await figure('Refunded at most')).replace(/[^\d]/g, '')).toBe(String(amount));
      // Twelve half-hour slots of the timed ticket from 12:00, and the guided tour's afternoon ones.
      const slotTable = found.getByRole('table');
      for (const visit of AFTERNOON)
        await expect(slotTable.getByRole('row', { name: new RegExp(visit.time) }).count()).resolves.toBeGreaterThan(0);
      await expect(slotTable.getByRole('row', { name: new RegExp(MORNING.time) }).count()).resolves.toBe(0);
      await checkAxe(page, 'slot-cancellations preview');

      await page.getByLabel('Reason', { exact: true }).fill(REASON);
      await page.getByLabel(/^Message to the visitors/).fill(MESSAGE);
      await page.getByRole('button', { name: 'Call off these slots…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Call off these slots?' });
      await dialog
        .getByText(
          new RegExp(
            `^${AFTERNOON.length} orders will be cancelled and up to [¥￥]${amount.toLocaleString('en')} refunded; this cannot be undone\\.$`,
          ),
        )
        .waitFor();
      await checkAxe(page, 'slot-cancellations confirm');
      await dialog.getByRole('button', { name: 'Call off and refund' }).click();

      await screenIs(page, 'slot-cancellation');
      await page.getByRole('progressbar', { name: /of 3 orders handled/ }).waitFor();
      await page.locator('.slot-cancellation-finished').getByText('Finished', { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByRole('progressbar', { name: '3 of 3 orders handled' }).waitFor();
      await expect(page.getByText('The slot cancellation has finished: 3 orders handled.').count()).resolves.toBe(1);
      await checkAxe(page, 'slot-cancellation progress');

      // The list shows it finished, linking back to its progress.
      await page.getByRole('link', { name: 'All cancellations' }).click();
      await screenIs(page, 'slot-cancellations');
      const row = page.getByRole('row', { name: new RegExp(REASON) });
      await row.getByText('Finished').waitFor();
      await expect(row.getByText('3 of 3 cancelled').count()).resolves.toBe(1);
    },
    SLOW_MS,
  );

  it(
    'cancelled every afternoon order’s admissions, refunded each once and mailed each visitor in their language',
    async () => {
      for (const [number, visit] of bought) {
        const [order] = await rows<{ id: string; total: number; lang: string }>(
          sql`select id, total, lang from orders where reservation_number = ${number}`,
        );
        expect(order?.lang).toBe(visit.lang);
        const id = order?.id ?? '';
        const tickets = await rows<{ status: string }>(sql`select status from tickets where order_id = ${id}`);
        expect(tickets.map((t) => t.status)).toEqual(Array(visit.admissions).fill('cancelled'));
        const refunds = await rows<{ amount: number; status: string }>(
          sql`select amount, status from refunds where order_id = ${id}`,
        );
        expect(refunds).toEqual([{ amount: order?.total, status: 'succeeded' }]);
        const gateway = await rows<{ refunded: number; refunds: number }>(
          sql`select c.refunded_amount as refunded,
                     (select count(*)::int from sandbox_charges r where r.payment_number = 'refund:' || c.payment_number) as refunds
                from sandbox_charges c join payments p on p.provider_reference = c.reference
               where p.order_id = ${id} and p.completed_at is not null`,
        );
        expect(gateway).toEqual([{ refunded: order?.total, refunds: 1 }]);
        const mails = await rows<{ kind: string; lang: string; to_address: string; text_body: string }>(
          sql`select kind, lang, to_address, text_body from outbox where order_id = ${id} and kind like 'cancellation%'`,
        );
        expect(mails).toHaveLength(1);
        expect(mails[0]).toMatchObject({ kind: 'cancellation_by_venue', lang: visit.lang, to_address: visit.email });
        expect(mails[0]?.text_body).toContain(CALLED_OFF[visit.lang]);
        expect(mails[0]?.text_body).toContain(MESSAGE);
      }
      const morning = await rows<{ status: string }>(
        sql`select t.status from tickets t join orders o on o.id = t.order_id where o.reservation_number = ${morningNumber}`,
      );
      expect(morning.map((t) => t.status)).toEqual(['valid']);

      expect(axe, axe.join('\n')).toEqual([]);
      expect(csp.flat(), csp.flat().join('\n')).toEqual([]);
    },
    SLOW_MS,
  );
});
