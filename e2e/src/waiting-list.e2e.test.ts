/**
 * The waiting list in a real browser against the real server: a visitor buys the last two places
 * of a slot; a second visitor, on a phone, sees the calendar link a wholly sold-out day to the
 * list, finds the slot sold out, follows its "join the waiting list" link and joins for one
 * ticket; a third joins and leaves again from the link in their mail; staff cancel one of the
 * first visitor's admissions with a refund in the console; the place goes to the first in line,
 * whose mail's link opens the order holding it, and the purchase completes.
 * Every storefront screen on the way is checked at 375 px for overflow and with axe.
 */
import type { Database } from '@storefront/server/db/client';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleUrl, screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, seriousAxeViolations, shootConsoleWidths, startHarness } from './harness.ts';
import {
  CARDS,
  checkPage,
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

const STAFF = { email: 'desk@waiting-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const FIRST = 'first.buyer@waiting-e2e.test';
const WAITING = 'kenji.waits@waiting-e2e.test';
const LEAVING = 'mai.leaves@waiting-e2e.test';
const SLOW_MS = 180_000;
const PHONE = { width: 375, height: 812 };

describe.skipIf(!hasChromium)('waiting list: join a sold-out slot, a refunded place is offered, the offer is bought', () => {
  let harness: Harness;
  let reservationNumber = '';
  let slotTime = '';
  const problems: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await harness.db.execute(query)) as unknown as { rows: T[] }).rows;
  const mailTo = async (email: string, kind: string) =>
    (
      await rows<{ text_body: string }>(
        sql`select text_body from outbox where to_address = ${email} and kind = ${kind} order by created_at desc limit 1`,
      )
    )[0]?.text_body ?? null;
  const linkIn = (text: string, route: string) => {
    const link = new RegExp(`https?://\\S+#${route}\\?token=[\\w-]+`).exec(text)?.[0];
    if (!link) throw new Error(`no ${route} link in the mail`);
    return link;
  };
  const newPhonePage = async (): Promise<Page> => {
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: PHONE });
    return context.newPage();
  };

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: STAFF.email, name: 'Desk Staff', isOwner: true, totp: true });
        // Two places left in every slot, so one order sells a slot out; the demo's products take a waiting list.
        await db.execute(sql`update product_time_spans set capacity = sold + held + 2
          where product_id in (select p.id from products p join sites s on s.id = p.site_id where s.variant = 'demo')`);
        // The last day on sale is sold out: the calendar cannot choose it, and links to the list instead.
        await db.execute(sql`update product_time_spans set capacity = sold + held
          where date = (select max(t.date) from product_time_spans t join products p on p.id = t.product_id
                        join sites s on s.id = p.site_id where s.variant = 'demo')`);
        await db.execute(sql`insert into waiting_list_products (product_id, site_id, offer_minutes)
          select p.id, p.site_id, 30 from products p join sites s on s.id = p.site_id where s.variant = 'demo'`);
      },
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'a visitor buys the last two places of a slot',
    async () => {
      const page = await newPhonePage();
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      await chooseTickets(page, { admissions: 2 });
      slotTime = ((await page.locator('.order-slot[aria-pressed="true"] .order-choice-title').textContent()) ?? '').trim();
      await proceedFromOrder(page);
      await fillSignIn(page, TEXTS.en ?? {}, FIRST);
      await choosePayment(page, 'gmo', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('.confirm-submit').click();
      reservationNumber = (await reservationNumberOnComplete(page)) ?? '';
      expect(reservationNumber).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await page.context().close();
    },
    SLOW_MS,
  );

  it(
    'on a phone, the sold-out slot links to its waiting list; a visitor joins for one ticket and is told where they stand',
    async () => {
      const page = await newPhonePage();
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      await page.locator('.order-products .order-choice:not([disabled])').first().click();
      await page.getByRole('link', { name: 'A day you want is sold out? Join its waiting list' }).waitFor();
      await chooseOpenDay(page, 1);
      const join = page.getByRole('link', { name: `Join the waiting list for ${slotTime}` });
      await join.waitFor();
      await checkPage(page, problems, 'order page with a sold-out slot');
      if (process.env.WAITING_LIST_SHOTS)
        await page.screenshot({ path: `${process.env.WAITING_LIST_SHOTS}/order.png`, fullPage: true });
      await join.click();
      await screenIs(page, 'waiting-list');
      // The slot followed is chosen; the visitor picks their tickets and address.
      await expect(page.getByRole('radio', { name: slotTime }).isChecked()).resolves.toBe(true);
      await page.getByRole('combobox', { name: /Adult/ }).selectOption('1');
      await page.getByLabel('E-mail address').fill('not an address');
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await page.getByText('Please enter a valid e-mail address.').waitFor();
      await checkPage(page, problems, 'waiting list form');
      if (process.env.WAITING_LIST_SHOTS)
        await page.screenshot({ path: `${process.env.WAITING_LIST_SHOTS}/form.png`, fullPage: true });
      await page.getByLabel('E-mail address').fill(WAITING);
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await screenIs(page, 'waiting-list-joined');
      await page.getByText('You are number 1 in line.', { exact: false }).waitFor();
      await checkPage(page, problems, 'waiting list joined');
      if (process.env.WAITING_LIST_SHOTS) await page.screenshot({ path: `${process.env.WAITING_LIST_SHOTS}/joined.png` });
      expect(await mailTo(WAITING, 'waiting_list_joined')).toContain('number 1 in line');
      await page.context().close();
    },
    SLOW_MS,
  );

  it(
    'a second visitor joins, then leaves from the link in their mail',
    async () => {
      const page = await newPhonePage();
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      await page.locator('.order-products .order-choice:not([disabled])').first().click();
      await chooseOpenDay(page, 1);
      await page.getByRole('link', { name: `Join the waiting list for ${slotTime}` }).click();
      await page.getByRole('combobox', { name: /Adult/ }).selectOption('1');
      await page.getByLabel('E-mail address').fill(LEAVING);
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await page.getByText('You are number 2 in line.', { exact: false }).waitFor();

      const joined = await mailTo(LEAVING, 'waiting_list_joined');
      await page.goto(linkIn(joined ?? '', '/waiting-list/leave'));
      await screenIs(page, 'waiting-list-leave');
      await checkPage(page, problems, 'leave the waiting list');
      if (process.env.WAITING_LIST_SHOTS) await page.screenshot({ path: `${process.env.WAITING_LIST_SHOTS}/leave.png` });
      await page.getByRole('button', { name: 'Leave the list' }).click();
      await screenIs(page, 'waiting-list-left');
      await page.getByRole('heading', { name: 'You have left the waiting list' }).waitFor();
      const entries = await rows<{ email: string; status: string }>(
        sql`select email, status from waiting_list_entries order by id`,
      );
      expect(entries).toEqual([
        { email: WAITING, status: 'waiting' },
        { email: LEAVING, status: 'left' },
      ]);
      await page.context().close();
    },
    SLOW_MS,
  );

  it(
    'staff refund one place of the first order; it is offered to the first in line, whose link opens the order, and the purchase completes',
    async () => {
      const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
      const staff = await context.newPage();
      await signIn(staff, harness.baseUrl, STAFF, '/venues/demo/waiting-list');
      // The venue's list: the visitor who waits first, the one who left after.
      await screenIs(staff, 'waiting-list');
      const list = staff.getByRole('table');
      await list.getByRole('cell', { name: WAITING, exact: true }).waitFor();
      const row = list.getByRole('row', { name: new RegExp(WAITING.replaceAll('.', '\\.')) });
      await expect(row.getByRole('cell', { name: 'Waiting', exact: true }).count()).resolves.toBe(1);
      await expect(
        list
          .getByRole('row', { name: /mai\.leaves/ })
          .getByRole('cell', { name: 'Left' })
          .count(),
      ).resolves.toBe(1);
      for (const violation of await seriousAxeViolations(staff)) problems.push(`console waiting list: ${violation}`);
      if (process.env.WAITING_LIST_SHOTS) await shootConsoleWidths(staff, `${process.env.WAITING_LIST_SHOTS}/console`);
      await staff.goto(consoleUrl(harness.baseUrl, '/venues/demo/orders'));
      await screenIs(staff, 'orders');
      await staff.getByRole('searchbox', { name: 'Search' }).fill(FIRST);
      await staff.getByRole('button', { name: 'Search', exact: true }).click();
      await staff.getByRole('link', { name: reservationNumber }).click();
      await screenIs(staff, 'order-detail');
      await staff.getByRole('button', { name: 'Cancel admissions' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Cancel admissions' });
      await dialog.getByLabel(/^No\. 1 · /).uncheck();
      await dialog.getByLabel(/^Reason/).fill('Visitor can come with one person only');
      await dialog.getByRole('button', { name: 'Cancel the admissions' }).click();
      await dialog.getByText(/Refund of [¥￥][\d,]+: done\./).waitFor();
      await context.close();

      // The place that came back is held for the first in line, and they are mailed the link.
      await expect.poll(() => mailTo(WAITING, 'waiting_list_offer'), { timeout: 20_000, interval: 250 }).toBeTruthy();
      const offer = (await mailTo(WAITING, 'waiting_list_offer')) ?? '';
      expect(await mailTo(LEAVING, 'waiting_list_offer')).toBeNull();

      const page = await newPhonePage();
      await page.goto(linkIn(offer, '/mail-confirm'));
      await screenIs(page, 'payment');
      await checkPage(page, problems, 'payment of an offer');
      await choosePayment(page, 'gmo', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('.confirm-submit').click();
      expect(await reservationNumberOnComplete(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await page.context().close();

      await expect
        .poll(
          async () =>
            (await rows<{ status: string }>(sql`select status from waiting_list_entries order by id`)).map((r) => r.status),
          {
            timeout: 20_000,
            interval: 250,
          },
        )
        .toEqual(['bought', 'left']);
      const [slot] = await rows<{ capacity: number; sold: number; held: number }>(
        sql`select t.capacity, t.sold, t.held from product_time_spans t
            join waiting_list_entries w on w.time_span_id = t.id order by w.id limit 1`,
      );
      expect(slot?.held).toBe(0);
      expect(slot?.sold).toBe(slot?.capacity);
      expect(problems, problems.join('\n')).toEqual([]);
    },
    SLOW_MS,
  );
});
