/**
 * A venue's Google Wallet passes (decision 028): whether its tickets offer "Add to Google
 * Wallet". Saved on its own (`GET`/`PUT venues/:venue/google-wallet`), read-only without
 * `catalogue:write`. The switch waits for the deployment's issuer account, which only the
 * server's operator can set; the server refuses turning passes on without one (409).
 */
import { type GoogleWalletVenueSettings, GoogleWalletVenueSettingsBody } from '@storefront/domain/console/google-wallet';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { CheckboxField, FieldError } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useSaveGoogleWallet, venueSettingsQueries } from './venue-settings-api.ts';

/** What the operator sets before any venue can offer passes (README, decision 028). */
const VARIABLES = {
  issuer: 'GOOGLE_WALLET_ISSUER_ID',
  key: 'GOOGLE_WALLET_SERVICE_ACCOUNT_KEY',
  clientEmail: 'GOOGLE_WALLET_CLIENT_EMAIL',
  privateKey: 'GOOGLE_WALLET_PRIVATE_KEY',
};

const isConflict = (error: unknown) => isApiError(error) && error.status === 409;
const isOnField = (error: unknown) => isApiError(error) && error.status === 400 && error.field === 'is_enabled';

export function GoogleWalletSection(props: { code: string; mayWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(venueSettingsQueries.googleWallet(props.code));
  return (
    <section className="panel settings-section" aria-labelledby="settings-google-wallet">
      <h2 id="settings-google-wallet">{t('venueSettings.googleWallet.title')}</h2>
      <p className="field-hint">{t('venueSettings.googleWallet.lead')}</p>
      {query.isPending ? <Loading /> : null}
      <ProblemNotice error={query.error} />
      {query.data ? <GoogleWalletFields {...props} settings={query.data} /> : null}
    </section>
  );
}

function GoogleWalletFields(props: { code: string; mayWrite: boolean; settings: GoogleWalletVenueSettings }) {
  const { t } = useTranslation();
  const form = useForm<GoogleWalletVenueSettingsBody>({
    defaultValues: { is_enabled: props.settings.is_enabled },
    resolver: contractResolver(GoogleWalletVenueSettingsBody, t),
  });
  const isConfigured = props.settings.is_configured;
  const save = useSaveGoogleWallet(props.code, {
    onSuccess: (saved) => form.reset({ is_enabled: saved.is_enabled }),
    onError: (error) => {
      if (isConflict(error)) {
        // The deployment has no issuer after all: the switch goes back and shows why.
        form.reset({ is_enabled: props.settings.is_enabled });
        return;
      }
      placeFieldError(error, form.setError, ['is_enabled'], t);
    },
  });
  const error = form.formState.errors.is_enabled?.message;
  const offers = save.data?.is_configured && save.data.is_enabled;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <fieldset className="settings-fields" disabled={!props.mayWrite}>
        <CheckboxField
          label={t('venueSettings.googleWallet.enabled')}
          hint={isConfigured ? undefined : t('venueSettings.googleWallet.notConfigured', VARIABLES)}
          disabled={!isConfigured}
          aria-invalid={error ? true : undefined}
          {...form.register('is_enabled')}
        />
        <FieldError id="settings-google-wallet-enabled-error" message={error} />
      </fieldset>
      {isConflict(save.error) ? (
        <Notice kind="error">{t('venueSettings.googleWallet.conflict')}</Notice>
      ) : (
        <ProblemNotice error={isOnField(save.error) ? null : save.error} />
      )}
      {save.isSuccess && !form.formState.isDirty ? (
        <Notice kind="success">{t(offers ? 'venueSettings.googleWallet.savedOn' : 'venueSettings.googleWallet.savedOff')}</Notice>
      ) : null}
      {/* Without an issuer there is nothing here the venue can change. */}
      {props.mayWrite && isConfigured ? (
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('venueSettings.saveSection', { section: t('venueSettings.googleWallet.title') })}
          </button>
        </div>
      ) : null}
    </form>
  );
}
