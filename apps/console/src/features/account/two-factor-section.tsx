/** The authenticator app (on or off) and the recovery codes (how many are left; new ones). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateSession, useSession } from '../../lib/session.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RecoveryCodesShown } from '../../ui/two-factor/recovery-codes.tsx';
import { TotpSetup } from '../../ui/two-factor/totp-setup.tsx';
import { useRegenerateRecoveryCodes, useRemoveTotp } from './account-api.ts';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';

type Open = 'none' | 'totp-setup' | 'totp-remove' | 'regenerate';

export function TwoFactorSection() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>('none');
  const [codes, setCodes] = useState<string[] | null>(null);
  const refreshSession = () => invalidateSession(queryClient);

  const remove = useRemoveTotp({ onSuccess: () => setOpen('none') });
  const regenerate = useRegenerateRecoveryCodes({
    onSuccess: (answer) => {
      setOpen('none');
      setCodes(answer.codes);
    },
  });
  const { staff } = session;
  return (
    <section className="panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('account.twoFactor')}</h2>
      {staff.requires_two_factor ? (
        <p className="field-hint">{t(staff.is_owner ? 'account.twoFactorRequiredOwner' : 'account.twoFactorRequired')}</p>
      ) : null}
      {codes ? (
        <RecoveryCodesShown
          codes={codes}
          doneLabel={t('common.done')}
          onDone={() => {
            setCodes(null);
            void refreshSession();
          }}
        />
      ) : (
        <dl className="facts">
          <dt>{t('account.totp')}</dt>
          <dd>
            <span className={`badge ${staff.has_totp ? 'badge-success' : 'badge-muted'}`}>
              {staff.has_totp ? t('common.on') : t('common.off')}
            </span>{' '}
            {staff.has_totp ? (
              <button type="button" className="button button-small" onClick={() => setOpen('totp-remove')}>
                {t('account.totpOff')}
              </button>
            ) : (
              <button type="button" className="button button-small" onClick={() => setOpen('totp-setup')}>
                {t('account.totpOn')}
              </button>
            )}
          </dd>
          <dt>{t('account.recoveryCodes')}</dt>
          <dd>
            {t('account.recoveryLeft', { count: staff.recovery_codes_left })}{' '}
            <button type="button" className="button button-small" onClick={() => setOpen('regenerate')}>
              {t('account.regenerate')}
            </button>
          </dd>
        </dl>
      )}
      {remove.isSuccess && !staff.has_totp ? <Notice kind="success">{t('account.totpRemoved')}</Notice> : null}
      <Dialog isOpen={open === 'totp-setup'} title={t('account.totpOn')} onClose={() => setOpen('none')} wide>
        <TotpSetup
          onConfirmed={(newCodes) => {
            setOpen('none');
            setCodes(newCodes);
          }}
          onCancel={() => setOpen('none')}
        />
      </Dialog>
      <PasswordConfirmDialog
        isOpen={open === 'totp-remove'}
        title={t('account.totpOff')}
        text={t('account.totpOffText')}
        submitLabel={t('account.totpOff')}
        isPending={remove.isPending}
        error={remove.error}
        onSubmit={(password) => remove.mutate({ password })}
        onClose={() => {
          remove.reset();
          setOpen('none');
        }}
      />
      <PasswordConfirmDialog
        isOpen={open === 'regenerate'}
        title={t('account.regenerate')}
        text={t('account.regenerateText')}
        submitLabel={t('account.regenerate')}
        isPending={regenerate.isPending}
        error={regenerate.error}
        onSubmit={(password) => regenerate.mutate({ password })}
        onClose={() => {
          regenerate.reset();
          setOpen('none');
        }}
      />
    </section>
  );
}
