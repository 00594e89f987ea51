/**
 * Where a line of text may break, and text broken into lines that fit a width. Latin and Korean
 * break at spaces; Thai, which writes no spaces between words, between the words
 * `Intl.Segmenter` finds; Chinese and Japanese between any two characters, except before closing
 * punctuation and small kana or after an opening bracket (kinsoku).
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** Scripts that write words without spaces between them: their words may break anywhere between. */
const SPACELESS = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const NO_LINE_START = new Set([
  ...'、。，．・：；！？ー）」』】〕〉》〗〙］｝ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々ゝゞヽヾ…‥ๆฯ',
  ...'%)]},.:;!?',
]);
const NO_LINE_END = new Set([...'（「『【〔〈《〖〘［｛([{¥$£€＄￥']);
const SPACE = /^\s+$/u;

type Unit = { text: string; isWordLike: boolean };

function canBreakBetween(before: Unit, after: Unit): boolean {
  if (SPACE.test(after.text)) return false;
  if (SPACE.test(before.text)) return true;
  const last = [...before.text].at(-1) ?? '';
  const first = [...after.text][0] ?? '';
  if (NO_LINE_START.has(first) || NO_LINE_END.has(last)) return false;
  if (CJK.test(last) || CJK.test(first)) return true;
  return before.isWordLike && after.isWordLike && (SPACELESS.test(last) || SPACELESS.test(first));
}

/** `text` in pieces, each ending where a line may break; joined they are `text`. */
export function breakChunks(text: string, lang: string): string[] {
  const graphemes = new Intl.Segmenter(lang, { granularity: 'grapheme' });
  const units: Unit[] = [];
  for (const { segment, isWordLike = false } of new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)) {
    // A run of Han or kana is one "word" to the segmenter, but lines break between its characters.
    if (CJK.test(segment))
      for (const { segment: grapheme } of graphemes.segment(segment)) units.push({ text: grapheme, isWordLike });
    else units.push({ text: segment, isWordLike });
  }
  const chunks: string[] = [];
  units.forEach((unit, index) => {
    const before = units[index - 1];
    if (!before || canBreakBetween(before, unit)) chunks.push(unit.text);
    else chunks.push(`${chunks.pop() ?? ''}${unit.text}`);
  });
  return chunks;
}

/**
 * `text` in lines no wider than `maxWidth` as `measure` measures them, breaking where
 * `breakChunks` allows, and between characters in a piece that is wider than a line on its own
 * (a long e-mail address). Spaces at the end of a line are dropped; a newline always breaks.
 */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number, lang: string): string[] {
  const graphemes = new Intl.Segmenter(lang, { granularity: 'grapheme' });
  const fits = (line: string) => measure(line.trimEnd()) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const endLine = () => {
      lines.push(line.trimEnd());
      line = '';
    };
    for (const chunk of breakChunks(paragraph, lang)) {
      if (fits(line + chunk)) {
        line += chunk;
        continue;
      }
      if (line) endLine();
      if (fits(chunk)) {
        line = chunk;
        continue;
      }
      for (const { segment } of graphemes.segment(chunk)) {
        if (line && !fits(line + segment)) endLine();
        line += segment;
      }
    }
    endLine();
  }
  return lines;
}
