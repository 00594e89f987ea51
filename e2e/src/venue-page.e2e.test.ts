import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, seriousAxeViolations, startHarness } from './harness.ts';

const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

describe.skipIf(!hasChromium)('venue page in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ variants: ['borderless', 'demo', 'cafe-lumen'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  describe.each(viewports)('at $width px', (viewport) => {
    it.each(['/', '/demo/', '/cafe-lumen/tickets/'])('shows the venue and its products at %s', async (path) => {
      const page = await harness.browser.newPage({ viewport });
      try {
        await page.goto(`${harness.baseUrl}${path}`);
        await expect.poll(() => page.locator('.product').count(), { timeout: 15_000 }).toBeGreaterThan(1);
        const heading = (await page.locator('h1').textContent()) ?? '';
        expect(heading.trim().length).toBeGreaterThan(0);
        expect(await page.locator('.demo-banner').isVisible()).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  it('gives each venue its own colours', async () => {
    const page = await harness.browser.newPage();
    const colours: string[] = [];
    for (const path of ['/', '/demo/', '/cafe-lumen/']) {
      await page.goto(`${harness.baseUrl}${path}`);
      await page.locator('.product').first().waitFor();
      colours.push(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor));
    }
    await page.close();
    expect(new Set(colours).size).toBe(3);
  });
});
