/**
 * The first answer carries the first paint (issue 19): the venue page paints its header, step bar,
 * heading and product cards from the server's HTML before any script runs and before any API call,
 * and the app then takes the page over in place — nothing doubled, nothing moved, no call for the
 * venue's settings, languages, texts or products it already has. A ticket's page paints the ticket
 * from the server's HTML its guard asks for, before the app's code, and the app takes it over in place.
 */
import { apiFor } from '@storefront/server/test/api';
import { buyTickets } from '@storefront/server/test/tickets';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, recordCspViolations, startHarness } from './harness.ts';

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };
const viewports = [phone, desktop];

/** The calls the page's data makes unnecessary for the first view. */
const FIRST_VIEW_CALLS = /\/api\/v1\/(configurations|langs|texts|products)(\?|$)/;

type Box = { text: string; x: number; y: number; width: number; height: number };

/** Where the first view's landmarks are, to compare before and after the app takes over. */
async function landmarks(page: Page): Promise<Box[]> {
  return page.$$eval(
    '.site-header, .step-bar, main h1, .order-step-title, .order-choice-title, .order-choice-price',
    (elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { text: element.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
      }),
  );
}

function blankMoments(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { firstViewWatch: { blank: number } }).firstViewWatch.blank);
}

describe.skipIf(!hasChromium)('the venue page’s first paint in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ variants: ['borderless', 'okinawa', 'cafe-lumen', 'demo'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  async function api<T>(variant: string, path: string): Promise<T> {
    return (await (await fetch(`${harness.baseUrl}/${variant}/api/v1/${path}`)).json()) as T;
  }

  /**
   * Opens the page with its scripts held back until `release` is called: what shows meanwhile is
   * what the server's HTML paints by itself.
   */
  async function openHeld(url: string, viewport: { width: number; height: number }) {
    const context = await harness.browser.newContext({ viewport });
    const violations = await recordCspViolations(context);
    // Counts the moments the page shows no heading after it first showed one (a flash of nothing).
    await context.addInitScript(() => {
      const seen = { heading: false, blank: 0 };
      (window as unknown as { firstViewWatch: typeof seen }).firstViewWatch = seen;
      new MutationObserver(() => {
        const hasHeading = document.querySelector('#root main h1') !== null;
        if (hasHeading) seen.heading = true;
        else if (seen.heading) seen.blank += 1;
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The app's modules wait; the first view's guard, a classic script the paint waits for, does not.
    await page.route('**/assets/*.js', async (route) => {
      if (!route.request().url().includes('/first-view-guard-')) await released;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    return { context, page, requests, violations, release };
  }

  describe.each(viewports)('at $width px', (viewport) => {
    it.each([
      ['borderless', 'ja'],
      ['okinawa', 'en'],
    ])(
      'paints %s’s product cards in %s before any script or API call, and the app takes them over in place',
      async (variant, lang) => {
        const texts = await api<Record<string, string>>(variant, `texts?lang=${lang}`);
        const products = (await api<{ name: string; salesChannels: string[] }[]>(variant, `products?lang=${lang}`)).filter(
          (product) => product.salesChannels.includes('web'),
        );
        expect(products.length).toBeGreaterThan(0);
        const { context, page, requests, violations, release } = await openHeld(
          `${harness.baseUrl}/${variant}/?lang=${lang}`,
          viewport,
        );

        // Before the script: the server's first view, in the asked language, and no call made.
        for (const product of products) await page.getByText(product.name, { exact: true }).waitFor({ timeout: 15_000 });
        await expect(page.locator('main h1').textContent()).resolves.toBe(texts.order_title);
        expect(await page.locator('[data-first-view]').count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === 'ja' ? 'ja' : 'en');
        expect(requests.filter((request) => request.url().includes('/api/')).map((request) => request.url())).toEqual([]);
        const before = await landmarks(page);
        expect(before.filter((box) => products.some((product) => product.name === box.text))).toHaveLength(products.length);

        // The app starts and replaces the first view with its own, the same in every respect.
        release();
        await page.locator('[data-screen="order"]').waitFor({ timeout: 20_000 });
        expect(await page.locator('[data-first-view]').count()).toBe(0);
        for (const product of products) expect(await page.getByText(product.name, { exact: true }).count()).toBe(1);
        expect(await page.locator('.site-header').count()).toBe(1);
        expect(await page.locator('main h1').count()).toBe(1);
        expect(await landmarks(page)).toEqual(before);
        expect(await blankMoments(page)).toBe(0);
        expect(requests.map((request) => request.url()).filter((url) => FIRST_VIEW_CALLS.test(url))).toEqual([]);
        expect(violations).toEqual([]);
        await context.close();
      },
    );
  });

  describe.each(viewports)('a ticket at $width px', (viewport) => {
    it('paints the ticket from the server’s HTML before the app’s code, and the app takes it over in place', async () => {
      const bought = await buyTickets(apiFor(harness.app, 'demo'), harness.db, { quantity: 2 });
      const { context, page, requests, violations, release } = await openHeld(
        `${harness.baseUrl}/demo/tickets/#/id/${bought.reservationToken}`,
        viewport,
      );
      const ticketBoxes = () =>
        page.$$eval(
          '.site-header, .ticket-header, .ticket-product, .ticket-fact, .ticket-qr-hint, .ticket-qr, .ticket-actions a, .site-footer',
          (elements) =>
            elements.map((element) => {
              const box = element.getBoundingClientRect();
              return { text: element.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
            }),
        );
      // Before the app's code: the ticket, its number and both codes, drawn.
      await page.locator('[data-first-view] .ticket-number').waitFor({ timeout: 15_000 });
      await expect(page.locator('.ticket-number').textContent()).resolves.toBe(bought.reservationNumber);
      expect(await page.locator('[data-first-view] .ticket-qr svg').count()).toBe(2);
      expect(await page.locator('.site-footer').isVisible()).toBe(true);
      const before = await ticketBoxes();
      const codes = await page.locator('.ticket-qr').evaluateAll((elements) => elements.map((e) => e.innerHTML));

      release();
      await page.locator('#root > .shell:not([data-first-view]) [data-screen="ticket"]').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-first-view]').count()).toBe(0);
      expect(await page.locator('.ticket-card').count()).toBe(1);
      expect(await ticketBoxes()).toEqual(before);
      // The app keeps the server's drawings rather than blanking them to draw its own.
      expect(await page.locator('.ticket-qr').evaluateAll((elements) => elements.map((e) => e.innerHTML))).toEqual(codes);
      expect(await blankMoments(page)).toBe(0);
      // The guard's one call brought the ticket: the app did not ask for it again.
      const firstViews = requests.filter((request) => request.url().includes('/first-view?'));
      expect(firstViews).toHaveLength(1);
      expect(requests.filter((request) => request.url().includes(`/tickets/${bought.reservationToken}?`))).toEqual([]);
      expect(violations).toEqual([]);
      await context.close();
    });
  });

  it('paints the cafe’s first step, the calendar, as loading, and keeps the page still when the app takes over', async () => {
    const texts = await api<Record<string, string>>('cafe-lumen', 'texts?lang=ja');
    const { context, page, requests, violations, release } = await openHeld(`${harness.baseUrl}/cafe-lumen/`, phone);
    await page.locator('[data-first-view] .order-step[data-section="calendarList"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('.order-step-title').textContent()).resolves.toBe(texts.order_choose_date);
    const before = (await landmarks(page)).filter((box) => !box.text.includes(texts.common_loading ?? '…'));
    release();
    await page.locator('[data-screen="order"]').waitFor({ timeout: 20_000 });
    await page.locator('.calendar').waitFor({ timeout: 20_000 });
    const after = await landmarks(page);
    // What was painted before stays where it was (the calendar grows below the step's title).
    expect(after.slice(0, before.length)).toEqual(before);
    expect(await blankMoments(page)).toBe(0);
    expect(requests.map((request) => request.url()).filter((url) => FIRST_VIEW_CALLS.test(url))).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('hides the order page’s first view on a visit that shows another screen or language, keeping the header', async () => {
    // Another screen of the hash route: the header paints, the order page's content does not.
    const held = await openHeld(`${harness.baseUrl}/borderless/#/privacy`, phone);
    await held.page.locator('[data-first-view] .site-header').waitFor({ timeout: 15_000 });
    expect(await held.page.locator('[data-first-view] main').isVisible()).toBe(false);
    expect(await held.page.locator('[data-first-view] .order-choice').first().isVisible()).toBe(false);
    held.release();
    await held.page.locator('[data-screen="privacy"]').waitFor({ timeout: 20_000 });
    expect(await held.page.locator('main h1').count()).toBe(1);
    expect(held.violations).toEqual([]);
    await held.context.close();

    // A language chosen earlier in this tab, other than the page's: nothing of the first view shows.
    const other = await openHeld(`${harness.baseUrl}/borderless/`, phone);
    await other.page.evaluate(() => sessionStorage.setItem('storefront:borderless:languageCode', JSON.stringify('en')));
    other.release();
    await other.page.locator('[data-screen="order"]').waitFor({ timeout: 20_000 });
    const english = await api<Record<string, string>>('borderless', 'texts?lang=en');
    await other.page.unrouteAll({ behavior: 'wait' });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await other.page.route('**/assets/*.js', async (route) => {
      if (!route.request().url().includes('/first-view-guard-')) await released;
      await route.continue();
    });
    await other.page.reload({ waitUntil: 'commit' });
    await other.page.locator('[data-first-view]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await other.page.locator('[data-first-view]').isVisible()).toBe(false);
    release();
    await other.page.locator('[data-screen="order"]').waitFor({ timeout: 20_000 });
    await expect(other.page.locator('main h1').textContent()).resolves.toBe(english.order_title);
    await other.context.close();
  });

  it('comes back in the chosen language from the server when the visitor changes it', async () => {
    const english = await api<Record<string, string>>('borderless', 'texts?lang=en');
    const context = await harness.browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    await page.goto(`${harness.baseUrl}/borderless/`);
    await page.locator('[data-screen="order"]').waitFor({ timeout: 20_000 });
    const calls: string[] = [];
    page.on('request', (request) => calls.push(request.url()));
    await Promise.all([page.waitForURL(/lang=en/), page.locator('.language-select select').selectOption('en')]);
    await page.locator('[data-screen="order"]').waitFor({ timeout: 20_000 });
    await expect(page.locator('main h1').textContent()).resolves.toBe(english.order_title);
    // The page carried the English texts and products; the address is clean again.
    expect(calls.filter((url) => FIRST_VIEW_CALLS.test(url))).toEqual([]);
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    await context.close();
  });
});
