/** A new password typed twice, as setting one from an invitation or a reset link asks for it. */
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewPasswordForm } from '../lib/passwords.ts';
import { TextField } from './field.tsx';

export function NewPasswordFields({ form }: { form: UseFormReturn<NewPasswordForm> }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label={t('password.new')}
        hint={t('password.rule')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
    </>
  );
}
