/** `/password-reset#<token>`: a new password from the link a reset mail gave. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { linkToken, NEW_PASSWORD_MESSAGES, NewPasswordForm } from '../../lib/passwords.ts';
import { paths } from '../../lib/paths.ts';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { useCompletePasswordReset } from './sign-in-api.ts';
import './sign-in.css';

export default function PasswordResetPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [token] = useState(() => linkToken(location.hash));
  const form = useForm({
    resolver: contractResolver(NewPasswordForm, t, NEW_PASSWORD_MESSAGES),
    defaultValues: { password: '', confirm: '' },
  });
  const complete = useCompletePasswordReset();
  const isLinkDead = isApiError(complete.error) && (complete.error.status === 404 || complete.error.field === 'token');

  let body: React.ReactNode;
  if (!token || isLinkDead) {
    body = (
      <>
        <Notice kind="error">{t('reset.linkInvalid')}</Notice>
        <p>
          <Link to={paths.forgottenPassword}>{t('reset.askAgain')}</Link>
        </p>
      </>
    );
  } else if (complete.isSuccess) {
    body = (
      <>
        <Notice kind="success">{t('reset.done')}</Notice>
        <p>
          <Link to={paths.signIn} className="button button-primary">
            {t('reset.backToSignIn')}
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => complete.mutate({ token, password: values.password }))}
      >
        <NewPasswordFields form={form} />
        <ProblemNotice error={complete.error} />
        <button type="submit" className="button button-primary button-block" disabled={complete.isPending}>
          {t('reset.submit')}
        </button>
      </form>
    );
  }
  return (
    <Screen name="password-reset" title={t('reset.title')} narrow>
      {body}
    </Screen>
  );
}
