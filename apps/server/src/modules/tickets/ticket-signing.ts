/**
 * The codes on a ticket's QR (decision 021): which admissions they stand for, at which generation,
 * signed so that a gate can tell a real code from a made-up one.
 *
 * - `SF2.<kid>.<body>.<signature>` — what every ticket page shows. Ed25519 under the venue's newest
 *   key (`ticket_signing_keys`, made on first use); a gate device verifies it offline with the
 *   venue's public keys. The body also names the slot and its times, so a device knows a code of
 *   another day without asking. Signed text: `SF2.<kid>.<body>`.
 * - `SF1.<body>.<mac>` — the codes shown before: HMAC-SHA256 under a key of the site's own
 *   (site_secrets). Only the server can check them, so they work online only.
 *
 * Body: base64url JSON `{s: siteId, t: [[admissionId, generation, optionId], …], p: slotId, w: [start, end]}`
 * (codes signed before option ids were added name `[admissionId, generation]`; both are read)
 * (times in seconds since the epoch; SF1 has `s` and `t` only). A gate verifies the signature first,
 * then that every generation is still current, so a code made before a share, claim, change or
 * cancellation is refused.
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { siteSecrets, ticketSigningKeys } from './tickets.schema.ts';

const LEGACY = 'SF1';
const SIGNED = 'SF2';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A party is at most this many admissions: a longer list is no code of ours. */
const MAX_ADMISSIONS = 100;

/** An admission in a code; its option (admission type) in codes signed since the offline scanner names types. */
type SignedAdmission = { id: string; generation: number; optionId?: number };
export type PayloadContents = {
  siteId: number;
  admissions: SignedAdmission[];
  /** The slot and its times the code was signed for; null in an SF1 code. */
  slot: { id: number; startsAt: Date; endsAt: Date } | null;
};

/** A venue's Ed25519 keys: the newest signs, every one verifies. */
export type VenueKeys = {
  signing: { kid: string; key: KeyObject };
  verifying: Map<string, KeyObject>;
  /** For gate devices: raw public keys, base64url. */
  published: { kid: string; publicKey: string }[];
};

// ---- the legacy HMAC key and the receipt counter (site_secrets) ----

/** The site's HMAC key, made the first time it is needed; the same for every process. */
async function siteSigningKey(db: Database, siteId: number): Promise<Buffer> {
  await db
    .insert(siteSecrets)
    .values({ siteId, signingKey: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ key: siteSecrets.signingKey }).from(siteSecrets).where(eq(siteSecrets.siteId, siteId));
  if (!row) throw new Error('the site has no signing key');
  return Buffer.from(row.key, 'base64url');
}

/** The next receipt number of a site, counted in the caller's transaction. */
export async function nextReceiptSequence(db: Database, siteId: number): Promise<number> {
  await siteSigningKey(db, siteId);
  const [row] = await db
    .update(siteSecrets)
    .set({ lastReceiptSequence: sql`${siteSecrets.lastReceiptSequence} + 1` })
    .where(eq(siteSecrets.siteId, siteId))
    .returning({ sequence: siteSecrets.lastReceiptSequence });
  if (!row) throw new Error('the receipt number was not counted');
  return row.sequence;
}

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`${LEGACY}.${body}`).digest();
}

/** An SF1 code, as ticket pages showed them before decision 021 (tests show they still work online). */
export function signLegacyPayload(key: Buffer, contents: Pick<PayloadContents, 'siteId' | 'admissions'>): string {
  const body = Buffer.from(
    JSON.stringify({ s: contents.siteId, t: contents.admissions.map((a) => [a.id, a.generation]) }),
  ).toString('base64url');
  return `${LEGACY}.${body}.${mac(key, body).toString('base64url')}`;
}

// ---- Ed25519 keys (ticket_signing_keys) ----

function keyIdOf(rawPublicKey: Buffer): string {
  return createHash('sha256').update(rawPublicKey).digest().subarray(0, 6).toString('base64url');
}

function publicKeyFromRaw(raw: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}

/**
 * The venue's key pairs, a first one made when it has none. Two processes making the first key at
 * once each store one: both verify, the newer signs.
 */
async function loadVenueKeys(db: Database, siteId: number): Promise<VenueKeys> {
  let rows = await db
    .select()
    .from(ticketSigningKeys)
    .where(eq(ticketSigningKeys.siteId, siteId))
    .orderBy(asc(ticketSigningKeys.createdAt));
  if (rows.length === 0) {
    const pair = generateKeyPairSync('ed25519');
    const publicKey = pair.publicKey.export({ format: 'jwk' }).x as string;
    await db
      .insert(ticketSigningKeys)
      .values({
        kid: keyIdOf(Buffer.from(publicKey, 'base64url')),
        siteId,
        publicKey,
        privateKey: (pair.privateKey.export({ format: 'der', type: 'pkcs8' }) as Buffer).toString('base64url'),
      })
      .onConflictDoNothing();
    rows = await db
      .select()
      .from(ticketSigningKeys)
      .where(eq(ticketSigningKeys.siteId, siteId))
      .orderBy(asc(ticketSigningKeys.createdAt));
  }
  const newest = rows.at(-1);
  if (!newest) throw new Error('the venue has no ticket signing key');
  return {
    signing: {
      kid: newest.kid,
      key: createPrivateKey({ key: Buffer.from(newest.privateKey, 'base64url'), format: 'der', type: 'pkcs8' }),
    },
    verifying: new Map(rows.map((r) => [r.kid, publicKeyFromRaw(r.publicKey)])),
    published: rows.map((r) => ({ kid: r.kid, publicKey: r.publicKey })),
  };
}

export function signPayload(keys: VenueKeys, contents: PayloadContents): string {
  const { slot } = contents;
  const body = Buffer.from(
    JSON.stringify({
      s: contents.siteId,
      t: contents.admissions.map((a) => (a.optionId === undefined ? [a.id, a.generation] : [a.id, a.generation, a.optionId])),
      ...(slot ? { p: slot.id, w: [Math.floor(slot.startsAt.getTime() / 1000), Math.floor(slot.endsAt.getTime() / 1000)] } : {}),
    }),
  ).toString('base64url');
  const signed = `${SIGNED}.${keys.signing.kid}.${body}`;
  return `${signed}.${sign(null, Buffer.from(signed), keys.signing.key).toString('base64url')}`;
}

// ---- reading a code ----

function parseBody(body: string, isSigned: boolean): PayloadContents | null {
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { s, t, p, w } = parsed as { s?: unknown; t?: unknown; p?: unknown; w?: unknown };
    if (!Number.isInteger(s) || !Array.isArray(t) || t.length === 0 || t.length > MAX_ADMISSIONS) return null;
    const admissions: SignedAdmission[] = [];
    for (const entry of t) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !UUID.test(entry[0]) || !Number.isInteger(entry[1]))
        return null;
      if (entry.length > 3 || (entry.length === 3 && !Number.isInteger(entry[2]))) return null;
      admissions.push({
        id: entry[0],
        generation: entry[1] as number,
        ...(entry.length === 3 ? { optionId: entry[2] as number } : {}),
      });
    }
    if (!isSigned) return { siteId: s as number, admissions, slot: null };
    if (!Number.isInteger(p) || !Array.isArray(w) || w.length !== 2 || !w.every(Number.isInteger)) return null;
    const [start, end] = w as [number, number];
    return {
      siteId: s as number,
      admissions,
      slot: { id: p as number, startsAt: new Date(start * 1000), endsAt: new Date(end * 1000) },
    };
  } catch {
    return null;
  }
}

/** What a gate needs to read codes: the legacy HMAC key and the venue's Ed25519 keys, per site. */
export type CodeKeys = { legacy: (siteId: number) => Promise<Buffer>; venue: (siteId: number) => Promise<VenueKeys> };

/** The code's contents when its form and signature are right for the venue's keys; null otherwise. */
export async function verifyPayload(keys: CodeKeys, siteId: number, payload: string): Promise<PayloadContents | null> {
  const parts = payload.trim().split('.');
  if (parts[0] === LEGACY && parts.length === 3) {
    const [, body = '', signature = ''] = parts;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(await keys.legacy(siteId), body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return parseBody(body, false);
  }
  if (parts[0] === SIGNED && parts.length === 4) {
    const [, kid = '', body = '', signature = ''] = parts;
    const key = (await keys.venue(siteId)).verifying.get(kid);
    if (!key) return null;
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== 64 || !verify(null, Buffer.from(`${SIGNED}.${kid}.${body}`), key, given)) return null;
    return parseBody(body, true);
  }
  return null;
}

/**
 * Sites keep their keys; a process may remember them. A venue's Ed25519 keys are read again after
 * a minute, so a key another process made is known here soon after.
 */
export function createKeyCache(db: Database): CodeKeys {
  const legacy = new Map<number, Buffer>();
  const venues = new Map<number, { at: number; keys: Promise<VenueKeys> }>();
  return {
    async legacy(siteId) {
      const known = legacy.get(siteId);
      if (known) return known;
      const key = await siteSigningKey(db, siteId);
      legacy.set(siteId, key);
      return key;
    },
    venue(siteId) {
      const known = venues.get(siteId);
      if (known && performance.now() - known.at < 60_000) return known.keys;
      const keys = loadVenueKeys(db, siteId);
      venues.set(siteId, { at: performance.now(), keys });
      keys.catch(() => venues.delete(siteId));
      return keys;
    },
  };
}
