/** Changing the password: the current one, then the new one twice. */
import { ChangePasswordBody } from '@storefront/domain/console/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useChangePassword } from './account-api.ts';

const PasswordChangeForm = ChangePasswordBody.extend({ confirm: z.string() }).refine(
  (values) => values.new_password === values.confirm,
  { path: ['confirm'], error: 'must match' },
);

export function PasswordSection() {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(PasswordChangeForm, t, { confirm: 'validation.passwordsDiffer' }),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  });
  const change = useChangePassword({
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (isApiError(error) && (error.status === 401 || error.status === 403) && error.code !== 'not signed in') {
        form.setError('current_password', { type: 'server', message: t('account.wrongPassword') });
        return;
      }
      placeFieldError(error, form.setError, ['current_password', 'new_password'], t);
    },
  });
  const errors = form.formState.errors;
  const shownError = errors.current_password || errors.new_password ? null : change.error;
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          change.mutate({ current_password: values.current_password, new_password: values.new_password }),
        )}
      >
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <TextField
          label={t('password.new')}
          hint={t('password.rule')}
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        {change.isSuccess ? <Notice kind="success">{t('account.passwordChanged')}</Notice> : <ProblemNotice error={shownError} />}
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {t('account.changePassword')}
        </button>
      </form>
    </section>
  );
}
