import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('come ten at a time, readable and all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    expect(newRecoveryCodes().some((code) => codes.includes(code))).toBe(false);
  });

  it('use the whole alphabet', () => {
    const symbols = new Set(
      Array.from({ length: 20 }, () => newRecoveryCodes())
        .flat()
        .join('')
        .replaceAll('-', ''),
    );
    // 2,400 symbols drawn from 31: a missing one would mean a broken draw.
    expect([...symbols].sort().join('')).toBe('23456789abcdefghjkmnpqrstuvwxyz');
  });

  it('normalise case, spaces, hyphens and dashes', () => {
    expect(normaliseRecoveryCode('abcd-efgh-2345')).toBe('abcdefgh2345');
    expect(normaliseRecoveryCode(' ABCD EFGH 2345 ')).toBe('abcdefgh2345');
    expect(normaliseRecoveryCode('Abcd\u2013efgh\u2014 2345')).toBe('abcdefgh2345');
  });

  it('hash stably to SHA-256 hex of the normalised code', () => {
    const hash = hashRecoveryCode('abcd-efgh-2345');
    // sha256("abcdefgh2345"), as `printf abcdefgh2345 | sha256sum` gives it
    expect(hash).toBe('1d4d799b3c3b01703e2e45480b3a534328a7483d588c3ae3de3e08a333d0ff22');
    expect(hashRecoveryCode('ABCD EFGH 2345')).toBe(hash);
    expect(hashRecoveryCode('abcdefgh2345')).toBe(hash);
    expect(hashRecoveryCode('abcd-efgh-2346')).not.toBe(hash);
  });
});
