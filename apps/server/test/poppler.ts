/**
 * A PDF as a reader gets it: its text through `pdftotext` and its pages as PNGs through
 * `pdftoppm` (Debian's poppler-utils, which .ci/run installs), and a page compared with a
 * checked-in reference image.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const run = promisify(execFile);

export const hasPoppler = spawnSync('pdftoppm', ['-v']).status === 0 && spawnSync('pdftotext', ['-v']).status === 0;

/**
 * Whether tests that need poppler skip: only on a machine without it outside CI. In CI they run
 * and fail without it, as they should.
 */
export function skipWithoutPoppler(what: string): boolean {
  if (hasPoppler || process.env.CI) return false;
  console.warn(`Skipping ${what}: pdftoppm and pdftotext are not installed (apt-get install poppler-utils).`);
  return true;
}

async function withPdfFile<T>(pdf: Uint8Array, use: (dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await use(dir, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The document's text in reading order, as `pdftotext` gives it (UTF-8). */
export function pdfToText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (_, file) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout);
}

/** Each page as a PNG at `dpi` dots per inch. */
export function pdfToPngs(pdf: Uint8Array, dpi: number): Promise<Buffer[]> {
  return withPdfFile(pdf, async (dir, file) => {
    await run('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page') && name.endsWith('.png')).sort();
    return Promise.all(pages.map((name) => readFile(join(dir, name))));
  });
}

/**
 * How many pixels of `actual` differ from `reference` by more than pixelmatch's `threshold` (0–1,
 * a colour distance that tolerates anti-aliasing), and an image showing where; null when the two
 * are not the same size.
 */
export function comparePngs(
  actual: Buffer,
  reference: Buffer,
  threshold = 0.2,
): { differing: number; total: number; diff: Buffer } | null {
  const a = PNG.sync.read(actual);
  const b = PNG.sync.read(reference);
  if (a.width !== b.width || a.height !== b.height) return null;
  const diff = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold });
  return { differing, total: a.width * a.height, diff: PNG.sync.write(diff) };
}
