/**
 * A venue's settings as the console edits them: read from the `sites` row, and changed by a
 * partial patch in the caller's transaction, written through the sites module's `venue-rows.ts`. Every refusal is made before the one write. The
 * caller marks the catalogue changed (so every process's shop follows) and records the audit
 * entry with the `changes` this returns.
 */

import type { VenueSettingsPatch, VenueSettingsValues } from '@storefront/domain/console/venue-settings';
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { languageCodesOf, productKeysOf } from '../catalogue/catalogue-facts.ts';
import { followMembershipLogin } from '../catalogue/set-up-venue.ts';
import { followSignInFields, mailMagazineDefaultOf, setMailMagazineDefault } from '../catalogue/sign-in-form.ts';
import { venueHasOrders } from '../orders/venue-orders.ts';
import type { LocalizedText, Site } from '../sites/site.ts';
import { checkTimeZoneIsKnown, readVenue, updateVenue } from '../sites/venue-rows.ts';

/** What changed, field by field of the console's settings: before and after. */
export type SettingsChanges = Record<string, { before: unknown; after: unknown }>;

/** What the console's settings hold beside the `sites` row: the catalogue's configuration of the venue. */
export type VenueConfiguration = { mailMagazineDefaultChecked: boolean };

/** The part of the settings kept in the catalogue's configuration, as it is now. */
export async function venueConfigurationOf(db: Database, siteId: number): Promise<VenueConfiguration> {
  return { mailMagazineDefaultChecked: await mailMagazineDefaultOf(db, siteId) };
}

/** The editable settings of a venue, as the console shows them. */
export function venueSettingsOf(site: Site, configuration: VenueConfiguration): VenueSettingsValues {
  return {
    name: site.venue.name,
    address: site.venue.address,
    email: site.venue.email,
    phone: site.venue.phone,
    invoice_registration_number: site.venue.invoiceRegistrationNumber ?? null,
    page_title: site.pageTitle,
    theme: {
      primary: site.theme.primary,
      on_primary: site.theme.onPrimary,
      background: site.theme.background,
      text: site.theme.text,
      accent: site.theme.accent,
    },
    layout: {
      order_procedure: site.orderProcedure,
      is_calendar_coloured: site.isCalendarColoured,
      shows_smartphone_app_modal: site.showsSmartphoneAppModal,
      ticket_display: {
        type: site.ticketDisplay.type,
        header_color: { ...site.ticketDisplay.headerColor },
        shows_header_logo: { ...site.ticketDisplay.showsHeaderLogo },
      },
    },
    hold_minutes: site.holdMinutes,
    low_stock_threshold: site.lowStockThreshold,
    date_change: {
      is_enabled: site.dateChange.isEnabled,
      product_keys: site.dateChange.productKeys,
      deadline_minutes: site.dateChange.deadlineMinutes,
      fee_per_admission: site.dateChange.feePerAdmission,
      cheaper_new_slot: site.dateChange.cheaperNewSlot,
      discounted_payment_methods: site.dateChange.discountedPaymentMethods,
    },
    is_start_mail_confirm_only: site.isStartMailConfirmOnly,
    mail_confirm: {
      customer_email_confirm: site.mailConfirm.customerEmailConfirm,
      confirm_by_mail: site.mailConfirm.confirmByMail,
    },
    has_membership_login: site.hasMembershipLogin,
    sign_in_form: {
      resident_area_field: site.signInFields.residentAreaField,
      resident_area_list: site.signInFields.residentAreaList,
      age_bands: site.signInFields.ageBands,
      gender_choices: site.signInFields.genderChoices,
      mail_magazine_default_checked: configuration.mailMagazineDefaultChecked,
    },
    currency: site.currency,
    time_zone: site.timeZone,
    tag_manager_ids: site.tagManagerIds,
  };
}

/**
 * Applies `patch` to the venue's settings in the caller's transaction: only the fields sent
 * change. Refuses with a 400 naming the field, or a 409 for a currency change once the venue has
 * orders, before anything is written.
 */
export async function updateVenueSettings(
  tx: Database,
  siteId: number,
  patch: VenueSettingsPatch,
): Promise<{ site: Site; configuration: VenueConfiguration; changes: SettingsChanges }> {
  const site = await readVenue(tx, siteId, { lock: true });
  const configuration = await venueConfigurationOf(tx, siteId);
  const languages = (await languageCodesOf(tx, [siteId])).get(siteId) ?? [];

  const name = mergeLocalized('name', site.venue.name, patch.name, languages);
  const [defaultLanguage] = languages;
  if (patch.name && defaultLanguage && !name[defaultLanguage]?.trim())
    throw invalidField('name', `must have a name in ${defaultLanguage}, the venue's default language`);
  const address = mergeLocalized('address', site.venue.address, patch.address, languages);
  const pageTitle = mergeLocalized('page_title', site.pageTitle, patch.page_title, languages);

  const dateChange = patch.date_change ?? {};
  if (dateChange.product_keys) {
    const known = new Set((await productKeysOf(tx, siteId)).map((product) => product.key));
    const unknown = dateChange.product_keys.find((key) => !known.has(key));
    if (unknown !== undefined)
      throw invalidField('date_change.product_keys', `names "${unknown}", which is no product of this venue`);
  }
  if (patch.currency !== undefined && patch.currency !== site.currency && (await venueHasOrders(tx, siteId))) {
    throw specError('conflict', {
      field: 'currency',
      message: `currency cannot change: the venue has orders in ${site.currency}, and their prices would change meaning`,
    });
  }
  if (patch.time_zone !== undefined && patch.time_zone !== site.timeZone) await checkTimeZoneIsKnown(tx, patch.time_zone);

  const layout = patch.layout ?? {};
  const ticketDisplay = layout.ticket_display ?? {};
  const theme = patch.theme ?? {};
  const mailConfirm = patch.mail_confirm ?? {};
  const signInForm = patch.sign_in_form ?? {};
  const updated = await updateVenue(tx, siteId, {
    venue: {
      ...site.venue,
      name,
      address,
      email: patch.email ?? site.venue.email,
      phone: patch.phone ?? site.venue.phone,
      invoiceRegistrationNumber:
        patch.invoice_registration_number === undefined
          ? (site.venue.invoiceRegistrationNumber ?? null)
          : patch.invoice_registration_number,
    },
    pageTitle,
    // `logoSvg` is kept as it is: the console never writes it (see the contract's theme).
    theme: {
      ...site.theme,
      primary: theme.primary ?? site.theme.primary,
      onPrimary: theme.on_primary ?? site.theme.onPrimary,
      background: theme.background ?? site.theme.background,
      text: theme.text ?? site.theme.text,
      accent: theme.accent ?? site.theme.accent,
    },
    orderProcedure: layout.order_procedure ?? site.orderProcedure,
    isCalendarColoured: layout.is_calendar_coloured ?? site.isCalendarColoured,
    showsSmartphoneAppModal: layout.shows_smartphone_app_modal ?? site.showsSmartphoneAppModal,
    ticketDisplay: {
      type: ticketDisplay.type ?? site.ticketDisplay.type,
      headerColor: { ...site.ticketDisplay.headerColor, ...ticketDisplay.header_color },
      showsHeaderLogo: { ...site.ticketDisplay.showsHeaderLogo, ...ticketDisplay.shows_header_logo },
    },
    holdMinutes: patch.hold_minutes ?? site.holdMinutes,
    lowStockThreshold: patch.low_stock_threshold ?? site.lowStockThreshold,
    dateChange: {
      isEnabled: dateChange.is_enabled ?? site.dateChange.isEnabled,
      productKeys: dateChange.product_keys === undefined ? site.dateChange.productKeys : dateChange.product_keys,
      deadlineMinutes: dateChange.deadline_minutes ?? site.dateChange.deadlineMinutes,
      feePerAdmission: dateChange.fee_per_admission ?? site.dateChange.feePerAdmission,
      cheaperNewSlot: dateChange.cheaper_new_slot ?? site.dateChange.cheaperNewSlot,
      discountedPaymentMethods: dateChange.discounted_payment_methods ?? site.dateChange.discountedPaymentMethods,
    },
    isStartMailConfirmOnly: patch.is_start_mail_confirm_only ?? site.isStartMailConfirmOnly,
    mailConfirm: {
      customerEmailConfirm: mailConfirm.customer_email_confirm ?? site.mailConfirm.customerEmailConfirm,
      confirmByMail: mailConfirm.confirm_by_mail ?? site.mailConfirm.confirmByMail,
    },
    hasMembershipLogin: patch.has_membership_login ?? site.hasMembershipLogin,
    signInFields: {
      ...site.signInFields,
      residentAreaField: signInForm.resident_area_field ?? site.signInFields.residentAreaField,
      residentAreaList: signInForm.resident_area_list ?? site.signInFields.residentAreaList,
      ageBands: signInForm.age_bands ?? site.signInFields.ageBands,
      genderChoices: signInForm.gender_choices ?? site.signInFields.genderChoices,
    },
    currency: patch.currency ?? site.currency,
    timeZone: patch.time_zone ?? site.timeZone,
    tagManagerIds: patch.tag_manager_ids ?? site.tagManagerIds,
  });
  if (updated.hasMembershipLogin !== site.hasMembershipLogin)
    await followMembershipLogin(tx, { siteId, variant: updated.variant }, updated.hasMembershipLogin);
  if (stableJson(updated.signInFields) !== stableJson(site.signInFields)) {
    await followSignInFields(tx, {
      siteId,
      variant: updated.variant,
      kind: updated.kind,
      hasMembershipLogin: updated.hasMembershipLogin,
      ...updated.signInFields,
    });
  }
  const ticked = signInForm.mail_magazine_default_checked;
  if (ticked !== undefined && ticked !== configuration.mailMagazineDefaultChecked)
    await setMailMagazineDefault(tx, siteId, ticked);
  const after = { mailMagazineDefaultChecked: ticked ?? configuration.mailMagazineDefaultChecked };
  return {
    site: updated,
    configuration: after,
    changes: changesBetween(venueSettingsOf(site, configuration), venueSettingsOf(updated, after)),
  };
}

/**
 * A localized text with the sent languages applied: a text replaces, an empty text removes. A
 * text may be set only in one of the venue's languages (the console shows no others).
 */
function mergeLocalized(
  field: string,
  current: LocalizedText,
  sent: Partial<Record<LanguageCode, string>> | undefined,
  languages: readonly LanguageCode[],
): LocalizedText {
  if (!sent) return current;
  const merged: LocalizedText = { ...current };
  for (const [lang, text] of Object.entries(sent)) {
    if (text === undefined) continue;
    if (text === '') {
      delete merged[lang];
      continue;
    }
    if (!languages.includes(lang as LanguageCode))
      throw invalidField(field, `has a text in ${lang}, which is not one of the venue's languages`);
    merged[lang] = text;
  }
  return merged;
}

/** Top-level settings whose value differs, with both values. */
function changesBetween(before: VenueSettingsValues, after: VenueSettingsValues): SettingsChanges {
  const changes: SettingsChanges = {};
  for (const field of Object.keys(after) as (keyof VenueSettingsValues)[]) {
    if (stableJson(before[field]) !== stableJson(after[field])) changes[field] = { before: before[field], after: after[field] };
  }
  return changes;
}

/** JSON with object keys sorted: jsonb keeps no key order, so a reread object may list them differently. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
