import { describe, expect, it } from 'vitest';
import { breakChunks, wrapText } from './line-breaks.ts';

/** A measure of one unit per character, so widths read as lengths. */
const byLength = (text: string) => [...text].length;

describe('line breaks', () => {
  it('breaks Thai between its words, which no spaces separate', () => {
    expect(breakChunks('ค่าบัตรเข้าชม ได้รับเงิน', 'th')).toEqual(['ค่า', 'บัตร', 'เข้า', 'ชม ', 'ได้', 'รับ', 'เงิน']);
  });

  it('breaks Japanese between any two characters, but not before closing punctuation or after an opening bracket', () => {
    expect(breakChunks('大人（音声ガイド付き）。', 'ja')).toEqual(['大', '人', '（音', '声', 'ガ', 'イ', 'ド', '付', 'き）。']);
    expect(breakChunks('展「江戸」', 'ja')).toEqual(['展', '「江', '戸」']);
  });

  it('breaks Latin and Korean at spaces only', () => {
    expect(breakChunks('Example Co., Ltd. (Tokyo)', 'en')).toEqual(['Example ', 'Co., ', 'Ltd. ', '(Tokyo)']);
    expect(breakChunks('특별전 「에도의 우키요에」 성인', 'ko')).toEqual(['특별전 ', '「에도의 ', '우키요에」 ', '성인']);
  });

  it('fills each line as far as the width allows and drops the spaces where it breaks', () => {
    expect(wrapText('Special exhibition for adults', 20, byLength, 'en')).toEqual(['Special exhibition', 'for adults']);
    expect(wrapText('บัตรผู้ใหญ่ขึ้นชมจุดชมวิว', 15, byLength, 'th')).toEqual(['บัตรผู้ใหญ่ขึ้น', 'ชมจุดชมวิว']);
  });

  it('breaks a word wider than the line between its characters, keeping a Thai consonant with its marks', () => {
    expect(wrapText('info@averylongdomainname.example', 12, byLength, 'en')).toEqual([
      'info@averylo',
      'ngdomainname',
      '.example',
    ]);
    expect(wrapText('ขึ้น', 3, byLength, 'th')).toEqual(['ขึ้', 'น']);
  });

  it('keeps a text that fits on one line, and breaks at a newline', () => {
    expect(wrapText('Audio guide', 40, byLength, 'en')).toEqual(['Audio guide']);
    expect(wrapText('Line one\nLine two', 40, byLength, 'en')).toEqual(['Line one', 'Line two']);
    expect(wrapText('', 40, byLength, 'en')).toEqual(['']);
  });
});
