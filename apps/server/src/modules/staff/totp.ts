/**
 * Time-based one-time passwords (RFC 6238) for staff sign-in: SHA-1, 6 digits, 30-second steps,
 * the settings every authenticator app understands. A code is accepted one step either side of now,
 * to allow for a phone's clock being a little off, and never twice: the caller keeps the step of
 * the last accepted code and passes it back, and no code of that step or an earlier one is taken.
 */

import { HOTP, Secret, TOTP } from 'otpauth';
import { clock } from '../../lib/clock.ts';

const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, as RFC 4226 recommends for HMAC-SHA1
const ISSUER = 'Storefront';

/** A new random secret, base32 without padding, for the staff member to enrol in an authenticator app. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/...` URI that the enrolment QR code carries. */
export function totpUri({
  secret,
  accountName,
  issuer = ISSUER,
}: {
  secret: string;
  accountName: string;
  issuer?: string;
}): string {
  return new TOTP({
    issuer,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
}

/** The 30-second step that `time` falls in (seconds since the epoch, divided by 30). */
export function totpStepAt(time: Date): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: time.getTime() });
}

/** The code an authenticator app shows at `time`; for demos and tests. */
export function totpCodeAt(secret: string, time: Date): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, counter: totpStepAt(time) });
}

/**
 * Checks a code typed by a staff member. Spaces are ignored (apps show `123 456`); anything but
 * six digits is refused. On success it returns the step the code belongs to, which the caller
 * must store as the new `lastUsedStep` so the same code cannot be used again; `null` otherwise.
 */
export function verifyTotp(
  secret: string,
  code: string,
  { lastUsedStep, now = clock.now() }: { lastUsedStep: number | null; now?: Date },
): { step: number } | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const key = Secret.fromBase32(secret);
  const current = totpStepAt(now);
  // The current step first, then the one before, then the one after.
  const candidates = [current];
  for (let delta = 1; delta <= WINDOW_STEPS; delta++) candidates.push(current - delta, current + delta);
  for (const step of candidates) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    // HOTP.validate compares in constant time.
    if (HOTP.validate({ token, secret: key, algorithm: ALGORITHM, digits: DIGITS, counter: step, window: 0 }) === 0) {
      return { step };
    }
  }
  return null;
}
