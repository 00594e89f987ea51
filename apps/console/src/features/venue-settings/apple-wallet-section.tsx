/**
 * A venue's Apple Wallet passes (decision 027): whether its tickets offer "Add to Apple Wallet",
 * and where the venue is, so a pass shows on the lock screen nearby. Saved on its own
 * (`GET`/`PUT venues/:venue/apple-wallet`), read-only without `catalogue:write`. The switch waits
 * for the deployment's pass certificate, which only the server's operator can set.
 */
import { toNestErrors } from '@hookform/resolvers';
import { type AppleWalletVenueSettings, AppleWalletVenueSettingsBody } from '@storefront/domain/console/apple-wallet';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { placeFieldError } from '../../lib/forms.ts';
import { CheckboxField, FieldError, FieldSet, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useSaveAppleWallet, venueSettingsQueries } from './venue-settings-api.ts';

/** What the operator sets before any venue can offer passes (README; all or none, decision 027). */
const REQUIRED_VARIABLES = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_SIGNER_CERT',
  'APPLE_WALLET_SIGNER_KEY',
  'APPLE_WALLET_WWDR_CERT',
];

const FIELDS = ['is_enabled', 'latitude', 'longitude'] as const;

type FormValues = { is_enabled: boolean; latitude: string; longitude: string };

const coordinate = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The form's text fields read as the contract's body and checked by the contract itself. A
 * coordinate out of range (or not a number) is that field's; the pairing rule, which the contract
 * puts on the longitude, lands on whichever of the two was left empty. Messages are text keys.
 */
const AppleWalletForm = z
  .object({ is_enabled: z.boolean(), latitude: z.string(), longitude: z.string() })
  .transform((values, ctx) => {
    const body = {
      is_enabled: values.is_enabled,
      latitude: coordinate(values.latitude),
      longitude: coordinate(values.longitude),
    };
    const checked = AppleWalletVenueSettingsBody.safeParse(body);
    if (checked.success) return checked.data;
    const outOfRange = (['latitude', 'longitude'] as const).filter((field) =>
      checked.error.issues.some((issue) => issue.path[0] === field && issue.code !== 'custom'),
    );
    for (const field of outOfRange)
      ctx.addIssue({ code: 'custom', path: [field], message: `venueSettings.appleWallet.${field}Rule` });
    if (outOfRange.length === 0) {
      const missing = body.latitude === null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: `venueSettings.appleWallet.${missing}Missing` });
    }
    return z.NEVER;
  });

function appleWalletResolver(t: TFunction): Resolver<FormValues, unknown, AppleWalletVenueSettingsBody> {
  return async (values, _context, options) => {
    const result = AppleWalletForm.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as keyof FormValues;
      errors[field] ??= { type: issue.code, message: t(issue.message) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

const toValues = (settings: AppleWalletVenueSettings): FormValues => ({
  is_enabled: settings.is_enabled,
  latitude: settings.latitude === null ? '' : String(settings.latitude),
  longitude: settings.longitude === null ? '' : String(settings.longitude),
});

/** A 400 the form shows on a field rather than as a notice. */
const isOnField = (error: unknown) =>
  isApiError(error) && error.status === 400 && (FIELDS as readonly string[]).includes(error.field ?? '');

export function AppleWalletSection(props: { code: string; mayWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(venueSettingsQueries.appleWallet(props.code));
  return (
    <section className="panel settings-section" aria-labelledby="settings-apple-wallet">
      <h2 id="settings-apple-wallet">{t('venueSettings.appleWallet.title')}</h2>
      <p className="field-hint">{t('venueSettings.appleWallet.lead')}</p>
      {query.isPending ? <Loading /> : null}
      <ProblemNotice error={query.error} />
      {query.data ? <AppleWalletFields {...props} settings={query.data} /> : null}
    </section>
  );
}

function AppleWalletFields(props: { code: string; mayWrite: boolean; settings: AppleWalletVenueSettings }) {
  const { t } = useTranslation();
  const form = useForm<FormValues, unknown, AppleWalletVenueSettingsBody>({
    defaultValues: toValues(props.settings),
    resolver: appleWalletResolver(t),
  });
  const isConfigured = props.settings.is_configured;
  const save = useSaveAppleWallet(props.code, props.settings, {
    onSuccess: (saved) => form.reset(toValues(saved)),
    onError: (error) => placeFieldError(error, form.setError, FIELDS, t),
  });
  const errors = form.formState.errors;
  const hasFieldError = Object.keys(errors).length > 0;
  const offers = save.data?.is_configured && save.data.is_enabled;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <fieldset className="settings-fields" disabled={!props.mayWrite}>
        <CheckboxField
          label={t('venueSettings.appleWallet.enabled')}
          hint={
            isConfigured ? undefined : t('venueSettings.appleWallet.notConfigured', { variables: REQUIRED_VARIABLES.join(', ') })
          }
          disabled={!isConfigured}
          aria-invalid={errors.is_enabled ? true : undefined}
          {...form.register('is_enabled')}
        />
        <FieldError id="settings-apple-wallet-enabled-error" message={errors.is_enabled?.message} />
        <FieldSet legend={t('venueSettings.appleWallet.location')} hint={t('venueSettings.appleWallet.locationHint')}>
          <div className="form-grid">
            <TextField
              label={t('venueSettings.appleWallet.latitude')}
              hint={t('venueSettings.appleWallet.latitudeHint')}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              error={errors.latitude?.message}
              {...form.register('latitude')}
            />
            <TextField
              label={t('venueSettings.appleWallet.longitude')}
              hint={t('venueSettings.appleWallet.longitudeHint')}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              error={errors.longitude?.message}
              {...form.register('longitude')}
            />
          </div>
        </FieldSet>
      </fieldset>
      <ProblemNotice error={isOnField(save.error) ? null : save.error} />
      {hasFieldError ? <Notice kind="error">{t('venueSettings.fixFields')}</Notice> : null}
      {save.isSuccess && !form.formState.isDirty ? (
        <Notice kind="success">{t(offers ? 'venueSettings.appleWallet.savedOn' : 'venueSettings.appleWallet.savedOff')}</Notice>
      ) : null}
      {props.mayWrite ? (
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('venueSettings.saveSection', { section: t('venueSettings.appleWallet.title') })}
          </button>
        </div>
      ) : null}
    </form>
  );
}
