import type { Receipt } from '@storefront/domain/api/tickets';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderReceiptPdf } from './receipt-pdf.ts';

const receipt = (names: { addressee: string; product: string; venue: string }): Receipt => ({
  number: 'DEMO-2026-000001',
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
});

/** The base font names a PDF uses. */
async function fontsOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const base = object.get(PDFName.of('BaseFont'));
    if (base instanceof PDFName) names.add(base.decodeText().replace(/-\d+$/, ''));
  }
  return [...names].sort();
}

describe('receipt PDF', () => {
  it('draws Latin text with the standard fonts only', async () => {
    const pdf = await renderReceiptPdf(receipt({ addressee: 'Example Co., Ltd.', product: 'Adult', venue: 'Borderless' }), 'en');
    expect(await fontsOf(pdf)).toEqual(['Helvetica', 'Helvetica-Bold']);
  });

  it('draws Japanese, Korean and Thai names with embedded fonts that have them', async () => {
    const pdf = await renderReceiptPdf(receipt({ addressee: '山田 花子 様', product: '성인 입장권', venue: 'พิพิธภัณฑ์' }), 'ja');
    const fonts = await fontsOf(pdf);
    expect(fonts).toEqual(
      expect.arrayContaining(['Helvetica', 'NotoSansJP-Regular', 'NotoSansKR-Regular', 'NotoSansThai-Regular']),
    );
    // Cut down to the characters drawn: kilobytes, not the megabytes of the whole fonts.
    expect(pdf.byteLength).toBeLessThan(100_000);
  });
});
