/**
 * `npm run screenshots -- [variant[:hash-path]]…`: pictures of venue pages at phone and desktop
 * widths, to look at, e.g. `demo:/privacy`. Written to test-results/screenshots/ (not committed).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasChromium, startHarness } from './harness.ts';

if (!hasChromium) process.exit(1);
const out = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
mkdirSync(out, { recursive: true });
const targets = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['borderless', 'demo', 'cafe-lumen']).map((arg) => {
  const [variant = 'borderless', path = '/'] = arg.split(':');
  return { variant, path };
});
const harness = await startHarness({ variants: [...new Set(targets.map((t) => t.variant))] });
try {
  for (const { variant, path } of targets) {
    for (const width of [375, 1280]) {
      const page = await harness.browser.newPage({ viewport: { width, height: width === 375 ? 812 : 800 } });
      await page.goto(`${harness.baseUrl}/${variant}/#${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(400);
      const name = `${variant}${path.replaceAll('/', '_')}`.replace(/_$/, '');
      await page.screenshot({ path: `${out}${name}-${width}.png`, fullPage: true });
      await page.close();
    }
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await harness.close();
}
