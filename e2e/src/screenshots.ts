/**
 * `npm run screenshots`: pictures of venue pages at phone and desktop widths, to look at.
 * Written to test-results/screenshots/ (not committed).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasChromium, startHarness } from './harness.ts';

if (!hasChromium) process.exit(1);
const out = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
mkdirSync(out, { recursive: true });
const variants = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['borderless', 'demo', 'cafe-lumen'];
const harness = await startHarness({ variants });
try {
  for (const variant of variants) {
    for (const width of [375, 1280]) {
      const page = await harness.browser.newPage({ viewport: { width, height: width === 375 ? 812 : 800 } });
      await page.goto(`${harness.baseUrl}/${variant}/`);
      await page.locator('.product').first().waitFor();
      await page.screenshot({ path: `${out}${variant}-${width}.png`, fullPage: true });
      await page.close();
    }
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await harness.close();
}
