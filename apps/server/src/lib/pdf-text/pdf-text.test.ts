import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfToText, skipWithoutPoppler } from '../../../test/poppler.ts';
import { createPdfText } from './pdf-text.ts';

const SIZE = { size: 12 };

describe('PDF text', () => {
  it('measures shaped text: Thai marks above and below their consonant add no width', async () => {
    const text = await createPdfText(await PDFDocument.create(), { lang: 'th', texts: [{ text: 'ขึ้น ขน' }] });
    expect(text.width('ขึ้น', SIZE)).toBeGreaterThan(0);
    expect(text.width('ขึ้น', SIZE)).toBeCloseTo(text.width('ขน', SIZE), 3);
  });

  it('draws a character no font has as a question mark', async () => {
    const text = await createPdfText(await PDFDocument.create(), { lang: 'en', texts: [{ text: '\u{1F3AB}' }] });
    expect(text.width('\u{1F3AB}', SIZE)).toBeCloseTo(text.width('?', SIZE), 3);
  });

  it('refuses to draw a character the document did not declare, which its fonts were not cut down for', async () => {
    const text = await createPdfText(await PDFDocument.create(), { lang: 'ja', texts: [{ text: '領収書' }] });
    expect(() => text.width('金額', SIZE)).toThrow(/not among the texts/);
    expect(() => text.width('領収書', { ...SIZE, bold: true })).toThrow(/not among the texts/);
    // Latin needs no declaring: it is drawn with the standard Helvetica.
    expect(text.width('No. 12', SIZE)).toBeGreaterThan(0);
  });
});

describe.skipIf(skipWithoutPoppler('the PDF text extraction test'))('PDF text as read back', () => {
  it('gives back words whose glyphs shaping splits or stacks as the characters they were written in', async () => {
    // น้ำ and กำลัง: ำ is drawn as two glyphs, the first moved in front of the tone mark.
    const words = ['น้ำ', 'กำลัง', 'ขึ้น', 'ปู่', 'จำนวนเงิน', '領収書', '영수증', '收据'];
    const doc = await PDFDocument.create();
    const text = await createPdfText(doc, { lang: 'th', texts: words.map((word) => ({ text: word })) });
    const page = doc.addPage([400, 400]);
    for (const [index, word] of words.entries()) text.draw(page, word, { ...SIZE, x: 20, y: 360 - index * 30 });
    const lines = (await pdfToText(await doc.save())).split('\n').filter((line) => line.trim());
    expect(lines).toEqual(words);
  });
});
