/**
 * The receipt as a PDF, drawn with pdf-lib (docs/decisions/006-tickets-after-purchase.md). Labels are in
 * English; names (addressee, venue, products, coupons) are drawn in whatever script they are
 * written in: Latin with the PDF standard Helvetica, anything else with the first of Noto Sans JP,
 * KR or Thai that has the character, cut down to the characters the receipt uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { Receipt } from '@storefront/domain/api/tickets';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { type PDFDocument as Doc, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const FALLBACK_FONTS = [
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
];

type FallbackFont = { bytes: Uint8Array; hasGlyph(codePoint: number): boolean };
let fallbacks: Promise<FallbackFont[]> | null = null;

/** The fallback fonts' files, read once per process, with their character coverage. */
function fallbackFonts(): Promise<FallbackFont[]> {
  fallbacks ??= Promise.all(
    FALLBACK_FONTS.map(async (file) => {
      const bytes = new Uint8Array(await readFile(require.resolve(file)));
      const font = fontkit.create(bytes as unknown as Buffer) as unknown as { hasGlyphForCodePoint(c: number): boolean };
      return { bytes, hasGlyph: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
    }),
  );
  return fallbacks;
}

const canEncode = (font: PDFFont, char: string) => {
  try {
    font.encodeText(char);
    return true;
  } catch {
    return false;
  }
};

/**
 * Draws text in runs of one font each: the standard font where it can, a fallback elsewhere. The
 * fallbacks are cut down (harfbuzz, through subset-font) to the characters of `texts`, everything
 * the receipt will draw, and embedded whole.
 */
async function createWriter(doc: Doc, texts: string[]) {
  doc.registerFontkit(fontkit);
  const sources = await fallbackFonts();
  const standard = await doc.embedFont(StandardFonts.Helvetica);
  const needed = sources.map(() => new Set<string>());
  const sourceOf = (char: string) =>
    canEncode(standard, char) ? -1 : sources.findIndex((source) => source.hasGlyph(char.codePointAt(0) ?? 0));
  for (const char of texts.join('').normalize('NFC')) {
    const index = sourceOf(char);
    if (index >= 0) needed[index]?.add(char);
  }
  const embedded = await Promise.all(
    sources.map(async (source, index) => {
      const chars = [...(needed[index] ?? [])].join('');
      if (!chars) return null;
      const subset = await subsetFont(Buffer.from(source.bytes), chars, { targetFormat: 'truetype' });
      return doc.embedFont(new Uint8Array(subset), { subset: false });
    }),
  );
  function runs(value: string, base: PDFFont): { text: string; font: PDFFont }[] {
    const out: { text: string; font: PDFFont }[] = [];
    for (const char of value.normalize('NFC')) {
      let font = base;
      let drawn = char;
      if (!canEncode(base, char)) {
        const fallback = embedded[sourceOf(char)];
        if (fallback) font = fallback;
        else drawn = '?';
      }
      const last = out.at(-1);
      if (last && last.font === font) last.text += drawn;
      else out.push({ text: drawn, font });
    }
    return out;
  }
  return {
    width(value: string, base: PDFFont, size: number) {
      return runs(value, base).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
    },
    draw(page: PDFPage, value: string, at: { x: number; y: number; size: number; font: PDFFont; color: ReturnType<typeof rgb> }) {
      let x = at.x;
      for (const run of runs(value, at.font)) {
        page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
        x += run.font.widthOfTextAtSize(run.text, at.size);
      }
    },
  };
}

export async function renderReceiptPdf(receipt: Receipt, _lang: LanguageCode): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${receipt.number}`);
  doc.setCreator('Storefront');
  doc.setCreationDate(new Date(receipt.issuedAt));
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.14, 0.16);
  const muted = rgb(0.3, 0.33, 0.38);
  const price = (amount: number) => formatPrice(amount, receipt.currency as Currency, 'en');
  const left = 56;
  const right = 595.28 - 56;
  let y = 780;

  // Everything drawn from data (labels are Latin): the fallback fonts carry exactly these characters.
  const writer = await createWriter(doc, [
    receipt.addressee,
    receipt.venue.name,
    receipt.venue.address,
    receipt.venue.phone,
    receipt.venue.email,
    ...receipt.lines.map((line) => line.name),
    ...receipt.discounts.map((discount) => discount.name),
  ]);
  const text = async (value: string, x: number, options: { size?: number; font?: PDFFont; color?: typeof ink } = {}) => {
    await writer.draw(page, value, {
      x,
      y,
      size: options.size ?? 11,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
  };
  const rightText = async (value: string, x: number, options: { size?: number; font?: PDFFont } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    writer.draw(page, value, { x: x - writer.width(value, font, size), y, size, font, color: ink });
  };
  const rule = () => page.drawLine({ start: { x: left, y: y - 6 }, end: { x: right, y: y - 6 }, thickness: 0.6, color: muted });

  await text('RECEIPT', left, { size: 24, font: bold });
  await rightText(`No. ${receipt.number}`, right);
  y -= 18;
  await rightText(`Issued ${receipt.issuedOn}`, right);
  y -= 40;
  await text(`${receipt.addressee}`, left, { size: 16, font: bold });
  rule();
  y -= 40;
  await text('Amount', left, { size: 12, color: muted });
  await rightText(price(receipt.total), right, { size: 22, font: bold });
  y -= 18;
  await text(`Tax included (${receipt.taxRate}%): ${price(receipt.tax)}`, left, { size: 10, color: muted });
  y -= 16;
  await text('For admission tickets. We acknowledge receipt of the above amount.', left, { size: 10, color: muted });
  y -= 16;
  await text(`Reservation number: ${receipt.reservationNumber}`, left, { size: 10, color: muted });
  y -= 36;

  await text('Item', left, { font: bold });
  await rightText('Qty', 380, { font: bold });
  await rightText('Unit price', 460, { font: bold });
  await rightText('Amount', right, { font: bold });
  rule();
  y -= 24;
  for (const line of receipt.lines) {
    await text(line.name, left);
    await rightText(String(line.quantity), 380);
    await rightText(price(line.unitPrice), 460);
    await rightText(price(line.amount), right);
    y -= 20;
  }
  y -= 4;
  rule();
  y -= 22;
  await text('Subtotal', left);
  await rightText(price(receipt.subtotal), right);
  for (const discount of receipt.discounts) {
    y -= 20;
    await text(`Discount: ${discount.name}`, left);
    await rightText(price(-discount.amount), right);
  }
  y -= 20;
  await text(`Tax (${receipt.taxRate}%, included)`, left, { color: muted });
  await rightText(price(receipt.tax), right);
  y -= 24;
  await text('Total', left, { size: 13, font: bold });
  await rightText(price(receipt.total), right, { size: 13, font: bold });

  y = 150;
  rule();
  y -= 26;
  await text(receipt.venue.name, left, { font: bold });
  y -= 16;
  await text(receipt.venue.address, left, { size: 10 });
  y -= 14;
  await text(`${receipt.venue.phone}  ${receipt.venue.email}`, left, { size: 10 });
  return doc.save();
}
