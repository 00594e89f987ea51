/**
 * The catalogue's side of a venue's sign-in form settings, changed from the console's venue
 * settings in that change's transaction: the form's residence, age and gender fields follow the
 * chosen lists, and the configuration `mail_magazine_default_checked` says whether the newsletter
 * boxes start ticked. The caller marks the catalogue changed, so every process's shop follows.
 */
import { MAIL_MAGAZINE_DEFAULT_KEY } from '@storefront/domain/customer/customer-info';
import { buildFieldTemplates, type SignInFormSettings } from '@storefront/seed/field-templates';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { configurations, fieldTemplates } from './catalogue.schema.ts';

/** The fields whose kind and choices the sign-in settings decide; the others stay as they are. */
const FOLLOWING_FIELDS: ReadonlySet<string> = new Set(['resident_area', 'age', 'gender']);

/**
 * Rewrites the residence, age and gender fields of the venue's form as `buildFieldTemplates`
 * makes them for these settings. Whether a field is shown stays as it is.
 */
export async function followSignInFields(tx: Database, venue: SignInFormSettings & { siteId: number }): Promise<void> {
  for (const field of buildFieldTemplates(venue)) {
    if (!FOLLOWING_FIELDS.has(field.fieldName)) continue;
    await tx
      .update(fieldTemplates)
      .set({ type: field.type, isRequired: field.isRequired, choices: field.choices, choiceList: field.choiceList })
      .where(and(eq(fieldTemplates.siteId, venue.siteId), eq(fieldTemplates.fieldName, field.fieldName)));
  }
}

/** Whether the venue's newsletter boxes start ticked (no setting: they start unticked). */
export async function mailMagazineDefaultOf(db: Database, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: configurations.value })
    .from(configurations)
    .where(and(eq(configurations.siteId, siteId), eq(configurations.key, MAIL_MAGAZINE_DEFAULT_KEY)));
  return row?.value === true;
}

/** Sets whether the venue's newsletter boxes start ticked, in the caller's transaction. */
export async function setMailMagazineDefault(tx: Database, siteId: number, ticked: boolean): Promise<void> {
  await tx
    .insert(configurations)
    .values({ siteId, key: MAIL_MAGAZINE_DEFAULT_KEY, value: ticked })
    .onConflictDoUpdate({ target: [configurations.siteId, configurations.key], set: { value: ticked } });
}
