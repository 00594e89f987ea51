/**
 * The receipt as a PDF, drawn with pdf-lib (docs/decisions/006-receipt-pdf.md). It uses the PDF
 * standard Helvetica font, which covers Latin script only: the PDF is written in English, and
 * characters outside the font (a Japanese addressee, say) are replaced by "?". The printable HTML
 * receipt of the storefront shows every language in full.
 */
import type { Receipt } from '@storefront/domain/api/tickets';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

/** What Helvetica (WinAnsi) can draw; anything else becomes "?". */
function drawable(text: string, font: PDFFont): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
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

  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; color?: typeof ink } = {}) => {
    const font = options.font ?? regular;
    page.drawText(drawable(value, font), { x, y, size: options.size ?? 11, font, color: options.color ?? ink });
  };
  const rightText = (value: string, x: number, options: { size?: number; font?: PDFFont } = {}) => {
    const font = options.font ?? regular;
    const safe = drawable(value, font);
    const size = options.size ?? 11;
    page.drawText(safe, { x: x - font.widthOfTextAtSize(safe, size), y, size, font, color: ink });
  };
  const rule = () => page.drawLine({ start: { x: left, y: y - 6 }, end: { x: right, y: y - 6 }, thickness: 0.6, color: muted });

  text('RECEIPT', left, { size: 24, font: bold });
  rightText(`No. ${receipt.number}`, right);
  y -= 18;
  rightText(`Issued ${receipt.issuedAt.slice(0, 10)}`, right);
  y -= 40;
  text(`${receipt.addressee}`, left, { size: 16, font: bold });
  rule();
  y -= 40;
  text('Amount', left, { size: 12, color: muted });
  rightText(price(receipt.total), right, { size: 22, font: bold });
  y -= 18;
  text(`Tax included (${receipt.taxRate}%): ${price(receipt.tax)}`, left, { size: 10, color: muted });
  y -= 16;
  text('For admission tickets. We acknowledge receipt of the above amount.', left, { size: 10, color: muted });
  y -= 16;
  text(`Reservation number: ${receipt.reservationNumber}`, left, { size: 10, color: muted });
  y -= 36;

  text('Item', left, { font: bold });
  rightText('Qty', 380, { font: bold });
  rightText('Unit price', 460, { font: bold });
  rightText('Amount', right, { font: bold });
  rule();
  y -= 24;
  for (const line of receipt.lines) {
    text(line.name, left);
    rightText(String(line.quantity), 380);
    rightText(price(line.unitPrice), 460);
    rightText(price(line.amount), right);
    y -= 20;
  }
  y -= 4;
  rule();
  y -= 22;
  text('Subtotal', left);
  rightText(price(receipt.subtotal), right);
  for (const discount of receipt.discounts) {
    y -= 20;
    text(`Discount: ${discount.name}`, left);
    rightText(price(-discount.amount), right);
  }
  y -= 20;
  text(`Tax (${receipt.taxRate}%, included)`, left, { color: muted });
  rightText(price(receipt.tax), right);
  y -= 24;
  text('Total', left, { size: 13, font: bold });
  rightText(price(receipt.total), right, { size: 13, font: bold });

  y = 150;
  rule();
  y -= 26;
  text(receipt.venue.name, left, { font: bold });
  y -= 16;
  text(receipt.venue.address, left, { size: 10 });
  y -= 14;
  text(`${receipt.venue.phone}  ${receipt.venue.email}`, left, { size: 10 });
  return doc.save();
}
