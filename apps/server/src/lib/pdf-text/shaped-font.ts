/**
 * A font cut down to the characters a document draws and embedded in it as a PDF composite font
 * whose codes are the glyph ids, so text shaped by HarfBuzz (GSUB, GPOS) is drawn glyph by glyph
 * as shaped. pdf-lib's own embedding cannot do that: it lays text out with fontkit and encodes
 * characters, not the glyphs a shaper chose.
 */
import { createHash } from 'node:crypto';
import { Blob, Face, Font, MetricsTag, Buffer as ShapingBuffer, shape } from 'harfbuzzjs';
import { type PDFDocument, PDFHexString, type PDFRef, PDFString } from 'pdf-lib';
import subsetFont from 'subset-font';
import { type FontFamily, type FontWeight, readFontFile } from './font-families.ts';

/** A glyph as shaped: its id in the embedded font, its advance and offsets in font units. */
export type ShapedGlyph = { id: number; cluster: number; xAdvance: number; xOffset: number; yOffset: number };

export type ShapedFont = {
  /** The composite font, for a page's resources. */
  ref: PDFRef;
  unitsPerEm: number;
  /** How far the PDF moves after each glyph (the font's own advance, in thousandths of the size): the font's `W` array. */
  advance(glyph: number): number;
  shape(text: string): ShapedGlyph[];
};

/**
 * Cuts `family` down to the characters of `texts` (HarfBuzz, through subset-font, keeping the
 * layout tables for them) and embeds the cut-down font in `doc`. Its ToUnicode map gives each
 * glyph back as the characters it was shaped from in `texts`: a glyph a character maps to
 * directly, and a ligature or a mark that shaping made, as its cluster's text.
 */
export async function embedShapedFont(
  doc: PDFDocument,
  family: FontFamily,
  weight: FontWeight,
  texts: string[],
  lang: string,
): Promise<ShapedFont> {
  const chars = [...new Set([...texts.join('')].flatMap((char) => [char, ...shaperDecomposition(char)]))].sort().join('');
  const subset = new Uint8Array(
    await subsetFont(Buffer.from(await readFontFile(family, weight)), chars, { targetFormat: 'truetype' }),
  );
  const face = new Face(new Blob(subset));
  const font = new Font(face);
  const unitsPerEm = face.upem;
  const glyphCount = new DataView(copyTable(face, 'maxp').buffer).getUint16(4);
  // In hundredths: what the W array says, and so what the PDF moves by.
  const widths = Array.from(
    { length: glyphCount },
    (_, glyph) => Math.round((font.glyphHAdvance(glyph) * 100_000) / unitsPerEm) / 100,
  );

  const shapeText = (text: string): ShapedGlyph[] => {
    const buffer = new ShapingBuffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    buffer.setLanguage(lang);
    shape(font, buffer);
    return buffer.getGlyphInfosAndPositions().map((glyph) => ({
      id: glyph.codepoint,
      cluster: glyph.cluster,
      xAdvance: glyph.xAdvance ?? 0,
      xOffset: glyph.xOffset ?? 0,
      yOffset: glyph.yOffset ?? 0,
    }));
  };

  const unicode = new Map<number, string>();
  for (const codePoint of face.collectUnicodes()) {
    const glyph = font.nominalGlyph(codePoint);
    if (glyph && !unicode.has(glyph)) unicode.set(glyph, String.fromCodePoint(codePoint));
  }
  for (const text of texts) {
    for (const { glyph, text: cluster } of clusters(text, shapeText(text))) if (!unicode.has(glyph)) unicode.set(glyph, cluster);
  }

  const postscriptName = face.getName(6, 'en') || `${family.name}-${weight === 'bold' ? 'Bold' : 'Regular'}`;
  // The subset tag PDF asks for, from what the subset holds: the same characters, the same tag.
  const tag = [...createHash('sha256').update(`${postscriptName}\n${chars}`).digest().subarray(0, 6)]
    .map((byte) => String.fromCharCode(65 + (byte % 26)))
    .join('');
  const name = `${tag}+${postscriptName}`;
  const head = new DataView(copyTable(face, 'head').buffer);
  const scale = (value: number) => Math.round((value * 1000) / unitsPerEm);
  const extents = font.hExtents();
  const context = doc.context;
  const descriptor = context.obj({
    Type: 'FontDescriptor',
    FontName: name,
    Flags: 4,
    FontBBox: [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)].map(scale),
    ItalicAngle: 0,
    Ascent: scale(extents.ascender),
    Descent: scale(extents.descender),
    CapHeight: scale(font.getMetricPositionWithFallback(MetricsTag.CAP_HEIGHT)),
    StemV: weight === 'bold' ? 140 : 80,
    FontFile2: context.register(context.flateStream(subset, { Length1: subset.byteLength })),
  });
  const cidFont = context.obj({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: name,
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
    FontDescriptor: context.register(descriptor),
    W: [0, widths],
    CIDToGIDMap: 'Identity',
  });
  const ref = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [context.register(cidFont)],
      ToUnicode: context.register(context.flateStream(toUnicodeCMap(unicode))),
    }),
  );
  return {
    ref,
    unitsPerEm,
    advance: (glyph) => widths[glyph] ?? 0,
    shape: shapeText,
  };
}

/**
 * Characters HarfBuzz's shapers draw with the glyphs of others, which the cut-down font must
 * therefore map too: the Thai and Lao SARA AM, drawn as NIKHAHIT and SARA AA (ำ → ํ + า). HarfBuzz
 * decomposes other characters only where the font has no glyph for them, and the cut-down font has
 * one for each character it was cut down to.
 */
function shaperDecomposition(char: string): string[] {
  if (char === '\u0e33') return ['\u0e4d', '\u0e32'];
  if (char === '\u0eb3') return ['\u0ecd', '\u0eb2'];
  return [];
}

/** A table's bytes, copied out of HarfBuzz's memory (which later calls may move). */
function copyTable(face: Face, table: string): Uint8Array {
  const bytes = face.referenceTable(table);
  if (!bytes) throw new Error(`The font has no ${table} table`);
  return bytes.slice();
}

/** Each cluster's first glyph with the text of the cluster (a cluster's other glyphs have none of their own). */
function clusters(text: string, glyphs: ShapedGlyph[]): { glyph: number; text: string }[] {
  const starts = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const end = (cluster: number) => starts.find((start) => start > cluster) ?? text.length;
  const seen = new Set<number>();
  const out: { glyph: number; text: string }[] = [];
  for (const glyph of glyphs) {
    if (seen.has(glyph.cluster)) continue;
    seen.add(glyph.cluster);
    out.push({ glyph: glyph.id, text: text.slice(glyph.cluster, end(glyph.cluster)) });
  }
  return out;
}

const hex4 = (value: number) => value.toString(16).toUpperCase().padStart(4, '0');
const utf16Hex = (text: string) => PDFHexString.fromText(text).asString().slice(4); // without the byte order mark

function toUnicodeCMap(unicode: Map<number, string>): string {
  const entries = [...unicode].sort(([a], [b]) => a - b);
  const chunks: string[] = [];
  // A bfchar section holds at most 100 entries.
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    chunks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([glyph, text]) => `<${hex4(glyph)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
