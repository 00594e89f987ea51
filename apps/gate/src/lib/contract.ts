/**
 * The gate contract's constants (packages/domain/src/console/gate.ts) the scanner uses at run
 * time. That module builds its schemas with zod when loaded, which would put the schema library
 * in the scanner's bundle and have it probe for `eval`, which the page's policy forbids; so the
 * values are repeated here, and contract.test.ts holds them equal to the contract's.
 */

/** A result stays on the scanner's screen this long, then it clears to "ready". */
export const RESULT_SHOWN_MS = 4000;
/** Offline scans one upload carries at most. */
export const MAX_UPLOAD_SCANS = 500;
/** `Authorization: Bearer <token>`. */
export const DEVICE_AUTH_SCHEME = 'Bearer';
