/**
 * The catalogue's part of a new venue: its languages, the shop's texts, the sign-in form and the
 * settings the storefront reads. No products and no payment methods: the operator adds those.
 */
import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { buildFieldTemplates, type SignInFormSettings } from '@storefront/seed/field-templates';
import { languageSeeds } from '@storefront/seed/languages';
import { baseTexts } from '@storefront/seed/texts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { configurations, fieldTemplates, siteLanguages, texts } from './catalogue.schema.ts';

export type VenueSetUp = SignInFormSettings & {
  siteId: number;
  /** The shop's languages, the default first. */
  languages: readonly LanguageCode[];
  /** The venue's name per language; at least in the default language. */
  name: Partial<Record<LanguageCode, string>>;
};

/** Writes a new venue's catalogue settings, in the caller's transaction, beside its `sites` row. */
export async function setUpVenue(db: Database, venue: VenueSetUp): Promise<void> {
  const { siteId, languages } = venue;
  const [defaultLanguage] = languages;
  if (!defaultLanguage) throw new Error('a venue needs at least one language');

  await db.insert(siteLanguages).values(
    languages.map((code, index) => ({
      siteId,
      code,
      displayName: languageSeeds.find((language) => language.code === code)?.displayName ?? code,
      displayPosition: index + 1,
      isDefault: index === 0,
    })),
  );

  // Every language of the shop gets its texts, not only the venue's: a visitor who arrives with
  // another language stored or in `?lang=` still sees labels, and the demo's top-up of missing
  // texts (`addMissingTexts`) keeps all six as well.
  const nameIn = (lang: LanguageCode) => venue.name[lang] ?? venue.name[defaultLanguage] ?? '';
  const textRows = LANGUAGE_CODES.flatMap((lang) =>
    Object.entries({
      ...baseTexts[lang],
      // What every seed venue words for itself; the operator rewords them later.
      footer_copyright: `© ${nameIn(lang)}`,
      specified_operator: nameIn(lang),
      site_tagline: nameIn(lang),
    }).map(([key, value]) => ({ lang, key, value })),
  );
  // Some three thousand rows as one JSON parameter: a fraction of the time of bound values per row.
  await db.execute(sql`
    insert into ${texts} (site_id, lang, key, value)
    select ${siteId}::int, t.lang, t.key, t.value
      from jsonb_to_recordset(${JSON.stringify(textRows)}::jsonb) as t(lang text, key text, value text)
  `);

  await db
    .insert(fieldTemplates)
    .values(buildFieldTemplates(venue).map((field, index) => ({ siteId, position: index + 1, ...field })));

  // As a seed venue without mail-only confirmation has them, less the seed's made-up help and
  // exhibition links: the footer leaves out a link that is not set.
  await db.insert(configurations).values([{ siteId, key: 'reservation_inquiry_enabled', value: true }]);
}

/**
 * The sign-in form follows the venue's membership login: the venue's own mail-magazine choice is
 * shown only with it (as `buildFieldTemplates` makes it). Called in the settings change's transaction.
 */
export async function followMembershipLogin(
  tx: Database,
  venue: { siteId: number; variant: string },
  hasMembershipLogin: boolean,
): Promise<void> {
  await tx
    .update(fieldTemplates)
    .set({ isDisplay: hasMembershipLogin })
    .where(
      and(
        eq(fieldTemplates.siteId, venue.siteId),
        eq(fieldTemplates.fieldName, `mail_magazine_${venue.variant.replaceAll('-', '_')}`),
      ),
    );
}
