/**
 * `/invitation#<token>`: the invited staff member sets a password and is signed in, usually to
 * enrol a second factor next.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { isLanguageCode } from '../../lib/i18n/i18n.ts';
import { linkToken, NEW_PASSWORD_MESSAGES, NewPasswordForm } from '../../lib/passwords.ts';
import { paths } from '../../lib/paths.ts';
import { TextField } from '../../ui/field.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { invitationQueries, useAcceptInvitation } from './invitation-api.ts';

export default function InvitationPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => linkToken(location.hash));
  const invitation = useQuery(invitationQueries.one(token));
  const form = useForm({
    resolver: contractResolver(NewPasswordForm, t, NEW_PASSWORD_MESSAGES),
    defaultValues: { password: '', confirm: '' },
  });
  const accept = useAcceptInvitation(token, {
    onSuccess: (session) => {
      void navigate(session.stage === 'enrolment' ? paths.enrolment : paths.start, { replace: true });
    },
  });

  // The invitation's language, unless this browser has chosen one already.
  const language = invitation.data?.language;
  useEffect(() => {
    if (isLanguageCode(language) && !window.localStorage.getItem('console-language')) void i18n.changeLanguage(language);
  }, [language, i18n]);

  const isDead =
    token === null ||
    (isApiError(invitation.error) && invitation.error.status !== null && invitation.error.status < 500) ||
    (isApiError(accept.error) && (accept.error.status === 404 || accept.error.field === 'token'));
  let body: React.ReactNode;
  if (isDead) {
    body = (
      <>
        <Notice kind="error">{t('invitation.invalid')}</Notice>
        <p>
          <Link to={paths.signIn}>{t('reset.backToSignIn')}</Link>
        </p>
      </>
    );
  } else if (invitation.isPending) {
    body = <Loading />;
  } else if (invitation.isError) {
    body = <ProblemNotice error={invitation.error} />;
  } else {
    body = (
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => accept.mutate(values.password))}>
        <p>{t('invitation.welcome', { name: invitation.data.name })}</p>
        <TextField label={t('signIn.email')} type="email" value={invitation.data.email} readOnly autoComplete="username" />
        <NewPasswordFields form={form} />
        <ProblemNotice error={accept.error} />
        <button type="submit" className="button button-primary button-block" disabled={accept.isPending}>
          {t('invitation.submit')}
        </button>
      </form>
    );
  }
  return (
    <Screen name="invitation" title={t('invitation.title')} narrow>
      {body}
    </Screen>
  );
}
