/**
 * The receipt as a PDF, drawn with pdf-lib (docs/decisions/006-tickets-after-purchase.md), in the
 * visitor's language: the labels, the addressee's honorific (山田 花子 様), dates and prices. What a
 * Japanese qualified invoice needs is on it: the venue's registration number, and the amount per
 * tax rate with the tax it includes (10%対象 … 内消費税 …). Text is shaped and measured by
 * lib/pdf-text (Latin in Helvetica, other scripts in Noto Sans, Han in the forms of the receipt's
 * language), and every column is as wide as what it holds: amounts are right-aligned by their
 * measured width, and names and headings too long for their column wrap within it.
 */
import type { Receipt } from '@storefront/domain/api/tickets';
import { type Currency, LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { PDFDocument, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { createPdfText, type PdfText, type TextStyle } from '../../lib/pdf-text/pdf-text.ts';

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

const INK = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.3, 0.33, 0.38);
const style = (size: number, options: { bold?: boolean; color?: RGB } = {}): TextStyle => ({ size, color: INK, ...options });
const STYLES = {
  title: style(24, { bold: true }),
  meta: style(11),
  note: style(10),
  addressee: style(16, { bold: true }),
  amountLabel: style(12, { color: MUTED }),
  amount: style(22, { bold: true }),
  detail: style(10, { color: MUTED }),
  heading: style(11, { bold: true }),
  body: style(11),
  bodyMuted: style(11, { color: MUTED }),
  total: style(13, { bold: true }),
  venueName: style(11, { bold: true }),
  venue: style(10),
};
type Styled = { text: string; style: TextStyle };
const styled = (text: string, style: TextStyle): Styled => ({ text, style });

/** The receipt's texts with the style each is drawn in. */
function receiptContent(texts: ReturnType<typeof receiptTexts>) {
  const s = STYLES;
  return {
    title: styled(texts.title, s.title),
    meta: [styled(texts.number, s.meta), styled(texts.issued, s.meta), ...texts.notes.map((note) => styled(note, s.note))],
    addressee: styled(texts.addressee, s.addressee),
    amount: [styled(texts.amountLabel, s.amountLabel), styled(texts.amount, s.amount)] as const,
    details: [styled(texts.taxLine, s.detail), styled(texts.purpose, s.detail), styled(texts.reservation, s.detail)],
    headings: {
      item: styled(texts.columns.item, s.heading),
      figures: [texts.columns.quantity, texts.columns.unitPrice, texts.columns.amount].map((text) => styled(text, s.heading)),
    },
    lines: texts.lines.map((line) => ({
      name: styled(line.name, s.body),
      figures: [line.quantity, line.unitPrice, line.amount].map((text) => styled(text, s.body)),
    })),
    totals: [
      [styled(texts.subtotal.label, s.body), styled(texts.subtotal.amount, s.body)] as const,
      ...texts.discounts.map((d) => [styled(d.label, s.body), styled(d.amount, s.body)] as const),
    ],
    taxLine: styled(texts.taxLine, s.bodyMuted),
    total: [styled(texts.total.label, s.total), styled(texts.total.amount, s.total)] as const,
    venue: {
      name: styled(texts.venue[0] ?? '', s.venueName),
      registration: texts.registration ? styled(texts.registration, s.note) : null,
      lines: texts.venue.slice(1).map((line) => styled(line, s.venue)),
    },
  };
}

/** Every styled text in the receipt's content, however nested: what the fonts are cut down to. */
function textsIn(content: unknown): Styled[] {
  if (Array.isArray(content)) return content.flatMap(textsIn);
  if (!content || typeof content !== 'object') return [];
  return 'text' in content && 'style' in content ? [content as Styled] : Object.values(content).flatMap(textsIn);
}

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 56;
const RIGHT = PAGE.width - 56;
const WIDTH = RIGHT - LEFT;
const TOP = 780;
/** The space between two columns, or between a label and its amount. */
const GAP = 16;
/** Baseline to baseline: room for Thai marks above and below, and for CJK. */
const leading = (style: TextStyle) => style.size * 1.4;

/**
 * Draws a paragraph's lines from the baseline `y` down, left-aligned at `x` or right-aligned at it,
 * and gives how far below `y` the last line's baseline is.
 */
function drawLines(
  text: PdfText,
  page: PDFPage,
  lines: string[],
  style: TextStyle,
  x: number,
  y: number,
  align: 'left' | 'right',
) {
  lines.forEach((line, index) => {
    const at = align === 'right' ? x - text.width(line, style) : x;
    text.draw(page, line, { ...style, x: at, y: y - index * leading(style) });
  });
  return Math.max(0, lines.length - 1) * leading(style);
}

export async function renderReceiptPdf(receipt: Receipt, lang: LanguageCode): Promise<Uint8Array> {
  const texts = receiptTexts(receipt, lang);
  const content = receiptContent(texts);
  const doc = await PDFDocument.create();
  doc.setTitle(`${texts.title} ${receipt.number}`);
  doc.setCreator('Storefront');
  doc.setCreationDate(new Date(receipt.issuedAt));
  doc.setModificationDate(new Date(receipt.issuedAt));

  const text = await createPdfText(doc, {
    lang: LANGUAGE_TAGS[lang],
    texts: textsIn(content).map((item) => ({ text: item.text, bold: item.style.bold })),
  });
  const wrap = (item: Styled, width: number) => text.wrap(item.text, width, item.style);
  const widthOf = (item: Styled) => text.width(item.text, item.style);
  const draw = (page: PDFPage, lines: string[], item: Styled, x: number, y: number, align: 'left' | 'right' = 'left') =>
    drawLines(text, page, lines, item.style, x, y, align);

  // The venue at the foot of every page: its name, and the registration number on the right.
  const { venue } = content;
  const registrationWidth = venue.registration ? Math.min(widthOf(venue.registration), WIDTH / 2) : 0;
  const venueName = wrap(venue.name, WIDTH - (venue.registration ? registrationWidth + GAP : 0));
  const registration = venue.registration ? wrap(venue.registration, registrationWidth) : [];
  const venueLines = venue.lines.map((line) => wrap(line, WIDTH));
  const footHeight =
    Math.max(venueName.length * leading(venue.name.style), registration.length * leading(STYLES.note)) +
    venueLines.reduce((sum, lines) => sum + lines.length * leading(STYLES.venue), 0);
  const footTop = Math.max(150, 50 + footHeight);
  const drawFoot = (page: PDFPage) => {
    page.drawLine({ start: { x: LEFT, y: footTop - 6 }, end: { x: RIGHT, y: footTop - 6 }, thickness: 0.6, color: MUTED });
    let y = footTop - 26;
    const nameDepth = draw(page, venueName, venue.name, LEFT, y);
    const registrationDepth = venue.registration ? draw(page, registration, venue.registration, RIGHT, y, 'right') : 0;
    y -= Math.max(nameDepth, registrationDepth) + 16;
    venue.lines.forEach((line, index) => {
      y -= draw(page, venueLines[index] ?? [], line, LEFT, y) + 14;
    });
  };

  let page = doc.addPage([PAGE.width, PAGE.height]);
  drawFoot(page);
  let y = TOP;
  const rule = () => page.drawLine({ start: { x: LEFT, y: y - 6 }, end: { x: RIGHT, y: y - 6 }, thickness: 0.6, color: MUTED });
  /** Moves to a new page when something reaching `depth` below the baseline would run into the foot. */
  const makeRoom = (depth: number, onNewPage?: () => void) => {
    if (y - depth > footTop + 24) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    drawFoot(page);
    y = TOP;
    onNewPage?.();
  };
  /** A label on the left and its amount on the right, the label wrapping in the room the amount leaves. */
  const labelAndAmount = ([label, amount]: readonly [Styled, Styled]) => {
    const labelLines = wrap(label, WIDTH - widthOf(amount) - GAP);
    makeRoom((labelLines.length - 1) * leading(label.style));
    draw(page, [amount.text], amount, RIGHT, y, 'right');
    return draw(page, labelLines, label, LEFT, y);
  };

  // The title on the left; the number, the date and the notes on the right, as wide as the widest of them.
  const metaWidth = Math.min(Math.max(...content.meta.map(widthOf)), WIDTH / 2);
  const titleDepth = draw(page, wrap(content.title, WIDTH - metaWidth - GAP), content.title, LEFT, y);
  let metaDepth = 0;
  for (const [index, item] of content.meta.entries()) {
    if (index > 0) metaDepth += 18;
    metaDepth += draw(page, wrap(item, metaWidth), item, RIGHT, y - metaDepth, 'right');
  }
  y -= Math.max(titleDepth + 18, metaDepth) + 40;
  y -= draw(page, wrap(content.addressee, WIDTH), content.addressee, LEFT, y);
  rule();
  y -= 40;
  y -= labelAndAmount(content.amount) + 18;
  for (const detail of content.details) y -= draw(page, wrap(detail, WIDTH), detail, LEFT, y) + 16;
  y -= 20;

  // The table: each figure's column as wide as its widest figure, and its heading too up to a
  // share of the width, past which the heading wraps; the item's column takes what is left.
  const { headings } = content;
  const figureColumns = headings.figures.map((heading, index) => {
    const widest = Math.max(0, ...content.lines.map((line) => text.width(line.figures[index]?.text ?? '', STYLES.body)));
    return Math.max(widest, Math.min(widthOf(heading), (WIDTH * 0.5) / headings.figures.length - GAP));
  });
  const itemWidth = WIDTH - figureColumns.reduce((sum, column) => sum + column + GAP, 0);
  // Each figure's column ends where the columns right of it and their gaps begin.
  const columnRights = figureColumns.map((_, index) =>
    figureColumns.slice(index + 1).reduce((right, column) => right - column - GAP, RIGHT),
  );
  const drawFigures = (figures: Styled[], wrapped: (item: Styled, width: number) => string[]) =>
    Math.max(
      0,
      ...figures.map((figure, index) =>
        draw(page, wrapped(figure, figureColumns[index] ?? 0), figure, columnRights[index] ?? RIGHT, y, 'right'),
      ),
    );
  const drawHeadings = () => {
    const depth = Math.max(
      draw(page, wrap(headings.item, itemWidth), headings.item, LEFT, y),
      drawFigures(headings.figures, wrap),
    );
    y -= depth;
    rule();
    y -= 24;
  };
  drawHeadings();
  for (const line of content.lines) {
    const nameLines = wrap(line.name, itemWidth);
    makeRoom((nameLines.length - 1) * leading(STYLES.body), drawHeadings);
    // Figures never wrap: their columns are as wide as the widest.
    drawFigures(line.figures, (figure) => [figure.text]);
    y -= draw(page, nameLines, line.name, LEFT, y) + 20;
  }
  y -= 4;
  rule();
  y -= 22;
  for (const row of content.totals) y -= labelAndAmount(row) + 20;
  const taxLines = wrap(content.taxLine, WIDTH);
  makeRoom((taxLines.length - 1) * leading(STYLES.bodyMuted));
  y -= draw(page, taxLines, content.taxLine, LEFT, y) + 24;
  labelAndAmount(content.total);
  return doc.save();
}
