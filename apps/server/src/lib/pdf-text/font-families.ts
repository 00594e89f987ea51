/**
 * The fonts a PDF draws text in besides the standard Helvetica: Noto Sans for Japanese, Korean,
 * Simplified and Traditional Chinese, and Thai (the `@expo-google-fonts` packages), each in a
 * regular and a bold weight. Which one draws a Han character depends on the document's language:
 * 領 has a Japanese, a Chinese and a Korean form, and a document in one language should not mix them.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Blob, Face } from 'harfbuzzjs';

export type FontWeight = 'regular' | 'bold';
export type FontFamily = { name: string; files: Record<FontWeight, string> };

const noto = (pkg: string, file: string): FontFamily => ({
  name: `NotoSans${file}`,
  files: {
    regular: `@expo-google-fonts/${pkg}/400Regular/NotoSans${file}_400Regular.ttf`,
    bold: `@expo-google-fonts/${pkg}/700Bold/NotoSans${file}_700Bold.ttf`,
  },
});
const JP = noto('noto-sans-jp', 'JP');
const KR = noto('noto-sans-kr', 'KR');
const SC = noto('noto-sans-sc', 'SC');
const TC = noto('noto-sans-tc', 'TC');
const THAI = noto('noto-sans-thai', 'Thai');

/**
 * The families to look in, in order, for a document in `lang` (a BCP 47 tag): the language's own
 * CJK family first, so its Han characters take that language's forms; Japanese for the others.
 */
export function familiesFor(lang: string): FontFamily[] {
  const tag = lang.toLowerCase();
  if (tag.startsWith('ko')) return [KR, JP, SC, TC, THAI];
  if (/^zh-(hant|tw|hk|mo)/.test(tag)) return [TC, SC, JP, KR, THAI];
  if (tag.startsWith('zh')) return [SC, TC, JP, KR, THAI];
  return [JP, KR, SC, TC, THAI];
}

const require = createRequire(import.meta.url);

/** A font file's bytes; read on each use rather than kept, as the CJK files are megabytes each. */
export async function readFontFile(family: FontFamily, weight: FontWeight): Promise<Uint8Array> {
  return new Uint8Array(await readFile(require.resolve(family.files[weight])));
}

const coverages = new Map<string, Promise<Uint8Array>>();

/**
 * Which code points a family has a glyph for, as a bit set over all of Unicode (139 KB), read from
 * its regular file once per process: the bold file covers the same characters.
 */
export function coverageOf(family: FontFamily): Promise<Uint8Array> {
  let coverage = coverages.get(family.name);
  if (!coverage) {
    coverage = readFontFile(family, 'regular').then((bytes) => {
      const bits = new Uint8Array(0x110000 / 8);
      for (const codePoint of new Face(new Blob(bytes)).collectUnicodes()) {
        bits[codePoint >> 3] = (bits[codePoint >> 3] ?? 0) | (1 << (codePoint & 7));
      }
      return bits;
    });
    coverages.set(family.name, coverage);
  }
  return coverage;
}

export const covers = (coverage: Uint8Array, codePoint: number) =>
  ((coverage[codePoint >> 3] ?? 0) & (1 << (codePoint & 7))) !== 0;
