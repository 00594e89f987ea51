/**
 * The signature of a delivery (decision 022), as Stripe's: `Storefront-Signature: t=<unix
 * seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>`. `verifySignature`
 * is the documented recipe, in code: what a receiver does.
 */

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS } from '@storefront/domain/console/webhooks';
import { clock } from '../../lib/clock.ts';

/** A new signing secret: 32 random bytes, `whsec_` and base64url (shown to staff once). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, now = clock.systemNow()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/** True when the header signs this raw body under `secret` and its time is within the tolerance of `now`. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now = clock.systemNow(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
