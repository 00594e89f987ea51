import { describe, expect, it } from 'vitest';
import { currencyOfSymbol, formatDate, formatDateTime, formatPrice } from './format.ts';

describe('format', () => {
  it('recognises the currency symbols of the specification', () => {
    expect(currencyOfSymbol('￥')).toBe('JPY');
    expect(currencyOfSymbol('¥')).toBe('JPY');
    expect(currencyOfSymbol('JP')).toBe('JPY');
    expect(currencyOfSymbol('€')).toBe('EUR');
    expect(currencyOfSymbol('$')).toBe('USD');
    expect(currencyOfSymbol('SAR')).toBe('SAR');
    expect(currencyOfSymbol('£')).toBeNull();
  });

  it('formats yen without decimals and other currencies from minor units', () => {
    expect(formatPrice(2400, 'JPY', 'ja')).toMatch(/^[￥¥]2,400$/);
    expect(formatPrice(2400, 'JPY', 'en')).toBe('¥2,400');
    expect(formatPrice(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatPrice(1050, 'EUR', 'en')).toBe('€10.50');
    expect(formatPrice(1050, 'SAR', 'en')).toMatch(/SAR\s?10\.50/);
    expect(formatPrice(2400, 'JPY', 'th')).toMatch(/2,400/);
  });

  it('writes dates year/month/day with a local weekday', () => {
    expect(formatDate('2026-11-22', 'ja')).toBe('2026/11/22 (日)');
    expect(formatDate('2026-11-22', 'en')).toBe('2026/11/22 (Sun)');
    expect(formatDate('2026-11-22', 'kr')).toBe('2026/11/22 (일)');
    expect(formatDate('2026-11-22', 'zh-hans')).toMatch(/^2026\/11\/22 \(周日\)$/);
    expect(formatDate('2026-11-22', 'th')).toMatch(/^2026\/11\/22 \(อา/);
  });

  it('shows instants in the Tokyo time zone', () => {
    expect(formatDateTime('2026-11-21T16:30:00Z', 'en')).toBe('2026/11/22 (Sun) 01:30');
  });
});
