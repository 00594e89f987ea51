import { describe, expect, it } from 'vitest';
import { expiryOf, signQrToken, verifyQrToken } from './qr-token.ts';

const SECRET = 'a'.repeat(64);
const PRODUCT = '5b0c1a8e-3f52-4c1e-9d7a-2f6e8b9c0d1e';
const NOW = new Date('2026-05-10T03:00:00Z');

describe('spot QR tokens', () => {
  const token = signQrToken(SECRET, 'demo', { productUuid: PRODUCT, expiresAt: new Date('2026-05-10T15:00:00Z') });

  it('reads back what it signed, and is not yet expired before its time', () => {
    expect(token).toMatch(/^[\w-]+\.[\w-]{22}$/);
    expect(verifyQrToken(SECRET, 'demo', token, NOW)).toEqual({
      ok: true,
      claims: { productUuid: PRODUCT, expiresAt: new Date('2026-05-10T15:00:00Z') },
      isExpired: false,
    });
  });

  it('says a token is expired from its expiry on', () => {
    const verdict = verifyQrToken(SECRET, 'demo', token, new Date('2026-05-10T15:00:00Z'));
    expect(verdict).toMatchObject({ ok: true, isExpired: true });
  });

  it('refuses a token of another site, another secret, or with an altered payload', () => {
    expect(verifyQrToken(SECRET, 'borderless', token, NOW).ok).toBe(false);
    expect(verifyQrToken('b'.repeat(64), 'demo', token, NOW).ok).toBe(false);
    const [, signed] = token.split('.');
    const later = Buffer.from(`v1:${PRODUCT}:${Math.floor(Date.UTC(2030, 0, 1) / 1000)}`).toString('base64url');
    expect(verifyQrToken(SECRET, 'demo', `${later}.${signed}`, NOW).ok).toBe(false);
    expect(verifyQrToken(SECRET, 'demo', 'nonsense', NOW).ok).toBe(false);
    expect(verifyQrToken(SECRET, 'demo', `${token}.extra`, NOW).ok).toBe(false);
  });

  it('rotates at the venue’s midnight after the last valid day', () => {
    expect(expiryOf('2026-05-10', 1, 'Asia/Tokyo')).toEqual({
      validTo: '2026-05-10',
      expiresAt: new Date('2026-05-10T15:00:00Z'),
    });
    expect(expiryOf('2026-05-31', 7, 'Asia/Tokyo')).toEqual({
      validTo: '2026-06-06',
      expiresAt: new Date('2026-06-06T15:00:00Z'),
    });
  });
});
