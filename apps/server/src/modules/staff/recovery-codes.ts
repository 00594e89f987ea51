/**
 * Recovery codes: single-use codes a staff member prints or stores when enrolling a second factor,
 * to sign in when the phone or security key is lost. Each is 12 characters, shown as `xxxx-xxxx-xxxx`,
 * from a lower-case alphabet without the look-alikes 0/o, 1/l/i, so they can be read aloud and
 * typed back from paper.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'; // 31 symbols: log2(31) ≈ 4.95 bits each
const GROUPS = 3;
const GROUP_LENGTH = 4; // 12 symbols ≈ 59 bits per code
const CODE_COUNT = 10;
// The largest multiple of the alphabet's size that fits in a byte: bytes at or above it are
// drawn again, so every symbol is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

function randomSymbols(count: number): string {
  let symbols = '';
  while (symbols.length < count) {
    for (const byte of randomBytes(count)) {
      if (byte < UNBIASED_LIMIT && symbols.length < count) symbols += ALPHABET[byte % ALPHABET.length];
    }
  }
  return symbols;
}

/** Ten new codes, all different, formatted for display. Only their hashes are to be stored. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < CODE_COUNT) {
    const symbols = randomSymbols(GROUPS * GROUP_LENGTH);
    const groups = Array.from({ length: GROUPS }, (_, i) => symbols.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH));
    codes.add(groups.join('-'));
  }
  return [...codes];
}

/** A code as typed (any case, with or without spaces and hyphens or dashes) in the one form that is hashed. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s\-\u2010-\u2015\u2212]+/g, '');
}

/**
 * The stored form of a code: SHA-256 (hex) of its normalised form. A fast, unsalted hash is enough
 * here, unlike for passwords: each code carries about 59 random bits, so no dictionary or
 * brute-force search over the hashes is feasible, and the hash can be looked up directly.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');
}
