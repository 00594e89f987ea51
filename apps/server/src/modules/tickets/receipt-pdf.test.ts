import type { Receipt } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { receiptTexts, renderReceiptPdf } from './receipt-pdf.ts';

const receipt = (
  names: { addressee: string; product: string; venue: string },
  invoiceRegistrationNumber: string | null = null,
): Receipt => ({
  kind: 'receipt',
  number: 'DEMO-2026-000001',
  replaces: null,
  replacedBy: null,
  refundedOn: null,
  addressee: names.addressee,
  issuedAt: '2026-11-21T09:00:00.000Z',
  issuedOn: '2026-11-21',
  reservationNumber: 'ABCDE-12345',
  venue: { name: names.venue, address: '1-2-3 Example, Tokyo', phone: '03-0000-0000', email: 'info@example.com' },
  lines: [{ name: names.product, quantity: 2, unitPrice: 1200, amount: 2400 }],
  discounts: [],
  subtotal: 2400,
  discount: 0,
  total: 2400,
  tax: 218,
  taxRate: 10,
  currency: 'JPY',
  invoiceRegistrationNumber,
});

/** The base font names a PDF uses, without the tag of a cut-down font (ABCDEF+). */
async function fontsOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const base = object.get(PDFName.of('BaseFont'));
    if (base instanceof PDFName) names.add(base.decodeText().replace(/^[A-Z]{6}\+/, ''));
  }
  return [...names].sort();
}

describe('receipt PDF', () => {
  it('speaks Japanese on a Japanese receipt: 様, the registration number, the amount per rate and the tax it includes', () => {
    const texts = receiptTexts(receipt({ addressee: '山田 花子', product: '大人', venue: 'デモ美術館' }, 'T7000012050002'), 'ja');
    expect(texts.title).toBe('領収書');
    expect(texts.addressee).toBe('山田 花子 様');
    expect(texts.issued).toBe(`発行日 ${formatDate('2026-11-21', 'ja')}`);
    expect(texts.taxLine).toBe(`10%対象 ${formatPrice(2400, 'JPY', 'ja')}（内消費税 ${formatPrice(218, 'JPY', 'ja')}）`);
    expect(texts.registration).toBe('登録番号 T7000012050002');
    expect(texts.columns.quantity).toBe('数量');
  });

  it('writes the labels in the visitor’s language and leaves out a registration number the venue has not set', () => {
    const english = receiptTexts(receipt({ addressee: 'Example Co., Ltd.', product: 'Adult', venue: 'Borderless' }), 'en');
    expect(english.addressee).toBe('Example Co., Ltd.');
    expect(english.registration).toBeNull();
    expect(english.taxLine).toBe('Subject to 10%: ¥2,400 (tax included: ¥218)');
    const korean = receiptTexts(receipt({ addressee: '김민수', product: '성인', venue: 'Borderless' }), 'kr');
    expect(korean.addressee).toBe('김민수 귀하');
    expect(korean.title).toBe('영수증');
  });

  it('draws Latin text with the standard fonts only', async () => {
    const pdf = await renderReceiptPdf(receipt({ addressee: 'Example Co., Ltd.', product: 'Adult', venue: 'Borderless' }), 'en');
    expect(await fontsOf(pdf)).toEqual(['Helvetica', 'Helvetica-Bold']);
  });

  it('draws Japanese, Korean and Thai names with embedded fonts that have them, in the weight of their place', async () => {
    const pdf = await renderReceiptPdf(receipt({ addressee: '山田 花子', product: '성인 입장권', venue: 'พิพิธภัณฑ์' }), 'ja');
    // The addressee and the venue are set in bold, the product in the regular weight.
    expect(await fontsOf(pdf)).toEqual([
      'Helvetica',
      'Helvetica-Bold',
      'NotoSansJP-Bold',
      'NotoSansJP-Regular',
      'NotoSansKR-Regular',
      'NotoSansThai-Bold',
    ]);
    // Cut down to the characters drawn: kilobytes, not the megabytes of the whole fonts.
    expect(pdf.byteLength).toBeLessThan(100_000);
  });

  it('draws Han characters in the forms of the receipt’s language', async () => {
    const names = { addressee: '山田 花子', product: '大人', venue: 'Borderless' };
    const families = async (lang: LanguageCode) =>
      (await fontsOf(await renderReceiptPdf(receipt(names), lang))).filter((name) => name.startsWith('NotoSans'));
    expect(await families('ja')).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular']);
    expect(await families('zh-hans')).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect(await families('zh-hant')).toEqual(['NotoSansTC-Bold', 'NotoSansTC-Regular']);
    expect(await families('kr')).toEqual(['NotoSansKR-Bold', 'NotoSansKR-Regular']);
    // A language without Han characters of its own draws them as Japanese.
    expect(await families('en')).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular']);
  });
});
