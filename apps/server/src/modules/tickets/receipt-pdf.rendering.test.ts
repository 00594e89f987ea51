/**
 * The receipt PDF as a visitor sees it, in each language: its pages rendered by poppler compared
 * with the reference images in __fixtures__/receipt-pdf/, and its text as `pdftotext` reads it.
 * After a deliberate change to the layout, `UPDATE_REFERENCES=1` writes the references anew;
 * look at them before committing them.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Receipt } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { comparePngs, pdfToPngs, pdfToText, skipWithoutPoppler } from '../../../test/poppler.ts';
import { receiptTexts, renderReceiptPdf } from './receipt-pdf.ts';

const REFERENCES = join(import.meta.dirname, '__fixtures__', 'receipt-pdf');
const RESULTS = join(process.cwd(), 'test-results', 'receipt-pdf');
const DPI = 60;
/** Of a page's pixels, how many may differ from the reference (anti-aliasing of another poppler build). */
const TOLERATED_SHARE = 0.001;
/** The page's side margins at DPI (56 pt), less a pixel of anti-aliasing: nothing is drawn there. */
const MARGIN_PX = Math.floor((56 * DPI) / 72) - 1;

type Names = { addressee: string; item: string; second: string; discount: string; venue: string; address: string };

const NAMES: Record<LanguageCode, Names> = {
  ja: {
    addressee: '山田 花子',
    item: '企画展「江戸の浮世絵と近代の版画」大人 一般入場券（音声ガイド・図録引換券付き）',
    second: '音声ガイド',
    discount: '早割クーポン',
    venue: 'デモ美術館',
    address: '東京都千代田区丸の内1-2-3',
  },
  en: {
    addressee: 'Example Co., Ltd.',
    item: 'Special exhibition “Ukiyo-e from Edo to the modern print”, adult admission with audio guide and catalogue voucher',
    second: 'Audio guide',
    discount: 'Early bird',
    venue: 'Borderless Museum',
    address: '1-2-3 Marunouchi, Chiyoda-ku, Tokyo',
  },
  'zh-hans': {
    addressee: '王小明',
    item: '特别展「从江户浮世绘到近代版画」成人门票（含语音导览及图录兑换券）',
    second: '语音导览',
    discount: '早鸟优惠',
    venue: '无界美术馆',
    address: '东京都千代田区丸之内1-2-3',
  },
  'zh-hant': {
    addressee: '陳大文',
    item: '特別展「從江戶浮世繪到近代版畫」成人門票（含語音導覽及圖錄兌換券）',
    second: '語音導覽',
    discount: '早鳥優惠',
    venue: '無界美術館',
    address: '東京都千代田區丸之內1-2-3',
  },
  kr: {
    addressee: '김민수',
    item: '특별전 「에도의 우키요에에서 근대 판화까지」 성인 입장권 (오디오 가이드 및 도록 교환권 포함)',
    second: '오디오 가이드',
    discount: '얼리버드 할인',
    venue: '보더리스 미술관',
    address: '도쿄도 지요다구 마루노우치 1-2-3',
  },
  th: {
    addressee: 'สมชาย ใจดี',
    item: 'บัตรผู้ใหญ่ นิทรรศการพิเศษภาพพิมพ์อุกิโยะเอะ ขึ้นชมจุดชมวิวชั้นบนสุด พร้อมเครื่องบรรยายเสียงและคูปองแลกสูจิบัตร',
    second: 'เครื่องบรรยายเสียง',
    discount: 'ส่วนลดจองล่วงหน้า',
    venue: 'พิพิธภัณฑ์ศิลปะบอร์เดอร์เลส',
    address: '1-2-3 มารุโนะอุจิ เขตชิโยดะ โตเกียว',
  },
};

/** A receipt of a venue with a registration number: two lines (one long), a discount, fixed dates. */
const receipt = (names: Names): Receipt => ({
  kind: 'receipt',
  number: 'DEMO-2026-000123',
  replaces: null,
  replacedBy: null,
  refundedOn: null,
  addressee: names.addressee,
  issuedAt: '2026-11-21T09:00:00.000Z',
  issuedOn: '2026-11-21',
  reservationNumber: 'ABCDE-12345',
  venue: { name: names.venue, address: names.address, phone: '03-0000-0000', email: 'info@example.com' },
  lines: [
    { name: names.item, quantity: 2, unitPrice: 1800, amount: 3600 },
    { name: names.second, quantity: 1, unitPrice: 500, amount: 500 },
  ],
  discounts: [{ name: names.discount, amount: 300 }],
  subtotal: 4100,
  discount: 300,
  total: 3800,
  tax: 345,
  taxRate: 10,
  currency: 'JPY',
  invoiceRegistrationNumber: 'T7000012050002',
});

/** Every text the receipt draws, each as one string. */
function drawnTexts(texts: ReturnType<typeof receiptTexts>): string[] {
  return [
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
    ...texts.lines.flatMap((line) => [line.name, line.quantity, line.unitPrice, line.amount]),
    texts.subtotal.label,
    texts.subtotal.amount,
    ...texts.discounts.flatMap((d) => [d.label, d.amount]),
    texts.total.label,
    texts.total.amount,
    texts.registration ?? '',
    ...texts.venue,
  ];
}

/** Words that shaping without a shaper breaks up: marks dropped, ำ split into ํ and า. */
const INTACT_WORDS: Partial<Record<LanguageCode, string[]>> = {
  th: ['ใบเสร็จรับเงิน', 'จำนวนเงิน', 'ขึ้นชม', 'ผู้ใหญ่', 'วันที่ออก', 'รวมทั้งสิ้น'],
  ja: ['領収書', '合計（税込）', '登録番号'],
  kr: ['영수증', '김민수 귀하'],
};

const squash = (text: string) => text.replace(/\s+/gu, '');

describe.skipIf(skipWithoutPoppler('the receipt PDF rendering tests'))('receipt PDF as rendered', () => {
  it.each(Object.keys(NAMES) as LanguageCode[])(
    '%s: pdftotext gives back every text as written, and the page looks as its reference image does',
    async (lang) => {
      const document = receipt(NAMES[lang]);
      const pdf = await renderReceiptPdf(document, lang);

      const text = await pdfToText(pdf);
      // Lines may wrap anywhere a text may break, so each text is looked for with the spaces left out.
      for (const drawn of drawnTexts(receiptTexts(document, lang))) expect(squash(text)).toContain(squash(drawn));
      for (const word of INTACT_WORDS[lang] ?? []) expect(text).toContain(word);

      const pages = await pdfToPngs(pdf, DPI);
      expect(pages).toHaveLength(1);
      const page = pages[0] as Buffer;

      // Nothing runs into the side margins.
      const { width, height, data } = PNG.sync.read(page);
      const marginColumns = [...Array(MARGIN_PX).keys()].flatMap((x) => [x, width - 1 - x]);
      let inked = 0;
      for (let y = 0; y < height; y++) for (const x of marginColumns) if ((data[(y * width + x) * 4] ?? 255) < 245) inked++;
      expect(inked, 'pixels drawn in the side margins').toBe(0);

      const reference = join(REFERENCES, `${lang}.png`);
      if (process.env.UPDATE_REFERENCES) {
        await mkdir(REFERENCES, { recursive: true });
        await writeFile(reference, page);
      }
      expect(existsSync(reference), `${reference} exists (UPDATE_REFERENCES=1 writes it)`).toBe(true);
      const compared = comparePngs(page, await readFile(reference));
      if (!compared || compared.differing > compared.total * TOLERATED_SHARE) {
        await mkdir(RESULTS, { recursive: true });
        await writeFile(join(RESULTS, `${lang}.actual.png`), page);
        if (compared) await writeFile(join(RESULTS, `${lang}.diff.png`), compared.diff);
      }
      expect(compared, 'the page is the reference image’s size').not.toBeNull();
      expect(compared?.differing, `pixels differing from ${reference} (see ${RESULTS})`).toBeLessThanOrEqual(
        (compared?.total ?? 0) * TOLERATED_SHARE,
      );
    },
  );
});
