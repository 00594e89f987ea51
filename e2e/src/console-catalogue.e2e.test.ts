/**
 * A new venue from nothing to its first sale, in the console alone, in a real browser against the
 * real server: an owner creates the venue, offers a sandbox card on the web, makes a timed product
 * with two admissions, an add-on and a picture, generates three months of slots with a closure
 * day, raises the weekends' capacity on the calendar and generates 50 coupon codes; then a visitor
 * on a phone sees the product with its picture, picks a day that is open, pays with a code and
 * the sandbox card and opens the ticket. Every console screen on the way is checked with axe, and
 * no page breaks the CSP.
 */
import type { Database } from '@storefront/server/db/client';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  datesBetween,
  gradientPng,
  nextMonthOf,
  VENUE_TIME_ZONE,
  venueToday,
  weekdayOf,
} from './catalogue-steps.ts';
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

const OWNER = { email: 'owner@catalogue-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const VENUE = { code: 'seaside', variant: 'seaside', ja: '海辺ミュージアム', en: 'Seaside Museum' };
const PRODUCT = { key: 'harbour-walk', ja: 'ハーバー散策', en: 'Harbour walk' };
const OPTIONS = [
  { type: 'admission', ja: '大人', en: 'Adult', price: 2000 },
  { type: 'admission', ja: '子ども', en: 'Child', price: 1000 },
  { type: 'addon', ja: '音声ガイド', en: 'Audio guide', price: 500 },
] as const;
const ALT = { ja: '夕方の港を歩く人々', en: 'People walking along the harbour at dusk' };
const SLOTS_PER_DAY = 14; // 10:00 to 17:00 in 30 minutes
const WEEKEND_CAPACITY = 40;
const COUPON = { prefix: 'SEA', count: 50, percent: 10 };

// The venue's dates: the series starts tomorrow and runs three months; the day after is closed.
const today = venueToday();
const firstDay = addDays(today, 1);
const lastDay = addDays(addMonths(firstDay, 3), -1);
const closureDay = addDays(firstDay, 1);
const visitDay = addDays(firstDay, 2);
const openDays = datesBetween(firstDay, lastDay).filter((date) => date !== closureDay);
const weekendMonth = nextMonthOf(today).slice(0, 7);
const weekendDays = openDays.filter((date) => date.startsWith(weekendMonth) && [0, 6].includes(weekdayOf(date)));
// Picking every Saturday and Sunday picks them all, the closed day too when it falls in that month
// (on the month's last two days): it has no slots, so only the open ones change.
const weekendsOfMonth = datesBetween(`${weekendMonth}-01`, addDays(nextMonthOf(`${weekendMonth}-01`), -1)).filter((date) =>
  [0, 6].includes(weekdayOf(date)),
);

const SLOW_MS = 120_000;

/** A day as the console's calendar names it, in English. */
const dayName = (date: string) =>
  new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

describe.skipIf(!hasChromium)('a new venue set up in the console, to its first sale', () => {
  let harness: Harness;
  let owner: { context: BrowserContext; page: Page };
  let couponCode = '';
  const axe: string[] = [];
  const csp: string[][] = [];

  /** Records the page's serious accessibility problems under the screen's name. */
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };
  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['borderless'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: OWNER.email, name: 'Olive Owner', isOwner: true, totp: true });
      },
    });
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    owner = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('creates the venue: names in Japanese and English, yen, Tokyo time', async () => {
    const { page } = owner;
    await signIn(page, harness.baseUrl, OWNER);
    await screenIs(page, 'venue-home');
    await nav(page, 'New venue');
    await screenIs(page, 'new-venue');
    await checkAxe(page, 'new-venue');
    const languages = page.getByRole('group', { name: 'Languages' });
    await expect(languages.getByLabel('日本語').isChecked()).resolves.toBe(true);
    await expect(languages.getByLabel('English').isChecked()).resolves.toBe(true);
    await page.getByLabel('Name in 日本語').fill(VENUE.ja);
    await page.getByLabel('Name in English').fill(VENUE.en);
    await page.getByLabel('Venue code').fill(VENUE.code);
    await page.getByLabel('Shop address').fill(VENUE.variant);
    await page.getByLabel('Currency').selectOption('JPY');
    await page.getByLabel('Time zone').fill(VENUE_TIME_ZONE);
    await page.getByRole('button', { name: 'Create the venue' }).click();
    await screenIs(page, 'venue-home');
    expect(new URL(page.url()).pathname).toBe(`/console/venues/${VENUE.code}`);
    await page.getByRole('heading', { name: VENUE.en }).waitFor();
    await checkAxe(page, 'new-venue-home');
  });

  it('offers a card on the sandbox provider on the web', async () => {
    const { page } = owner;
    await nav(page, 'Payment methods');
    await screenIs(page, 'venue-payment-methods');
    await page.getByRole('heading', { name: 'Methods offered' }).waitFor();
    await checkAxe(page, 'payment-methods');
    await page.getByLabel('Add a method').selectOption('gmo');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /GMO card gmo$/ }) });
    await card.getByLabel('Provider').selectOption('sandbox');
    await expect(card.getByLabel('Enabled').isChecked()).resolves.toBe(true);
    await card.getByLabel('Web shop').check();
    await page.getByRole('button', { name: 'Save payment methods' }).click();
    await page.getByText('Saved. The shop shows the change within a second.').waitFor();
    await checkAxe(page, 'payment-methods-saved');
    const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /GMO card gmo$/ }) });
    await expect(saved.getByLabel('Provider').inputValue()).resolves.toBe('sandbox');
  });

  it('makes a timed product with two admissions, an add-on and a picture', async () => {
    const { page } = owner;
    await nav(page, 'Products');
    await screenIs(page, 'products');
    await page.getByText('This venue has no products yet.').waitFor();
    await checkAxe(page, 'products-empty');
    await page.getByRole('link', { name: 'New product' }).click();
    await screenIs(page, 'product');
    await page.getByLabel('Key').waitFor();
    await checkAxe(page, 'product-new');

    await page.getByLabel('Key').fill(PRODUCT.key);
    await page.getByLabel('Type', { exact: true }).selectOption('time');
    const channels = page.getByRole('group', { name: 'Sales channels' });
    await channels.getByLabel('Web shop').check();
    const options = page.getByRole('region', { name: 'Options' });
    for (let added = 1; added < OPTIONS.length; added++) await options.getByRole('button', { name: 'Add an option' }).click();
    const rows = options.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(OPTIONS.length);
    for (const [lang, tabName] of [
      ['ja', '日本語 (Required)'],
      ['en', 'English'],
    ] as const) {
      await page.getByRole('tab', { name: tabName }).click();
      await page.getByRole('tabpanel').getByLabel('Name', { exact: true }).fill(PRODUCT[lang]);
      for (const [index, option] of OPTIONS.entries()) {
        const row = rows.nth(index);
        await row.getByLabel(/^Name \(/).fill(option[lang]);
        if (lang === 'ja') {
          await row.getByLabel('Kind').selectOption(option.type);
          await row.getByLabel('Price (JPY)').fill(String(option.price));
        }
      }
    }

    const picture = page.getByRole('group', { name: 'Picture' });
    await picture
      .getByLabel('Upload a picture')
      .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: gradientPng() });
    await picture.getByLabel('Description for screen readers (English)').waitFor({ timeout: 30_000 });
    await picture.getByLabel('Description for screen readers (日本語)').fill(ALT.ja);
    await picture.getByLabel('Description for screen readers (English)').fill(ALT.en);
    await picture.getByRole('button', { name: 'Save the descriptions' }).click();
    await picture.getByText('Saved.', { exact: true }).waitFor();
    await picture.getByRole('img', { name: `Preview: ${ALT.en}` }).waitFor();
    await checkAxe(page, 'product-filled');

    await page.getByRole('button', { name: 'Create the product' }).click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByRole('heading', { name: `Edit ${PRODUCT.en}` }).waitFor();
    await expect(page.getByLabel('Key').inputValue()).resolves.toBe(PRODUCT.key);
    await picture.getByRole('img', { name: `Preview: ${ALT.en}` }).waitFor();
    await checkAxe(page, 'product-saved');

    await page.getByRole('link', { name: 'Back to the products' }).click();
    await screenIs(page, 'products');
    const row = page.getByRole('row', { name: new RegExp(PRODUCT.en) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/On sale/);
    await checkAxe(page, 'products');
  });

  it(
    'generates three months of slots with a closure day, after a preview',
    async () => {
      const { page } = owner;
      await nav(page, 'Slot series');
      await screenIs(page, 'slot-series');
      await checkAxe(page, 'slot-series-empty');
      await page.getByRole('link', { name: 'New slot series' }).click();
      await screenIs(page, 'new-slot-series');
      await page.getByRole('group', { name: 'Products' }).getByLabel(PRODUCT.en).check();
      const weekdays = page.getByRole('group', { name: 'Open on' }).getByRole('checkbox');
      await expect.poll(() => weekdays.count()).toBe(7);
      for (const weekday of await weekdays.all()) await weekday.check();
      await page.getByLabel('Opening hours cut into slots').check();
      await page.getByLabel('Opens at').fill('10:00');
      await page.getByLabel('Closes at').fill('17:00');
      await page.getByLabel('Slot length (minutes)').fill('30');
      await page.getByLabel('First day').fill(firstDay);
      await page.getByLabel('Last day').fill(lastDay);
      await page.getByLabel('Places per slot').fill('20');
      await page.getByRole('button', { name: 'Add a closure date' }).click();
      await page.getByRole('group', { name: 'Closure dates' }).getByLabel('Date 1').fill(closureDay);
      await checkAxe(page, 'new-slot-series');

      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const expected = openDays.length * SLOTS_PER_DAY;
      const totals = page.getByRole('region', { name: 'Preview' }).getByRole('status');
      await totals.filter({ hasText: 'new slots' }).waitFor({ timeout: 30_000 });
      expect(await totals.innerText()).toBe(
        `${expected} new slots, 0 already there (skipped), 0 overlapping a slot with another start (skipped).`,
      );
      // The preview shows the closure day closed and the day after it with its slots.
      const preview = page.getByRole('region', { name: 'Preview' });
      while ((await preview.locator(`[data-date="${closureDay}"]`).count()) === 0) {
        // One month at a time: the next click waits until this one's month is shown.
        const title = await preview.getByRole('heading', { level: 3 }).innerText();
        await preview.getByRole('button', { name: 'Next month' }).click();
        await preview.getByRole('heading', { level: 3 }).filter({ hasNotText: title }).waitFor();
      }
      await preview.getByRole('button', { name: `${closureDay}: closed (closure date)`, exact: true }).waitFor();
      await preview.getByRole('button', { name: `${visitDay}: ${SLOTS_PER_DAY} new, 0 already there, 0 overlapping` }).waitFor();
      await checkAxe(page, 'slot-series-preview');

      await page.getByRole('button', { name: `Create ${expected} slots` }).click();
      const created = page.getByText(`${expected} slots created; 0 already there and 0 overlapping were skipped.`);
      await created.waitFor({ timeout: 60_000 });
      await checkAxe(page, 'slot-series-created');

      await page.getByRole('link', { name: 'Back to the series' }).first().click();
      await screenIs(page, 'slot-series');
      const series = page.getByRole('row', { name: new RegExp(PRODUCT.en) });
      await series.waitFor();
      expect(await series.innerText()).toContain(String(expected));
      await checkAxe(page, 'slot-series');
    },
    SLOW_MS,
  );

  it('raises the capacity of every Saturday and Sunday of next month on the calendar', async () => {
    const { page } = owner;
    await nav(page, 'Calendar');
    await screenIs(page, 'calendar');
    await page.getByRole('button', { name: 'Next month' }).click();
    const saturday = weekendDays.find((date) => weekdayOf(date) === 6) as string;
    const monday = openDays.find((date) => date.startsWith(weekendMonth) && weekdayOf(date) === 1) as string;
    const dayWith = (date: string, capacity: number) =>
      page.getByRole('button', {
        name: `${dayName(date)}, ${SLOTS_PER_DAY} slots, 0 of ${SLOTS_PER_DAY * capacity} places sold or held`,
        exact: true,
      });
    await dayWith(saturday, 20).waitFor();
    await checkAxe(page, 'calendar');

    await page.getByRole('button', { name: 'Pick every Saturday of the month' }).click();
    await page.getByRole('button', { name: 'Pick every Sunday of the month' }).click();
    await page.getByText(`${weekendsOfMonth.length} days picked.`, { exact: false }).waitFor();
    expect(await dayWith(saturday, 20).getAttribute('aria-pressed')).toBe('true');
    const change = page.getByRole('complementary', { name: 'Change what is picked' });
    await change.getByLabel('Change', { exact: true }).selectOption('capacity');
    await change.getByLabel('New capacity per slot').fill(String(WEEKEND_CAPACITY));
    await checkAxe(page, 'calendar-picked');
    await change.getByRole('button', { name: 'Apply the change' }).click();

    const slots = weekendDays.length * SLOTS_PER_DAY;
    await change.getByText(`${slots} of ${slots} slots changed.`).waitFor();
    await dayWith(saturday, WEEKEND_CAPACITY).waitFor();
    // A weekday keeps its capacity.
    await dayWith(monday, 20).waitFor();
    await checkAxe(page, 'calendar-changed');
  });

  it('generates 50 percent-off coupon codes and reads one from the CSV export', async () => {
    const { page } = owner;
    await nav(page, 'Coupons');
    await screenIs(page, 'coupons');
    await checkAxe(page, 'coupons-empty');
    await page.getByRole('button', { name: 'Generate codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate codes' });
    await dialog.getByLabel('Prefix').fill(COUPON.prefix);
    await dialog.getByLabel('Number of codes').fill(String(COUPON.count));
    await dialog.getByLabel('English').fill('Opening weeks');
    await dialog.getByLabel('日本語').fill('開館記念');
    await dialog.getByLabel('Kind of discount').selectOption('percent');
    await dialog.getByLabel('Amount', { exact: true }).fill(String(COUPON.percent));
    await dialog.getByLabel('First visit date covered').fill(firstDay);
    await dialog.getByLabel('Last visit date covered').fill(lastDay);
    await dialog.getByLabel('Code accepted until').fill(`${lastDay}T23:59`);
    await dialog.getByLabel('Web shop', { exact: true }).check();
    await checkAxe(page, 'coupons-generate');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByText(`${COUPON.count} codes with the prefix ${COUPON.prefix} were generated.`).waitFor();
    await checkAxe(page, 'coupons-generated');

    const download = await dialog.getByRole('link', { name: 'Download the codes (CSV)' }).getAttribute('href');
    const csv = await page.request.get(new URL(download as string, page.url()).href);
    expect(csv.status()).toBe(200);
    const codes = (await csv.text()).match(new RegExp(`\\b${COUPON.prefix}-[0-9A-Z]{8}\\b`, 'g')) ?? [];
    expect(new Set(codes).size).toBe(COUPON.count);
    couponCode = codes[0] as string;

    // The dialog's own Close below the result (the title bar has one too).
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table').getByText(couponCode, { exact: true }).waitFor();
    expect(
      await page
        .getByRole('table')
        .getByText(new RegExp(`^${COUPON.prefix}-`))
        .count(),
    ).toBe(COUPON.count);
    await checkAxe(page, 'coupons');
  });

  it(
    'sells the first ticket to a visitor on a phone: the picture, an open day, a code, the sandbox card',
    async () => {
      const t = TEXTS.en as Record<string, string>;
      const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 375, height: 812 } });
      csp.push(await recordCspViolations(context));
      const page = await context.newPage();
      const email = 'first-visitor@example.com';
      await openOrderPage(page, harness.baseUrl, VENUE.variant, 'en');
      await page.locator('.order-products .order-choice', { hasText: PRODUCT.en }).click();

      // The closure day cannot be picked; the day after it can.
      const nextMonth = page.getByRole('button', { name: t.order_calendar_next_month as string });
      // The calendar has loaded the venue's days once one of them can be picked.
      await page.locator('button.calendar-day:not([disabled])').first().waitFor();
      for (const date of [closureDay, visitDay]) {
        while ((await page.locator(`button.calendar-day[data-date="${date}"]`).count()) === 0) await nextMonth.click();
      }
      await expect(page.locator(`button.calendar-day[data-date="${closureDay}"]`).isDisabled()).resolves.toBe(true);
      await page.locator(`button.calendar-day[data-date="${visitDay}"]`).click();
      await page.locator('.order-slot:not([disabled])', { hasText: '10:00' }).first().click();
      await page.getByLabel(OPTIONS[0].en).selectOption('1');
      await page.getByLabel(OPTIONS[1].en).selectOption('1');

      // The product's picture, in a format the phone's browser takes.
      const image = page.locator('picture.order-product-image img');
      await image.scrollIntoViewIfNeeded();
      await expect(image.getAttribute('alt')).resolves.toBe(ALT.en);
      await page.getByRole('img', { name: ALT.en }).waitFor();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      const served = await page.request.get(source);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toMatch(/^image\/(avif|webp)$/);

      await proceedFromOrder(page);
      await fillSignIn(page, t, email);
      await choosePayment(page, 'gmo', CARDS.success);
      await proceedFromPayment(page);

      const subtotal = OPTIONS[0].price + OPTIONS[1].price;
      const confirm = page.locator('[data-screen="confirm"]');
      expect(await confirm.innerText()).toContain(subtotal.toLocaleString('en'));
      // One of the 50 codes, typed in lower case as a visitor might.
      await page.getByLabel(t.order_coupon_label as string).fill(couponCode.toLowerCase());
      await page.getByRole('button', { name: t.order_coupon_apply as string }).click();
      await page.locator('.confirm-coupon-list').waitFor();
      const discount = (subtotal * COUPON.percent) / 100;
      await expect.poll(() => confirm.innerText()).toContain((subtotal - discount).toLocaleString('en'));
      await page.locator('.confirm-submit').click();

      const number = await reservationNumberOnComplete(page);
      expect(number).toBeTruthy();
      expect(await page.locator('main h1').textContent()).toBe(t.complete_title);
      const ticketLink = await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href');
      expect(ticketLink).toMatch(new RegExp(`/${VENUE.variant}/tickets/#/id/[\\w-]{22}$`));
      await page.goto(new URL(ticketLink as string, harness.baseUrl).href);
      await page.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
      expect(await page.locator('[data-screen="ticket"] .ticket-number').textContent()).toBe(number);

      // What the server holds (read only): the completed order, with the code's discount.
      const result = await harness.db.execute(sql`
        select o.status, o.subtotal, o.discount, o.total,
               (select count(*) from order_coupons oc where oc.order_id = o.id)::int as coupons
        from orders o where o.reservation_number = ${number}`);
      const order = (
        result as unknown as { rows: { status: string; subtotal: number; discount: number; total: number; coupons: number }[] }
      ).rows[0];
      expect(order).toMatchObject({ status: 'completed', subtotal, discount, total: subtotal - discount, coupons: 1 });
      await context.close();
    },
    SLOW_MS,
  );

  it('found no serious accessibility problem and no CSP violation on the way', () => {
    expect(axe).toEqual([]);
    expect(csp.flat()).toEqual([]);
  });
});
