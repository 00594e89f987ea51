/**
 * `/sign-in`: e-mail and password, or a passkey alone; then, at the second-factor stage, a code
 * from the authenticator app, a recovery code or a passkey. Signed in, the staff member goes on
 * to `next` (or to enrolment first when a second factor must be set up).
 */
import {
  type ConsoleSession,
  PasswordSignInBody,
  RecoveryCodeBody,
  type SecondFactor,
  TotpBody,
} from '@storefront/domain/console/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { paths, safeNext, withNext } from '../../lib/paths.ts';
import { useSessionQuery } from '../../lib/session.ts';
import { TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { isCeremonyCancelled, useCodeSignIn, usePasskeySignIn, usePasswordSignIn, useStartSignInAgain } from './sign-in-api.ts';
import './sign-in.css';

export default function SignInPage() {
  const { t } = useTranslation();
  const session = useSessionQuery();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  if (session.isPending) return <Loading />;
  const current = session.data ?? null;
  if (current?.stage === 'signed_in') return <Navigate to={next} replace />;
  if (current?.stage === 'enrolment') return <Navigate to={withNext(paths.enrolment, next)} replace />;
  if (current?.stage === 'second_factor') {
    return (
      <Screen name="sign-in-second-factor" title={t('signIn.secondFactorTitle')} narrow>
        <SecondFactorStep session={current} />
      </Screen>
    );
  }
  return (
    <Screen name="sign-in" title={t('signIn.title')} narrow>
      {session.isError ? <ProblemNotice error={session.error} /> : null}
      <PasswordStep />
    </Screen>
  );
}

/** A failed step's text: a wrong password or code says so, without telling which part was wrong. */
function failureText(error: unknown, t: (key: string) => string, wrong: string): string | null {
  if (!error) return null;
  if (isCeremonyCancelled(error)) return t('signIn.passkeyCancelled');
  if (isApiError(error) && error.status === 401 && error.code === 'sign-in failed') return t(wrong);
  return null;
}

function PasswordStep() {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(PasswordSignInBody, t), defaultValues: { email: '', password: '' } });
  const password = usePasswordSignIn({
    onError: (error) => placeFieldError(error, form.setError, ['email', 'password'], t),
  });
  const passkey = usePasskeySignIn();
  // Only the way tried last speaks: a refused passkey is not a wrong password, nor the other way round.
  const error = password.error ?? passkey.error;
  const wrong = password.error
    ? failureText(password.error, t, 'signIn.wrongPassword')
    : failureText(passkey.error, t, 'signIn.passkeyRefused');
  const isBusy = password.isPending || passkey.isPending;
  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          passkey.reset();
          password.mutate(values);
        })}
        aria-label={t('signIn.withPassword')}
      >
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        {wrong ? (
          <Notice kind="error">{wrong}</Notice>
        ) : (
          <ProblemNotice error={isApiError(error) && error.status === 400 ? null : error} />
        )}
        <button type="submit" className="button button-primary button-block" disabled={isBusy}>
          {t('signIn.submit')}
        </button>
      </form>
      <p className="or-divider">
        <span>{t('signIn.or')}</span>
      </p>
      <button
        type="button"
        className="button button-block"
        disabled={isBusy}
        onClick={() => {
          password.reset();
          passkey.mutate();
        }}
      >
        {t('signIn.withPasskey')}
      </button>
      <p className="sign-in-links">
        <Link to={paths.forgottenPassword}>{t('signIn.forgotten')}</Link>
      </p>
    </>
  );
}

const FACTOR_ORDER: SecondFactor[] = ['totp', 'passkey', 'recovery_code'];

function SecondFactorStep(props: { session: ConsoleSession }) {
  const { t } = useTranslation();
  const factors = FACTOR_ORDER.filter((factor) => props.session.second_factors.includes(factor));
  const [factor, setFactor] = useState<SecondFactor>(factors[0] ?? 'recovery_code');
  const restart = useStartSignInAgain();
  return (
    <div className="second-factor">
      <p>{t('signIn.secondFactorIntro', { email: props.session.staff.email })}</p>
      {factor === 'totp' ? <CodeStep kind="totp" /> : null}
      {factor === 'recovery_code' ? <CodeStep kind="recovery_code" /> : null}
      {factor === 'passkey' ? <PasskeyStep /> : null}
      {factors.length > 1 ? (
        <div className="other-factors">
          <p className="field-hint">{t('signIn.otherWays')}</p>
          <ul>
            {factors
              .filter((other) => other !== factor)
              .map((other) => (
                <li key={other}>
                  <button type="button" className="button button-link" onClick={() => setFactor(other)}>
                    {t(`signIn.use.${other}`)}
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      <p className="sign-in-links">
        <button type="button" className="button button-link" onClick={() => restart.mutate()}>
          {t('signIn.startAgain')}
        </button>
      </p>
    </div>
  );
}

function CodeStep(props: { kind: 'totp' | 'recovery_code' }) {
  const { t } = useTranslation();
  const isTotp = props.kind === 'totp';
  const form = useForm({
    resolver: contractResolver(isTotp ? TotpBody : RecoveryCodeBody, t, { code: 'validation.totpCode' }),
    defaultValues: { code: '' },
  });
  const submit = useCodeSignIn(props.kind, {
    onError: (error) => placeFieldError(error, form.setError, ['code'], t),
  });
  const wrong = failureText(submit.error, t, isTotp ? 'signIn.wrongCode' : 'signIn.wrongRecoveryCode');
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
      <TextField
        label={isTotp ? t('signIn.totpCode') : t('signIn.recoveryCode')}
        hint={isTotp ? t('signIn.totpHint') : t('signIn.recoveryHint')}
        inputMode={isTotp ? 'numeric' : 'text'}
        autoComplete={isTotp ? 'one-time-code' : 'off'}
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {wrong ? (
        <Notice kind="error">{wrong}</Notice>
      ) : (
        <ProblemNotice error={isApiError(submit.error) && submit.error.status === 400 ? null : submit.error} />
      )}
      <button type="submit" className="button button-primary button-block" disabled={submit.isPending}>
        {t('signIn.verify')}
      </button>
    </form>
  );
}

function PasskeyStep() {
  const { t } = useTranslation();
  const passkey = usePasskeySignIn();
  const wrong = failureText(passkey.error, t, 'signIn.passkeyRefused');
  return (
    <div className="form">
      <p>{t('signIn.passkeyIntro')}</p>
      {wrong ? <Notice kind="error">{wrong}</Notice> : <ProblemNotice error={passkey.error} />}
      <button
        type="button"
        className="button button-primary button-block"
        disabled={passkey.isPending}
        onClick={() => passkey.mutate()}
      >
        {t('signIn.usePasskey')}
      </button>
    </div>
  );
}
