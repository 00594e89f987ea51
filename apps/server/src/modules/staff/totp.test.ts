import { afterEach, describe, expect, it, vi } from 'vitest';
import { newTotpSecret, totpCodeAt, totpStepAt, totpUri, verifyTotp } from './totp.ts';

// RFC 6238's SHA-1 test secret, the ASCII bytes of "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTHER_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const NOW = new Date('2026-03-02T09:15:10Z');
const seconds = (n: number) => new Date(NOW.getTime() + n * 1000);
const STEP = totpStepAt(NOW);

describe('TOTP codes', () => {
  it('match the RFC 6238 SHA-1 vectors, cut to six digits', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
    expect(totpStepAt(new Date(59_000))).toBe(1);
  });

  it('makes 160-bit base32 secrets, different each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 symbols = 20 bytes
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('puts the secret, issuer and settings in the enrolment URI', () => {
    const uri = new URL(totpUri({ secret: SECRET, accountName: 'ana@example.com' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Storefront:ana@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Storefront',
      secret: SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('verifyTotp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the current code and returns its step', () => {
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, NOW), { lastUsedStep: null, now: NOW })).toEqual({ step: STEP });
  });

  it('accepts the codes of the steps just before and just after', () => {
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, seconds(-30)), { lastUsedStep: null, now: NOW })).toEqual({ step: STEP - 1 });
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, seconds(30)), { lastUsedStep: null, now: NOW })).toEqual({ step: STEP + 1 });
  });

  it('refuses codes two steps or more away', () => {
    for (const offset of [-90, -60, 60, 90]) {
      expect(verifyTotp(SECRET, totpCodeAt(SECRET, seconds(offset)), { lastUsedStep: null, now: NOW })).toBeNull();
    }
  });

  it('refuses a code used before, and a code older than the last one used', () => {
    const code = totpCodeAt(SECRET, NOW);
    const first = verifyTotp(SECRET, code, { lastUsedStep: null, now: NOW });
    expect(first).toEqual({ step: STEP });
    expect(verifyTotp(SECRET, code, { lastUsedStep: first?.step ?? null, now: seconds(5) })).toBeNull();
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, seconds(-30)), { lastUsedStep: STEP, now: NOW })).toBeNull();
    // The next step's code is still good.
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, seconds(30)), { lastUsedStep: STEP, now: seconds(30) })).toEqual({
      step: STEP + 1,
    });
  });

  it("refuses another secret's code", () => {
    const code = totpCodeAt(OTHER_SECRET, NOW);
    // The fixed secrets and time give different codes in all three steps of the window.
    expect([-30, 0, 30].map((offset) => totpCodeAt(SECRET, seconds(offset)))).not.toContain(code);
    expect(verifyTotp(SECRET, code, { lastUsedStep: null, now: NOW })).toBeNull();
  });

  it('ignores spaces in the code', () => {
    const code = totpCodeAt(SECRET, NOW);
    expect(verifyTotp(SECRET, ` ${code.slice(0, 3)} ${code.slice(3)} `, { lastUsedStep: null, now: NOW })).toEqual({
      step: STEP,
    });
  });

  it('refuses anything but six digits', () => {
    const code = totpCodeAt(SECRET, NOW);
    const fullWidth = [...code].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join('');
    for (const malformed of [
      '',
      code.slice(0, 5),
      `${code}0`,
      `0${code}`,
      `${code.slice(0, 5)}a`,
      `${code.slice(0, 3)}-${code.slice(3)}`,
      fullWidth,
    ]) {
      expect(verifyTotp(SECRET, malformed, { lastUsedStep: null, now: NOW }), malformed).toBeNull();
    }
  });

  it('reads the clock when no time is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, NOW), { lastUsedStep: null })).toEqual({ step: STEP });
    vi.setSystemTime(seconds(120));
    expect(verifyTotp(SECRET, totpCodeAt(SECRET, NOW), { lastUsedStep: null })).toBeNull();
  });
});
