import { createHash, randomBytes } from 'node:crypto';

/** A bearer token: 128 bits from the system's CSPRNG, URL-safe (DESIGN: tokens and access). */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What is stored instead of a token: its SHA-256, so a database leak gives no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const RESERVATION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reservation number visitors can read out on the phone: 10 characters, no I, L, O or U. */
export function newReservationNumber(): string {
  const bytes = randomBytes(10);
  let number = '';
  for (const byte of bytes) number += RESERVATION_ALPHABET[byte % 32];
  return `${number.slice(0, 5)}-${number.slice(5)}`;
}
