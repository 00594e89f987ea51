/**
 * Setting up an authenticator app: a new secret as a QR code and as text, then the six digits it
 * shows to confirm. The server answers the confirmation with recovery codes, shown once.
 */
import { ConfirmTotpBody } from '@storefront/domain/console/account';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { TextField } from '../field.tsx';
import { Loading, ProblemNotice } from '../notice.tsx';
import { groupedSecret, QrImage } from './qr-image.tsx';
import { totpEnrolmentQuery, useConfirmTotp } from './two-factor-api.ts';
import './two-factor.css';

export function TotpSetup(props: { onConfirmed: (codes: string[]) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const enrolment = useQuery(totpEnrolmentQuery());
  const form = useForm({
    resolver: contractResolver(ConfirmTotpBody, t, { code: 'validation.totpCode' }),
    defaultValues: { code: '' },
  });
  const confirm = useConfirmTotp({
    onSuccess: (answer) => props.onConfirmed(answer.codes),
    onError: (error) => {
      if (placeFieldError(error, form.setError, ['code'], t)) return;
    },
  });

  if (enrolment.isPending) return <Loading />;
  if (enrolment.isError) return <ProblemNotice error={enrolment.error} />;
  const { secret, uri } = enrolment.data;
  const wrongCode = confirm.error && !form.formState.errors.code ? confirm.error : null;
  return (
    <div className="totp-setup">
      <ol className="steps">
        <li>{t('totp.stepInstall')}</li>
        <li>
          {t('totp.stepScan')}
          <div className="totp-secret">
            <QrImage value={uri} alt={t('totp.qrAlt')} />
            <div>
              <p className="field-hint">{t('totp.typeInstead')}</p>
              <code className="secret">{groupedSecret(secret)}</code>
            </div>
          </div>
        </li>
        <li>{t('totp.stepCode')}</li>
      </ol>
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
        <TextField
          label={t('totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <ProblemNotice error={wrongCode} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>
            {t('totp.confirm')}
          </button>
          {props.onCancel ? (
            <button type="button" className="button" onClick={props.onCancel}>
              {t('common.cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
