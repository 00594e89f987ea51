/**
 * Text in a pdf-lib document, shaped, measured and broken into lines. Latin is drawn with the
 * standard Helvetica (nothing embedded); every other script with a Noto Sans font (font-families.ts)
 * cut down to the characters the document draws and shaped with HarfBuzz, so Thai marks sit on and
 * under their consonant and ำ comes out as its two glyphs, each where GPOS puts it. Each shaped run
 * carries its text as ActualText, so copying or `pdftotext` gives back the characters as written,
 * not the glyphs' (ำ, not ํ + า).
 *
 * The fonts are cut down before anything is drawn, so a document says up front every text it will
 * draw and in which weight (`texts`); drawing or measuring a character it did not name is an error.
 */
import {
  beginText,
  endMarkedContent,
  endText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  StandardFonts,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { coverageOf, covers, type FontFamily, type FontWeight, familiesFor } from './font-families.ts';
import { wrapText } from './line-breaks.ts';
import { embedShapedFont, type ShapedFont, type ShapedGlyph } from './shaped-font.ts';

export type TextStyle = { size: number; bold?: boolean; color?: RGB };
/** A text the document will draw, and whether in bold. */
export type DeclaredText = { text: string; bold?: boolean };

export type PdfText = {
  /** How wide `text` is drawn, in points. */
  width(text: string, style: TextStyle): number;
  /** `text` in lines no wider than `maxWidth`. */
  wrap(text: string, maxWidth: number, style: TextStyle): string[];
  /** Draws `text` on one line with its baseline starting at (x, y). */
  draw(page: PDFPage, text: string, at: TextStyle & { x: number; y: number }): void;
};

type Run = { text: string; font: { standard: PDFFont } | { shaped: ShapedFont } };

const BLACK = rgb(0, 0, 0);
/** Drawn for a character no font has. */
const MISSING = '?';

/** `map`'s value for `key`, made and kept on first use. */
function remember<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  const known = map.get(key);
  if (known !== undefined) return known;
  const made = make();
  map.set(key, made);
  return made;
}

export async function createPdfText(doc: PDFDocument, options: { lang: string; texts: DeclaredText[] }): Promise<PdfText> {
  const { lang } = options;
  const standard: Record<FontWeight, PDFFont> = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const graphemes = new Intl.Segmenter(lang, { granularity: 'grapheme' });
  const splitGraphemes = (text: string) => Array.from(graphemes.segment(text.normalize('NFC')), ({ segment }) => segment);
  // Helvetica draws what its encoding (WinAnsi, the same in both weights) has.
  const standardGraphemes = new Map<string, boolean>();
  const isStandard = (grapheme: string) =>
    remember(standardGraphemes, grapheme, () => {
      try {
        standard.regular.encodeText(grapheme);
        return true;
      } catch {
        return false;
      }
    });

  // Which family draws each grapheme that Helvetica cannot: the first in the language's order that has it.
  const families = familiesFor(lang);
  const familyOf = new Map<string, FontFamily | null>();
  for (const grapheme of new Set(options.texts.flatMap(({ text }) => splitGraphemes(text)))) {
    if (isStandard(grapheme)) continue;
    let found: FontFamily | null = null;
    for (const family of families) {
      const coverage = await coverageOf(family);
      if ([...grapheme].every((char) => covers(coverage, char.codePointAt(0) ?? 0))) {
        found = family;
        break;
      }
    }
    familyOf.set(grapheme, found);
  }

  /** `text` in runs of graphemes of one family (null: Helvetica). */
  const familyRuns = (text: string) => {
    const runs: { text: string; family: FontFamily | null }[] = [];
    for (const grapheme of splitGraphemes(text)) {
      let family: FontFamily | null = null;
      let drawn = grapheme;
      if (!isStandard(grapheme)) {
        const found = familyOf.get(grapheme);
        if (found === undefined) throw new Error(`"${grapheme}" in "${text}" is not among the texts this document declared`);
        if (found) family = found;
        else drawn = MISSING;
      }
      const last = runs.at(-1);
      if (last && last.family === family) last.text += drawn;
      else runs.push({ text: drawn, family });
    }
    return runs;
  };

  // Each family in each weight, cut down to the runs it draws.
  const shapedFonts = new Map<string, ShapedFont>();
  const key = (family: FontFamily, weight: FontWeight) => `${family.name} ${weight}`;
  const runsToEmbed = new Map<string, { family: FontFamily; weight: FontWeight; texts: string[] }>();
  for (const { text, bold } of options.texts) {
    const weight: FontWeight = bold ? 'bold' : 'regular';
    for (const run of familyRuns(text)) {
      if (!run.family) continue;
      const entry = runsToEmbed.get(key(run.family, weight)) ?? { family: run.family, weight, texts: [] };
      entry.texts.push(run.text);
      runsToEmbed.set(key(run.family, weight), entry);
    }
  }
  for (const [name, { family, weight, texts }] of runsToEmbed) {
    shapedFonts.set(name, await embedShapedFont(doc, family, weight, texts, lang));
  }

  const runs = (text: string, bold: boolean | undefined): Run[] => {
    const weight: FontWeight = bold ? 'bold' : 'regular';
    return familyRuns(text).map((run) => {
      if (!run.family) return { text: run.text, font: { standard: standard[weight] } };
      const shaped = shapedFonts.get(key(run.family, weight));
      if (!shaped) throw new Error(`"${run.text}" is not among the texts this document declared in ${weight}`);
      return { text: run.text, font: { shaped } };
    });
  };

  const shapes = new Map<ShapedFont, Map<string, ShapedGlyph[]>>();
  const shapeRun = (font: ShapedFont, text: string) =>
    remember(
      remember(shapes, font, () => new Map<string, ShapedGlyph[]>()),
      text,
      () => font.shape(text),
    );
  const runWidth = (run: Run, size: number) =>
    'standard' in run.font
      ? run.font.standard.widthOfTextAtSize(run.text, size)
      : (shapeRun(run.font.shaped, run.text).reduce((sum, glyph) => sum + glyph.xAdvance, 0) * size) / run.font.shaped.unitsPerEm;

  const width = (text: string, style: TextStyle) =>
    runs(text, style.bold).reduce((sum, run) => sum + runWidth(run, style.size), 0);

  // A page names each font it uses once, in its resources.
  const fontNames = new WeakMap<PDFPage, Map<PDFRef, PDFName>>();
  const fontName = (page: PDFPage, ref: PDFRef) =>
    remember(
      remember(fontNames, page, () => new Map<PDFRef, PDFName>()),
      ref,
      () => page.node.newFontDictionary('F', ref),
    );

  /** Shows a shaped run glyph by glyph, moving the text position only where a glyph is not where the last one's advance left it. */
  function drawShaped(page: PDFPage, font: ShapedFont, text: string, at: { x: number; y: number; size: number; color: RGB }) {
    const scale = at.size / font.unitsPerEm;
    const operators: PDFOperator[] = [
      pushGraphicsState(),
      setFillingColor(at.color),
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of('Span'),
        `<< /ActualText ${PDFHexString.fromText(text).toString()} >>`,
      ]),
      beginText(),
      setFontAndSize(fontName(page, font.ref), at.size),
    ];
    let pending: number[] = [];
    const show = () => {
      if (pending.length > 0)
        operators.push(showText(PDFHexString.of(pending.map((id) => id.toString(16).padStart(4, '0')).join(''))));
      pending = [];
    };
    let origin = at.x;
    let pen = { x: Number.NaN, y: Number.NaN };
    for (const glyph of shapeRun(font, text)) {
      const x = origin + glyph.xOffset * scale;
      const y = at.y + glyph.yOffset * scale;
      if (Math.abs(x - pen.x) > 0.001 || y !== pen.y) {
        show();
        operators.push(setTextMatrix(1, 0, 0, 1, x, y));
        pen = { x, y };
      }
      pending.push(glyph.id);
      pen.x += (font.advance(glyph.id) * at.size) / 1000;
      origin += glyph.xAdvance * scale;
    }
    show();
    operators.push(endText(), endMarkedContent(), popGraphicsState());
    page.pushOperators(...operators);
  }

  return {
    width,
    wrap: (text, maxWidth, style) => wrapText(text, maxWidth, (line) => width(line, style), lang),
    draw(page, text, at) {
      const color = at.color ?? BLACK;
      let x = at.x;
      for (const run of runs(text, at.bold)) {
        if ('standard' in run.font) page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font.standard, color });
        else drawShaped(page, run.font.shaped, run.text, { x, y: at.y, size: at.size, color });
        x += runWidth(run, at.size);
      }
    },
  };
}
