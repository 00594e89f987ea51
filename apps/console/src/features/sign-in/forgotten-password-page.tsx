/** `/forgotten-password`: asks for a reset link. The answer is the same whether or not the account exists. */
import { PasswordResetRequestBody } from '@storefront/domain/console/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { paths } from '../../lib/paths.ts';
import { TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { useRequestPasswordReset } from './sign-in-api.ts';
import './sign-in.css';

export default function ForgottenPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(PasswordResetRequestBody, t), defaultValues: { email: '' } });
  const request = useRequestPasswordReset({
    onError: (error) => placeFieldError(error, form.setError, ['email'], t),
  });
  return (
    <Screen name="forgotten-password" title={t('reset.requestTitle')} narrow>
      {request.isSuccess ? (
        <Notice kind="success">{t('reset.requestSent')}</Notice>
      ) : (
        <form className="form" noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
          <p>{t('reset.requestIntro')}</p>
          <TextField
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <ProblemNotice error={form.formState.errors.email ? null : request.error} />
          <button type="submit" className="button button-primary button-block" disabled={request.isPending}>
            {t('reset.requestSubmit')}
          </button>
        </form>
      )}
      <p className="sign-in-links">
        <Link to={paths.signIn}>{t('reset.backToSignIn')}</Link>
      </p>
    </Screen>
  );
}
