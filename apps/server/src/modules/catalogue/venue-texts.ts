/**
 * The shop's texts of a venue as the console edits them: every key the shop uses (the shared
 * texts of `seed/src/texts.ts`) plus the venue's own keys, in each of the six languages the shop
 * can show (as `set-up-venue.ts` writes them, whatever languages the venue offers).
 */

import { type ShopText, shopTextProblem, TEXT_KEY_PATTERN } from '@storefront/domain/console/venue-settings';
import type { LanguageCode } from '@storefront/domain/constants';
import { baseTexts } from '@storefront/seed/texts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import { texts } from './catalogue.schema.ts';

const SHARED_KEYS: readonly string[] = Object.keys(baseTexts.ja);

/** Every key the shop may show for the venue: the shared ones first, then the venue's own, by name. */
async function keysOf(db: Database, siteId: number): Promise<string[]> {
  const own = await db.selectDistinct({ key: texts.key }).from(texts).where(eq(texts.siteId, siteId)).orderBy(asc(texts.key));
  const shared = new Set(SHARED_KEYS);
  return [...SHARED_KEYS, ...own.map((row) => row.key).filter((key) => !shared.has(key))];
}

async function valuesOf(db: Database, siteId: number, lang: LanguageCode, keys?: string[]): Promise<Map<string, string>> {
  const found = await db
    .select({ key: texts.key, value: texts.value })
    .from(texts)
    .where(and(eq(texts.siteId, siteId), eq(texts.lang, lang), ...(keys ? [inArray(texts.key, keys)] : [])));
  return new Map(found.map((row) => [row.key, row.value]));
}

/** The shared text of a key in a language, or null for a key of the venue's own. */
const defaultOf = (lang: LanguageCode, key: string): string | null =>
  Object.hasOwn(baseTexts[lang], key) ? (baseTexts[lang][key] ?? null) : null;

export async function listVenueTexts(db: Database, siteId: number, lang: LanguageCode): Promise<ShopText[]> {
  const [keys, values] = await Promise.all([keysOf(db, siteId), valuesOf(db, siteId, lang)]);
  return keys.map((key) => {
    const value = values.get(key) ?? null;
    return { key, value, default: defaultOf(lang, key), missing: value === null || value.trim() === '' };
  });
}

/**
 * Writes the changed texts of one language in the caller's transaction and answers what changed
 * (before and after). Refuses, naming the key, a key the shop does not use, an empty text, and a
 * text that drops or adds a `{placeholder}` of its default, before writing anything.
 *
 * `addsKeys` lets a key of the venue's own be added (the demo's cafe words its cancellation
 * policy so); the console's route never passes it, so staff edit only keys that exist.
 */
export async function saveVenueTexts(
  tx: Database,
  siteId: number,
  lang: LanguageCode,
  changed: Record<string, string>,
  options: { addsKeys?: boolean } = {},
): Promise<Record<string, { before: string | null; after: string }>> {
  const keys = new Set(await keysOf(tx, siteId));
  if (options.addsKeys) {
    for (const key of Object.keys(changed)) {
      if (!TEXT_KEY_PATTERN.test(key)) throw invalidField(`texts.${key}`, 'must be a key of a-z, 0-9 and _');
      keys.add(key);
    }
  }
  const sent = Object.keys(changed);
  const current = await valuesOf(tx, siteId, lang, sent);
  const changes: Record<string, { before: string | null; after: string }> = {};
  for (const [key, value] of Object.entries(changed)) {
    const field = `texts.${key}`;
    if (!keys.has(key)) throw invalidField(field, 'is not a text the shop uses');
    // A key of the venue's own has no shared default: its text in this language, as it is now, is the reference.
    const reference = defaultOf(lang, key) ?? defaultOf('ja', key) ?? current.get(key) ?? null;
    const problem = shopTextProblem(value, reference);
    if (problem) throw invalidField(field, problem);
    const before = current.get(key) ?? null;
    if (before !== value) changes[key] = { before, after: value };
  }
  const rows = Object.entries(changes).map(([key, { after }]) => ({ siteId, lang, key, value: after }));
  if (rows.length > 0) {
    await tx
      .insert(texts)
      .values(rows)
      .onConflictDoUpdate({ target: [texts.siteId, texts.lang, texts.key], set: { value: sql`excluded.value` } });
  }
  return changes;
}
