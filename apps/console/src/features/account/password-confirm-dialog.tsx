/** Turning off a factor or replacing recovery codes asks for the password again. */
import { PasswordConfirmationBody } from '@storefront/domain/console/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';

export function PasswordConfirmDialog(props: {
  isOpen: boolean;
  title: string;
  text: string;
  submitLabel: string;
  isPending: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(PasswordConfirmationBody, t), defaultValues: { password: '' } });
  const isWrong =
    isApiError(props.error) && (props.error.status === 401 || props.error.status === 403) && props.error.code !== 'not signed in';
  const close = () => {
    form.reset();
    props.onClose();
  };
  return (
    <Dialog isOpen={props.isOpen} title={props.title} onClose={close}>
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => props.onSubmit(values.password))}>
        <p>{props.text}</p>
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message ?? (isWrong ? t('account.wrongPassword') : undefined)}
          {...form.register('password')}
        />
        <ProblemNotice error={isWrong ? null : props.error} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={props.isPending}>
            {props.submitLabel}
          </button>
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
