/**
 * Spot QR tokens: `<payload>.<signature>`, both URL-safe base64. The payload names the product and
 * the second the code stops working; the signature is an HMAC-SHA256 under the site's own secret,
 * over the site code and the payload, so a code works on its own site only and cannot be altered.
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { addDays, startOfDayIn } from '@storefront/domain/dates';
import { clock } from '../../lib/clock.ts';

const VERSION = 'v1';
const SIGNATURE_BYTES = 16;

export type QrClaims = { productUuid: string; expiresAt: Date };
export type QrVerdict = { ok: true; claims: QrClaims; isExpired: boolean } | { ok: false };

function signature(secret: string, siteCode: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`spot-qr:${VERSION}:${siteCode}:${payload}`).digest().subarray(0, SIGNATURE_BYTES);
}

export function signQrToken(secret: string, siteCode: string, claims: QrClaims): string {
  const payload = Buffer.from(`${VERSION}:${claims.productUuid}:${Math.floor(claims.expiresAt.getTime() / 1000)}`).toString(
    'base64url',
  );
  return `${payload}.${signature(secret, siteCode, payload).toString('base64url')}`;
}

/** Reads a token signed for this site; `ok: false` for anything forged, altered or malformed. */
export function verifyQrToken(secret: string, siteCode: string, token: string, now: Date = clock.now()): QrVerdict {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return { ok: false };
  const expected = signature(secret, siteCode, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  const [version, productUuid, seconds] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (version !== VERSION || !productUuid || !seconds || !/^\d{1,12}$/.test(seconds)) return { ok: false };
  const expiresAt = new Date(Number(seconds) * 1000);
  return { ok: true, claims: { productUuid, expiresAt }, isExpired: expiresAt.getTime() <= now.getTime() };
}

/**
 * When a code made on `today` for `days` venue days stops working: the venue's midnight after its
 * last day, so a daily code rotates at midnight in the venue's time zone.
 */
export function expiryOf(today: string, days: number, timeZone: string): { validTo: string; expiresAt: Date } {
  const validTo = addDays(today, days - 1);
  return { validTo, expiresAt: startOfDayIn(addDays(validTo, 1), timeZone) };
}
