/**
 * `/venues/:code/settings` (`catalogue:read`; saving needs `catalogue:write`): the settings the
 * shop reads for the venue, in sections saved one at a time.
 */

import {
  AGE_BAND_SETS,
  GENDER_CHOICE_SETS,
  HEX_COLOUR_PATTERN,
  HOLD_MINUTES_RANGE,
  LOW_STOCK_THRESHOLD_RANGE,
  ORDER_PROCEDURES,
  RESIDENT_AREA_FIELDS,
  RESIDENT_AREA_LISTS,
  THEME_COLOURS,
  TICKET_DISPLAY_TYPES,
  type VenueSettings,
  type VenueSettingsPatch,
} from '@storefront/domain/console/venue-settings';
import { CURRENCIES, type LanguageCode, PAYMENT_METHOD_IDS } from '@storefront/domain/constants';
import { CHEAPER_CHANGE_POLICIES } from '@storefront/domain/date-change';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { AppleWalletSection } from './apple-wallet-section.tsx';
import { GoogleWalletSection } from './google-wallet-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { venueSettingsQueries } from './venue-settings-api.ts';
import './venue-settings.css';

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="venue-settings" title={t('venueSettings.settings.title')}>
      {({ venue, mayWrite }) => <Settings code={venue.code} venueName={venue.name} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

function Settings(props: { code: string; venueName: string; mayWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(venueSettingsQueries.settings(props.code));
  const shared = { code: props.code, mayWrite: props.mayWrite };
  return (
    <Screen name="venue-settings" title={t('venueSettings.settings.titleAt', { venue: props.venueName })}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <ProblemNotice error={query.error} /> : null}
      {query.data ? (
        <div className="settings-sections">
          <NamesSection {...shared} data={query.data} />
          <AppearanceSection {...shared} data={query.data} />
          <LayoutSection {...shared} data={query.data} />
          <SalesSection {...shared} data={query.data} />
          <SignInFormSection {...shared} data={query.data} />
          <DateChangeSection {...shared} data={query.data} />
          <RegionSection {...shared} data={query.data} />
          <AppleWalletSection {...shared} />
          <GoogleWalletSection {...shared} />
        </div>
      ) : null}
    </Screen>
  );
}

type Shared = { code: string; mayWrite: boolean; data: VenueSettings };

const perLanguage = (languages: readonly LanguageCode[], texts: Record<string, string>) =>
  Object.fromEntries(languages.map((lang) => [lang, texts[lang] ?? '']));

// ————— Names and contact —————

type NamesValues = {
  name: Record<string, string>;
  address: Record<string, string>;
  page_title: Record<string, string>;
  email: string;
  phone: string;
  invoice_registration_number: string;
};

function NamesSection(props: Shared) {
  const { t } = useTranslation();
  const { languages } = props.data;
  return (
    <SettingsSection<NamesValues>
      {...props}
      id="settings-names"
      title={t('venueSettings.names.title')}
      from={(data) => ({
        name: perLanguage(data.languages, data.settings.name),
        address: perLanguage(data.languages, data.settings.address),
        page_title: perLanguage(data.languages, data.settings.page_title),
        email: data.settings.email,
        phone: data.settings.phone,
        invoice_registration_number: data.settings.invoice_registration_number ?? '',
      })}
      toPatch={(values) => ({
        name: values.name,
        address: values.address,
        page_title: values.page_title,
        email: values.email.trim(),
        phone: values.phone.trim(),
        invoice_registration_number: values.invoice_registration_number.trim() || null,
      })}
      fields={['name', 'address', 'page_title', 'email', 'phone', 'invoice_registration_number']}
      messages={{
        phone: 'venueSettings.names.phoneRule',
        email: 'validation.email',
        invoice_registration_number: 'venueSettings.names.invoiceRule',
      }}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <>
            {(['name', 'address', 'page_title'] as const).map((group) => (
              <FieldSet
                key={group}
                legend={t(`venueSettings.names.${group}`)}
                hint={t(`venueSettings.names.${group}Hint`)}
                error={(errors[group] as { message?: string } | undefined)?.message}
                className="form-grid"
              >
                {languages.map((lang) => (
                  <TextField
                    key={lang}
                    label={LANGUAGE_NAMES[lang]}
                    lang={LANGUAGE_TAGS[lang]}
                    {...form.register(`${group}.${lang}`)}
                  />
                ))}
              </FieldSet>
            ))}
            <div className="form-grid">
              <TextField
                label={t('venueSettings.names.email')}
                type="email"
                autoComplete="off"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <TextField
                label={t('venueSettings.names.phone')}
                type="tel"
                autoComplete="off"
                error={errors.phone?.message}
                {...form.register('phone')}
              />
              <TextField
                label={t('venueSettings.names.invoice')}
                hint={t('venueSettings.names.invoiceHint')}
                autoComplete="off"
                spellCheck={false}
                placeholder="T0000000000000"
                error={errors.invoice_registration_number?.message}
                {...form.register('invoice_registration_number')}
              />
            </div>
          </>
        );
      }}
    </SettingsSection>
  );
}

// ————— Appearance —————

type ThemeValues = { theme: Record<(typeof THEME_COLOURS)[number], string> };

/** A colour as a hex text field, a colour picker bound to the same value, and a swatch of it. */
function ColourField<Values extends FieldValues>(props: { form: UseFormReturn<Values>; name: Path<Values>; label: string }) {
  const { t } = useTranslation();
  const { form, name } = props;
  const value = String(form.watch(name) ?? '');
  const valid = HEX_COLOUR_PATTERN.test(value);
  const error = name
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], form.formState.errors) as
    | { message?: string }
    | undefined;
  return (
    <div className="colour-field">
      <TextField label={props.label} spellCheck={false} maxLength={7} error={error?.message} {...form.register(name)} />
      <input
        type="color"
        className="colour-picker"
        aria-label={t('venueSettings.appearance.pick', { colour: props.label })}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(event) =>
          form.setValue(name, event.target.value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
      />
      <span className="colour-swatch" aria-hidden="true" style={{ background: valid ? value : 'transparent' }} />
    </div>
  );
}

function AppearanceSection(props: Shared) {
  const { t } = useTranslation();
  return (
    <SettingsSection<ThemeValues>
      {...props}
      id="settings-appearance"
      title={t('venueSettings.appearance.title')}
      from={(data) => ({ theme: { ...data.settings.theme } })}
      toPatch={(values) => ({ theme: values.theme })}
      fields={THEME_COLOURS.map((colour) => `theme.${colour}`)}
      messages={Object.fromEntries(THEME_COLOURS.map((colour) => [`theme.${colour}`, 'venueSettings.appearance.hexRule']))}
    >
      {(form) => {
        const theme = form.watch('theme');
        const colour = (value: string, fallback: string) => (HEX_COLOUR_PATTERN.test(value) ? value : fallback);
        return (
          <>
            <p className="field-hint">{t('venueSettings.appearance.hint')}</p>
            <div className="colour-grid">
              {THEME_COLOURS.map((name) => (
                <ColourField
                  key={name}
                  form={form}
                  name={`theme.${name}`}
                  label={t(`venueSettings.appearance.colours.${name}`)}
                />
              ))}
            </div>
            <figure className="theme-preview" style={{ background: colour(theme.background, '#ffffff') }}>
              <figcaption style={{ color: colour(theme.text, '#000000') }}>{t('venueSettings.appearance.preview')}</figcaption>
              <p style={{ color: colour(theme.text, '#000000') }}>{t('venueSettings.appearance.previewText')}</p>
              <span
                className="theme-preview-button"
                style={{ background: colour(theme.primary, '#000000'), color: colour(theme.on_primary, '#ffffff') }}
              >
                {t('venueSettings.appearance.previewButton')}
              </span>{' '}
              <span className="theme-preview-accent" style={{ color: colour(theme.accent, '#000000') }}>
                {t('venueSettings.appearance.previewAccent')}
              </span>
            </figure>
          </>
        );
      }}
    </SettingsSection>
  );
}

// ————— Layout —————

type LayoutValues = { layout: VenueSettings['settings']['layout'] };

function LayoutSection(props: Shared) {
  const { t } = useTranslation();
  return (
    <SettingsSection<LayoutValues>
      {...props}
      id="settings-layout"
      title={t('venueSettings.layout.title')}
      from={(data) => ({ layout: structuredClone(data.settings.layout) })}
      toPatch={(values) => ({ layout: values.layout })}
      fields={[
        'layout.order_procedure',
        'layout.ticket_display.type',
        'layout.ticket_display.header_color.pc',
        'layout.ticket_display.header_color.sp',
        'layout',
      ]}
      messages={{
        'layout.ticket_display.header_color.pc': 'venueSettings.appearance.hexRule',
        'layout.ticket_display.header_color.sp': 'venueSettings.appearance.hexRule',
      }}
    >
      {(form) => (
        <>
          <div className="form-grid">
            <SelectField label={t('venueSettings.layout.orderProcedure')} {...form.register('layout.order_procedure')}>
              {ORDER_PROCEDURES.map((value) => (
                <option key={value} value={value}>
                  {t(`venueSettings.layout.orderProcedures.${value}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('venueSettings.layout.ticketDisplay')}
              hint={t('venueSettings.layout.ticketDisplayHint')}
              {...form.register('layout.ticket_display.type')}
            >
              {TICKET_DISPLAY_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`venueSettings.layout.ticketDisplays.${value}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <CheckboxField label={t('venueSettings.layout.calendarColoured')} {...form.register('layout.is_calendar_coloured')} />
          <CheckboxField
            label={t('venueSettings.layout.smartphoneAppModal')}
            {...form.register('layout.shows_smartphone_app_modal')}
          />
          <FieldSet legend={t('venueSettings.layout.ticketHeader')} className="colour-grid">
            <ColourField
              form={form}
              name="layout.ticket_display.header_color.pc"
              label={t('venueSettings.layout.headerColourPc')}
            />
            <ColourField
              form={form}
              name="layout.ticket_display.header_color.sp"
              label={t('venueSettings.layout.headerColourSp')}
            />
            <CheckboxField
              label={t('venueSettings.layout.headerLogoPc')}
              {...form.register('layout.ticket_display.shows_header_logo.pc')}
            />
            <CheckboxField
              label={t('venueSettings.layout.headerLogoSp')}
              {...form.register('layout.ticket_display.shows_header_logo.sp')}
            />
          </FieldSet>
        </>
      )}
    </SettingsSection>
  );
}

// ————— Sales rules —————

type SalesValues = {
  hold_minutes: number;
  low_stock_threshold: number;
  is_start_mail_confirm_only: boolean;
  mail_confirm: { customer_email_confirm: boolean; confirm_by_mail: boolean };
  has_membership_login: boolean;
};

function SalesSection(props: Shared) {
  const { t } = useTranslation();
  return (
    <SettingsSection<SalesValues>
      {...props}
      id="settings-sales"
      title={t('venueSettings.sales.title')}
      from={(data) => ({
        hold_minutes: data.settings.hold_minutes,
        low_stock_threshold: data.settings.low_stock_threshold,
        is_start_mail_confirm_only: data.settings.is_start_mail_confirm_only,
        mail_confirm: { ...data.settings.mail_confirm },
        has_membership_login: data.settings.has_membership_login,
      })}
      toPatch={(values) => values}
      fields={['hold_minutes', 'low_stock_threshold', 'is_start_mail_confirm_only', 'mail_confirm', 'has_membership_login']}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <>
            <div className="form-grid">
              <TextField
                label={t('venueSettings.sales.holdMinutes')}
                hint={t('venueSettings.sales.holdMinutesHint', HOLD_MINUTES_RANGE)}
                type="number"
                inputMode="numeric"
                min={HOLD_MINUTES_RANGE.min}
                max={HOLD_MINUTES_RANGE.max}
                error={errors.hold_minutes?.message}
                {...form.register('hold_minutes', { valueAsNumber: true })}
              />
              <TextField
                label={t('venueSettings.sales.lowStock')}
                hint={t('venueSettings.sales.lowStockHint')}
                type="number"
                inputMode="numeric"
                min={LOW_STOCK_THRESHOLD_RANGE.min}
                max={LOW_STOCK_THRESHOLD_RANGE.max}
                error={errors.low_stock_threshold?.message}
                {...form.register('low_stock_threshold', { valueAsNumber: true })}
              />
            </div>
            <FieldSet legend={t('venueSettings.sales.mail')}>
              <CheckboxField
                label={t('venueSettings.sales.mailOnly')}
                hint={t('venueSettings.sales.mailOnlyHint')}
                {...form.register('is_start_mail_confirm_only')}
              />
              <CheckboxField label={t('venueSettings.sales.confirmByMail')} {...form.register('mail_confirm.confirm_by_mail')} />
              <CheckboxField
                label={t('venueSettings.sales.emailTwice')}
                {...form.register('mail_confirm.customer_email_confirm')}
              />
            </FieldSet>
            <CheckboxField
              label={t('venueSettings.sales.membershipLogin')}
              hint={t('venueSettings.sales.membershipLoginHint')}
              {...form.register('has_membership_login')}
            />
          </>
        );
      }}
    </SettingsSection>
  );
}

// ————— Sign-in form —————

/** The texts naming each set of gender choices (a key ending `_other` would read as a plural form). */
const GENDER_SET_TEXTS = { man_woman: 'manWoman', male_female_other: 'maleFemaleOther' } as const;

type SignInFormValues = { sign_in_form: VenueSettings['settings']['sign_in_form'] };

/** One radio of a group, with its own hint read out beside its label. */
function RadioChoice(props: { label: ReactNode; hint?: ReactNode; value: string; register: UseFormRegisterReturn }) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className="check">
      <input type="radio" id={id} value={props.value} aria-describedby={hintId} {...props.register} />
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <span id={hintId} className="field-hint">
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

function SignInFormSection(props: Shared) {
  const { t } = useTranslation();
  return (
    <SettingsSection<SignInFormValues>
      {...props}
      id="settings-sign-in"
      title={t('venueSettings.signIn.title')}
      from={(data) => ({ sign_in_form: { ...data.settings.sign_in_form } })}
      toPatch={(values) => ({ sign_in_form: values.sign_in_form })}
      fields={[
        'sign_in_form.resident_area_field',
        'sign_in_form.resident_area_list',
        'sign_in_form.age_bands',
        'sign_in_form.gender_choices',
        'sign_in_form.mail_magazine_default_checked',
        'sign_in_form',
      ]}
    >
      {(form) => {
        const errors = form.formState.errors.sign_in_form;
        return (
          <>
            <p className="field-hint">{t('venueSettings.signIn.hint')}</p>
            <FieldSet legend={t('venueSettings.signIn.residentArea')} error={errors?.resident_area_field?.message}>
              {RESIDENT_AREA_FIELDS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.residentAreaFields.${value}`)}
                  value={value}
                  register={form.register('sign_in_form.resident_area_field')}
                />
              ))}
            </FieldSet>
            <FieldSet
              legend={t('venueSettings.signIn.residentAreaList')}
              hint={t('venueSettings.signIn.residentAreaListHint')}
              error={errors?.resident_area_list?.message}
            >
              {RESIDENT_AREA_LISTS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.lists.${value}`)}
                  hint={t(`venueSettings.signIn.listHints.${value}`)}
                  value={value}
                  register={form.register('sign_in_form.resident_area_list')}
                />
              ))}
            </FieldSet>
            <FieldSet legend={t('venueSettings.signIn.ageBands')} error={errors?.age_bands?.message}>
              {AGE_BAND_SETS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.ageBandSets.${value}`)}
                  value={value}
                  register={form.register('sign_in_form.age_bands')}
                />
              ))}
            </FieldSet>
            <FieldSet legend={t('venueSettings.signIn.genderChoices')} error={errors?.gender_choices?.message}>
              {GENDER_CHOICE_SETS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.genderSets.${GENDER_SET_TEXTS[value]}`)}
                  value={value}
                  register={form.register('sign_in_form.gender_choices')}
                />
              ))}
            </FieldSet>
            <CheckboxField
              label={t('venueSettings.signIn.mailMagazineTicked')}
              hint={t('venueSettings.signIn.mailMagazineTickedHint')}
              {...form.register('sign_in_form.mail_magazine_default_checked')}
            />
          </>
        );
      }}
    </SettingsSection>
  );
}

// ————— Date change —————

type DateChangeValues = {
  date_change: Omit<VenueSettings['settings']['date_change'], 'product_keys'> & {
    every_product: boolean;
    product_keys: string[];
  };
};

function DateChangeSection(props: Shared) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  return (
    <SettingsSection<DateChangeValues>
      {...props}
      id="settings-date-change"
      title={t('venueSettings.dateChange.title')}
      from={(data) => ({
        date_change: {
          ...data.settings.date_change,
          every_product: data.settings.date_change.product_keys === null,
          product_keys: data.settings.date_change.product_keys ?? [],
          discounted_payment_methods: [...data.settings.date_change.discounted_payment_methods],
        },
      })}
      toPatch={({ date_change: { every_product, product_keys, ...rules } }) => ({
        date_change: { ...rules, product_keys: every_product ? null : product_keys } as VenueSettingsPatch['date_change'],
      })}
      fields={[
        'date_change.is_enabled',
        'date_change.product_keys',
        'date_change.deadline_minutes',
        'date_change.fee_per_admission',
        'date_change.cheaper_new_slot',
        'date_change.discounted_payment_methods',
        'date_change',
      ]}
    >
      {(form) => {
        const errors = form.formState.errors.date_change;
        const everyProduct = form.watch('date_change.every_product');
        return (
          <>
            <CheckboxField label={t('venueSettings.dateChange.enabled')} {...form.register('date_change.is_enabled')} />
            <FieldSet
              legend={t('venueSettings.dateChange.products')}
              error={(errors?.product_keys as { message?: string } | undefined)?.message}
            >
              <CheckboxField label={t('venueSettings.dateChange.everyProduct')} {...form.register('date_change.every_product')} />
              {everyProduct
                ? null
                : props.data.products.map((product) => (
                    <CheckboxField
                      key={product.key}
                      label={product.name[lang] || product.name.en || product.key}
                      value={product.key}
                      {...form.register('date_change.product_keys')}
                    />
                  ))}
            </FieldSet>
            <div className="form-grid">
              <TextField
                label={t('venueSettings.dateChange.deadline')}
                hint={t('venueSettings.dateChange.deadlineHint')}
                type="number"
                inputMode="numeric"
                min={0}
                error={errors?.deadline_minutes?.message}
                {...form.register('date_change.deadline_minutes', { valueAsNumber: true })}
              />
              <TextField
                label={t('venueSettings.dateChange.fee')}
                hint={t('venueSettings.dateChange.feeHint', { currency: props.data.settings.currency })}
                type="number"
                inputMode="numeric"
                min={0}
                error={errors?.fee_per_admission?.message}
                {...form.register('date_change.fee_per_admission', { valueAsNumber: true })}
              />
              <SelectField label={t('venueSettings.dateChange.cheaper')} {...form.register('date_change.cheaper_new_slot')}>
                {CHEAPER_CHANGE_POLICIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`venueSettings.dateChange.cheaperPolicies.${value}`)}
                  </option>
                ))}
              </SelectField>
            </div>
            <FieldSet
              legend={t('venueSettings.dateChange.discounted')}
              hint={t('venueSettings.dateChange.discountedHint')}
              className="check-columns"
            >
              {PAYMENT_METHOD_IDS.map((method) => (
                <CheckboxField
                  key={method}
                  label={<code>{method}</code>}
                  value={method}
                  {...form.register('date_change.discounted_payment_methods')}
                />
              ))}
            </FieldSet>
          </>
        );
      }}
    </SettingsSection>
  );
}

// ————— Region and tracking —————

type RegionValues = { currency: string; time_zone: string; tag_manager_ids: string };

function RegionSection(props: Shared) {
  const { t } = useTranslation();
  const locked = props.data.has_orders;
  return (
    <SettingsSection<RegionValues>
      {...props}
      id="settings-region"
      title={t('venueSettings.region.title')}
      from={(data) => ({
        currency: data.settings.currency,
        time_zone: data.settings.time_zone,
        tag_manager_ids: data.settings.tag_manager_ids.join(', '),
      })}
      toPatch={(values) =>
        ({
          // Once the venue has orders, the currency is not the console's to send.
          ...(locked ? {} : { currency: values.currency }),
          time_zone: values.time_zone.trim(),
          tag_manager_ids: values.tag_manager_ids.split(/[\s,]+/).filter(Boolean),
        }) as VenueSettingsPatch
      }
      fields={['currency', 'time_zone', 'tag_manager_ids']}
      messages={{ time_zone: 'venue.timeZoneRule', tag_manager_ids: 'venueSettings.region.tagManagerRule' }}
      conflictText={t('venueSettings.region.currencyLocked')}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <div className="form-grid">
            <SelectField
              label={t('venueSettings.region.currency')}
              hint={locked ? t('venueSettings.region.currencyLocked') : t('venueSettings.region.currencyHint')}
              disabled={locked}
              error={errors.currency?.message}
              {...form.register('currency')}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('venueSettings.region.timeZone')}
              hint={t('venueSettings.region.timeZoneHint')}
              spellCheck={false}
              error={errors.time_zone?.message}
              {...form.register('time_zone')}
            />
            <TextField
              label={t('venueSettings.region.tagManager')}
              hint={t('venueSettings.region.tagManagerHint')}
              spellCheck={false}
              error={errors.tag_manager_ids?.message}
              {...form.register('tag_manager_ids')}
            />
          </div>
        );
      }}
    </SettingsSection>
  );
}
