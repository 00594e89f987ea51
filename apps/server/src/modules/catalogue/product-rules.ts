/**
 * What a product's input must satisfy beyond its contract, because it depends on the venue: names
 * in the venue's default language, and an image that is the venue's own. Each refusal names the
 * field and comes before the first write.
 */

import { defaultLanguageProblem, type LocalizedInput } from '@storefront/domain/console/products';
import type { LanguageCode } from '@storefront/domain/constants';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import { images } from './catalogue.schema.ts';
import { languageCodesOf } from './catalogue-facts.ts';

export async function defaultLanguageOf(db: Database, siteId: number): Promise<LanguageCode> {
  return (await languageCodesOf(db, [siteId])).get(siteId)?.[0] ?? 'ja';
}

/** Requires `text` in the default language, naming `field` when it is not. */
export function requireDefaultLanguage(field: string, text: LocalizedInput, defaultLanguage: LanguageCode): void {
  const problem = defaultLanguageProblem(text, defaultLanguage);
  if (problem) throw invalidField(field, problem);
}

/** A text as stored: trimmed, and without the languages left empty. */
export function storedText(text: LocalizedInput): Record<string, string> {
  return Object.fromEntries(Object.entries(text).filter((entry): entry is [string, string] => !!entry[1]?.trim()));
}

/** Refuses an image id that is not one of the venue's images. */
export async function requireVenueImage(db: Database, siteId: number, field: string, imageId: string | null | undefined) {
  if (!imageId) return;
  const [found] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.siteId, siteId)));
  if (!found) throw invalidField(field, 'names no image of this venue');
}
