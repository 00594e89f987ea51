/** Adding a passkey: a name to know it by, then the browser's own dialog (WebAuthn). */

import { type Passkey, RegisterPasskeyBody } from '@storefront/domain/console/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { TextField } from '../field.tsx';
import { Notice, ProblemNotice } from '../notice.tsx';
import { useAddPasskey } from './two-factor-api.ts';

const NameOnly = RegisterPasskeyBody.pick({ name: true });

/** The browser's refusal (the person cancelled, or no authenticator answered) is not a server problem. */
const isCeremonyCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || error.name === 'InvalidStateError');

export function PasskeySetup(props: { onAdded: (passkey: Passkey) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(NameOnly, t), defaultValues: { name: '' } });
  const add = useAddPasskey({
    onSuccess: (passkey) => props.onAdded(passkey),
    onError: (error) => {
      placeFieldError(error, form.setError, ['name'], t);
    },
  });
  const cancelled = add.error && isCeremonyCancelled(add.error);
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      <p>{t('passkey.intro')}</p>
      <TextField
        label={t('passkey.name')}
        hint={t('passkey.nameHint')}
        autoComplete="off"
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      {cancelled ? (
        <Notice kind="error">{t('passkey.cancelled')}</Notice>
      ) : (
        <ProblemNotice error={form.formState.errors.name ? null : add.error} />
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {t('passkey.add')}
        </button>
        {props.onCancel ? (
          <button type="button" className="button" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
