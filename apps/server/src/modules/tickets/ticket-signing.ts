/**
 * The QR payload of a ticket: which admissions it stands for, at which generation, signed with
 * HMAC-SHA256 under a key of the site's own (site_secrets, made on first use, never answered by
 * the API). A gate verifies the signature first, then that every generation is still current, so
 * a payload made before a share, claim, change or cancellation is refused.
 *
 * Form: `SF1.<base64url JSON {s: siteId, t: [[admissionId, generation], …]}>.<base64url MAC>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { siteSecrets } from './tickets.schema.ts';

const PREFIX = 'SF1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type SignedAdmission = { id: string; generation: number };
export type PayloadContents = { siteId: number; admissions: SignedAdmission[] };

/** The site's signing key, made the first time it is needed; the same for every process. */
async function siteSigningKey(db: Database, siteId: number): Promise<Buffer> {
  await db
    .insert(siteSecrets)
    .values({ siteId, signingKey: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ key: siteSecrets.signingKey }).from(siteSecrets).where(eq(siteSecrets.siteId, siteId));
  if (!row) throw new Error('the site has no signing key');
  return Buffer.from(row.key, 'base64url');
}

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`${PREFIX}.${body}`).digest();
}

export function signPayload(key: Buffer, contents: PayloadContents): string {
  const body = Buffer.from(
    JSON.stringify({ s: contents.siteId, t: contents.admissions.map((a) => [a.id, a.generation]) }),
  ).toString('base64url');
  return `${PREFIX}.${body}.${mac(key, body).toString('base64url')}`;
}

/** The payload's contents when its form and signature are right for this key; null otherwise. */
export function verifyPayload(key: Buffer, payload: string): PayloadContents | null {
  const parts = payload.trim().split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, body = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { s, t } = parsed as { s?: unknown; t?: unknown };
    if (typeof s !== 'number' || !Array.isArray(t) || t.length === 0 || t.length > 100) return null;
    const admissions: SignedAdmission[] = [];
    for (const entry of t) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !UUID.test(entry[0]) || !Number.isInteger(entry[1]))
        return null;
      admissions.push({ id: entry[0], generation: entry[1] as number });
    }
    return { siteId: s, admissions };
  } catch {
    return null;
  }
}

/** Sites keep their key for good; a process may remember it. */
export function createKeyCache(db: Database) {
  const keys = new Map<number, Buffer>();
  return async (siteId: number): Promise<Buffer> => {
    const known = keys.get(siteId);
    if (known) return known;
    const key = await siteSigningKey(db, siteId);
    keys.set(siteId, key);
    return key;
  };
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
