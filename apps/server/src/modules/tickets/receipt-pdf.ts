/**
 * The receipt as a PDF, drawn with pdf-lib (docs/decisions/006-tickets-after-purchase.md), in the
 * visitor's language: the labels, the addressee's honorific (山田 花子 様), dates and prices. What a
 * Japanese qualified invoice needs is on it: the venue's registration number, and the amount per
 * tax rate with the tax it includes (10%対象 … 内消費税 …). Text is drawn in whatever script it is
 * written in: Latin with the PDF standard Helvetica, anything else with the first of Noto Sans JP,
 * KR or Thai that has the character, cut down to the characters the receipt uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { Receipt } from '@storefront/domain/api/tickets';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
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

type Labels = {
  title: string;
  number: (no: string) => string;
  issued: (date: string) => string;
  addressee: (name: string) => string;
  amount: string;
  /** The amount per tax rate and the tax it includes, as the qualified invoice system asks. */
  taxLine: (rate: number, amount: string, tax: string) => string;
  purpose: string;
  reservation: (no: string) => string;
  item: string;
  quantity: string;
  unitPrice: string;
  lineAmount: string;
  subtotal: string;
  discount: (name: string) => string;
  total: string;
  registration: (no: string) => string;
  /** The other money documents (decision 034): a receipt re-issued for the net amount, a refund's document. */
  reissueTitle: string;
  refundTitle: string;
  /** A qualified-invoice venue's refund document: 適格返還請求書. */
  invoiceRefundTitle: string;
  replaces: (no: string) => string;
  corrects: (no: string) => string;
  refundedOn: (date: string) => string;
  refundAmount: string;
  refundPurpose: string;
  refundTotal: string;
};

const LABELS: Record<LanguageCode, Labels> = {
  ja: {
    title: '領収書',
    number: (no) => `No. ${no}`,
    issued: (date) => `発行日 ${date}`,
    addressee: (name) => `${name} 様`,
    amount: '金額',
    taxLine: (rate, amount, tax) => `${rate}%対象 ${amount}（内消費税 ${tax}）`,
    purpose: '但し 入場料として、上記正に領収いたしました。',
    reservation: (no) => `予約番号 ${no}`,
    item: '品目',
    quantity: '数量',
    unitPrice: '単価',
    lineAmount: '金額',
    subtotal: '小計',
    discount: (name) => `割引：${name}`,
    total: '合計（税込）',
    registration: (no) => `登録番号 ${no}`,
    reissueTitle: '領収書（再発行）',
    refundTitle: '返金明細書',
    invoiceRefundTitle: '適格返還請求書',
    replaces: (no) => `No. ${no} に代わり再発行`,
    corrects: (no) => `No. ${no} に対する返金`,
    refundedOn: (date) => `返金日 ${date}`,
    refundAmount: '返金額',
    refundPurpose: '上記の金額をご返金いたしました。',
    refundTotal: '返金額合計（税込）',
  },
  en: {
    title: 'RECEIPT',
    number: (no) => `No. ${no}`,
    issued: (date) => `Issued ${date}`,
    addressee: (name) => name,
    amount: 'Amount',
    taxLine: (rate, amount, tax) => `Subject to ${rate}%: ${amount} (tax included: ${tax})`,
    purpose: 'For admission tickets. We acknowledge receipt of the above amount.',
    reservation: (no) => `Reservation number: ${no}`,
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    lineAmount: 'Amount',
    subtotal: 'Subtotal',
    discount: (name) => `Discount: ${name}`,
    total: 'Total (tax included)',
    registration: (no) => `Registration number ${no}`,
    reissueTitle: 'RECEIPT (RE-ISSUED)',
    refundTitle: 'REFUND NOTE',
    invoiceRefundTitle: 'REFUND INVOICE',
    replaces: (no) => `Re-issued in place of No. ${no}`,
    corrects: (no) => `Refund against No. ${no}`,
    refundedOn: (date) => `Refunded ${date}`,
    refundAmount: 'Amount refunded',
    refundPurpose: 'We have refunded the above amount.',
    refundTotal: 'Total refunded (tax included)',
  },
  'zh-hans': {
    title: '收据',
    number: (no) => `No. ${no}`,
    issued: (date) => `开具日期 ${date}`,
    addressee: (name) => name,
    amount: '金额',
    taxLine: (rate, amount, tax) => `${rate}%税率对象 ${amount}（含消费税 ${tax}）`,
    purpose: '以上为门票费用，特此收讫。',
    reservation: (no) => `预约编号 ${no}`,
    item: '项目',
    quantity: '数量',
    unitPrice: '单价',
    lineAmount: '金额',
    subtotal: '小计',
    discount: (name) => `折扣：${name}`,
    total: '合计（含税）',
    registration: (no) => `登记号码 ${no}`,
    reissueTitle: '收据（重新开具）',
    refundTitle: '退款单',
    invoiceRefundTitle: '合格退款凭证',
    replaces: (no) => `重新开具，替代 No. ${no}`,
    corrects: (no) => `针对 No. ${no} 的退款`,
    refundedOn: (date) => `退款日期 ${date}`,
    refundAmount: '退款金额',
    refundPurpose: '上述金额已退还。',
    refundTotal: '退款合计（含税）',
  },
  kr: {
    title: '영수증',
    number: (no) => `No. ${no}`,
    issued: (date) => `발행일 ${date}`,
    addressee: (name) => `${name} 귀하`,
    amount: '금액',
    taxLine: (rate, amount, tax) => `${rate}% 대상 ${amount} (소비세 포함 ${tax})`,
    purpose: '입장료로서 위 금액을 정히 영수합니다.',
    reservation: (no) => `예약 번호 ${no}`,
    item: '품목',
    quantity: '수량',
    unitPrice: '단가',
    lineAmount: '금액',
    subtotal: '소계',
    discount: (name) => `할인: ${name}`,
    total: '합계(세금 포함)',
    registration: (no) => `등록번호 ${no}`,
    reissueTitle: '영수증(재발행)',
    refundTitle: '환불 명세서',
    invoiceRefundTitle: '적격 반환 청구서',
    replaces: (no) => `No. ${no} 대신 재발행`,
    corrects: (no) => `No. ${no}에 대한 환불`,
    refundedOn: (date) => `환불일 ${date}`,
    refundAmount: '환불 금액',
    refundPurpose: '위 금액을 환불하였습니다.',
    refundTotal: '환불 합계(세금 포함)',
  },
  'zh-hant': {
    title: '收據',
    number: (no) => `No. ${no}`,
    issued: (date) => `開立日期 ${date}`,
    addressee: (name) => name,
    amount: '金額',
    taxLine: (rate, amount, tax) => `${rate}%稅率對象 ${amount}（含消費稅 ${tax}）`,
    purpose: '以上為門票費用，特此收訖。',
    reservation: (no) => `預約編號 ${no}`,
    item: '項目',
    quantity: '數量',
    unitPrice: '單價',
    lineAmount: '金額',
    subtotal: '小計',
    discount: (name) => `折扣：${name}`,
    total: '合計（含稅）',
    registration: (no) => `登記號碼 ${no}`,
    reissueTitle: '收據（重新開立）',
    refundTitle: '退款單',
    invoiceRefundTitle: '合格退款憑證',
    replaces: (no) => `重新開立，取代 No. ${no}`,
    corrects: (no) => `針對 No. ${no} 的退款`,
    refundedOn: (date) => `退款日期 ${date}`,
    refundAmount: '退款金額',
    refundPurpose: '上述金額已退還。',
    refundTotal: '退款合計（含稅）',
  },
  th: {
    title: 'ใบเสร็จรับเงิน',
    number: (no) => `No. ${no}`,
    issued: (date) => `วันที่ออก ${date}`,
    addressee: (name) => name,
    amount: 'จำนวนเงิน',
    taxLine: (rate, amount, tax) => `อัตรา ${rate}%: ${amount} (รวมภาษี ${tax})`,
    purpose: 'ค่าบัตรเข้าชม ได้รับเงินตามจำนวนข้างต้นเรียบร้อยแล้ว',
    reservation: (no) => `หมายเลขการจอง ${no}`,
    item: 'รายการ',
    quantity: 'จำนวน',
    unitPrice: 'ราคาต่อหน่วย',
    lineAmount: 'จำนวนเงิน',
    subtotal: 'รวมย่อย',
    discount: (name) => `ส่วนลด: ${name}`,
    total: 'รวมทั้งสิ้น (รวมภาษี)',
    registration: (no) => `เลขทะเบียน ${no}`,
    reissueTitle: 'ใบเสร็จรับเงิน (ออกใหม่)',
    refundTitle: 'ใบแจ้งการคืนเงิน',
    invoiceRefundTitle: 'ใบลดหนี้',
    replaces: (no) => `ออกใหม่แทน No. ${no}`,
    corrects: (no) => `คืนเงินตาม No. ${no}`,
    refundedOn: (date) => `วันที่คืนเงิน ${date}`,
    refundAmount: 'จำนวนเงินที่คืน',
    refundPurpose: 'ได้คืนเงินตามจำนวนข้างต้นแล้ว',
    refundTotal: 'รวมเงินที่คืน (รวมภาษี)',
  },
};

/** Every text the receipt draws, in the visitor's language: what the PDF lays out, and what a test reads. */
export function receiptTexts(receipt: Receipt, lang: LanguageCode) {
  const l = LABELS[lang];
  const price = (amount: number) => formatPrice(amount, receipt.currency as Currency, lang);
  const refund = receipt.kind === 'refund';
  const title = refund
    ? receipt.invoiceRegistrationNumber
      ? l.invoiceRefundTitle
      : l.refundTitle
    : receipt.kind === 'reissue'
      ? l.reissueTitle
      : l.title;
  // What ties the document to the others: the receipt it replaces or corrects, the day money went back.
  const notes = [
    ...(receipt.replaces ? [refund ? l.corrects(receipt.replaces) : l.replaces(receipt.replaces)] : []),
    ...(receipt.refundedOn ? [l.refundedOn(formatDate(receipt.refundedOn, lang))] : []),
  ];
  return {
    kind: receipt.kind,
    title,
    number: l.number(receipt.number),
    issued: l.issued(formatDate(receipt.issuedOn, lang)),
    notes,
    addressee: l.addressee(receipt.addressee),
    amountLabel: refund ? l.refundAmount : l.amount,
    amount: price(receipt.total),
    taxLine: l.taxLine(receipt.taxRate, price(receipt.total), price(receipt.tax)),
    purpose: refund ? l.refundPurpose : l.purpose,
    reservation: l.reservation(receipt.reservationNumber),
    columns: { item: l.item, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.lineAmount },
    lines: receipt.lines.map((line) => ({
      name: line.name,
      quantity: String(line.quantity),
      unitPrice: price(line.unitPrice),
      amount: price(line.amount),
    })),
    subtotal: { label: l.subtotal, amount: price(receipt.subtotal) },
    discounts: receipt.discounts.map((d) => ({ label: l.discount(d.name), amount: price(-d.amount) })),
    total: { label: refund ? l.refundTotal : l.total, amount: price(receipt.total) },
    registration: receipt.invoiceRegistrationNumber ? l.registration(receipt.invoiceRegistrationNumber) : null,
    venue: [receipt.venue.name, receipt.venue.address, `${receipt.venue.phone}  ${receipt.venue.email}`],
  };
}

export async function renderReceiptPdf(receipt: Receipt, lang: LanguageCode): Promise<Uint8Array> {
  const texts = receiptTexts(receipt, lang);
  const doc = await PDFDocument.create();
  doc.setTitle(`${texts.title} ${receipt.number}`);
  doc.setCreator('Storefront');
  doc.setCreationDate(new Date(receipt.issuedAt));
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.14, 0.16);
  const muted = rgb(0.3, 0.33, 0.38);
  const left = 56;
  const right = 595.28 - 56;
  let y = 780;

  // Everything drawn: the fallback fonts carry exactly these characters.
  const writer = await createWriter(doc, [
    texts.title,
    texts.number,
    texts.issued,
    ...texts.notes,
    texts.addressee,
    texts.amountLabel,
    texts.amount,
    texts.taxLine,
    texts.purpose,
    texts.reservation,
    ...Object.values(texts.columns),
    ...texts.lines.flatMap((line) => [line.name, line.unitPrice, line.amount]),
    texts.subtotal.label,
    texts.subtotal.amount,
    ...texts.discounts.flatMap((d) => [d.label, d.amount]),
    texts.total.label,
    texts.total.amount,
    texts.registration ?? '',
    ...texts.venue,
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

  await text(texts.title, left, { size: 24, font: bold });
  await rightText(texts.number, right);
  y -= 18;
  await rightText(texts.issued, right);
  for (const note of texts.notes) {
    y -= 16;
    await rightText(note, right, { size: 10 });
  }
  y -= texts.notes.length > 0 ? 24 : 40;
  await text(texts.addressee, left, { size: 16, font: bold });
  rule();
  y -= 40;
  await text(texts.amountLabel, left, { size: 12, color: muted });
  await rightText(texts.amount, right, { size: 22, font: bold });
  y -= 18;
  await text(texts.taxLine, left, { size: 10, color: muted });
  y -= 16;
  await text(texts.purpose, left, { size: 10, color: muted });
  y -= 16;
  await text(texts.reservation, left, { size: 10, color: muted });
  y -= 36;

  await text(texts.columns.item, left, { font: bold });
  await rightText(texts.columns.quantity, 380, { font: bold });
  await rightText(texts.columns.unitPrice, 460, { font: bold });
  await rightText(texts.columns.amount, right, { font: bold });
  rule();
  y -= 24;
  for (const line of texts.lines) {
    await text(line.name, left);
    await rightText(line.quantity, 380);
    await rightText(line.unitPrice, 460);
    await rightText(line.amount, right);
    y -= 20;
  }
  y -= 4;
  rule();
  y -= 22;
  await text(texts.subtotal.label, left);
  await rightText(texts.subtotal.amount, right);
  for (const discount of texts.discounts) {
    y -= 20;
    await text(discount.label, left);
    await rightText(discount.amount, right);
  }
  y -= 20;
  await text(texts.taxLine, left, { color: muted });
  y -= 24;
  await text(texts.total.label, left, { size: 13, font: bold });
  await rightText(texts.total.amount, right, { size: 13, font: bold });

  y = 150;
  rule();
  y -= 26;
  await text(texts.venue[0] ?? '', left, { font: bold });
  if (texts.registration) await rightText(texts.registration, right, { size: 10 });
  y -= 16;
  await text(texts.venue[1] ?? '', left, { size: 10 });
  y -= 14;
  await text(texts.venue[2] ?? '', left, { size: 10 });
  return doc.save();
}
