/** The staff member's passkeys: when each was added and last used; add one, remove one. */
import type { Passkey } from '@storefront/domain/console/account';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { PasskeySetup } from '../../ui/two-factor/passkey-setup.tsx';
import { accountQueries, refreshPasskeys, useRemovePasskey } from './account-api.ts';

const column = columnsOf<Passkey>();

export function PasskeysSection() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const passkeys = useQuery(accountQueries.passkeys());
  const remove = useRemovePasskey({ onSuccess: () => setRemoving(null) });
  const closeRemoval = () => {
    setRemoving(null);
    remove.reset();
  };
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('passkey.name') }),
      column.accessor('created_at', { header: () => t('passkey.added'), cell: (info) => formatDateTime(info.getValue(), lang) }),
      column.accessor('last_used_at', {
        header: () => t('passkey.lastUsed'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('common.actions')}</span>,
        cell: (info) => (
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => setRemoving(info.row.original)}
            aria-label={t('passkey.removeNamed', { name: info.row.original.name })}
          >
            {t('passkey.remove')}
          </button>
        ),
      }),
    ],
    [t, lang],
  );
  // The server keeps the last second factor of an account that must have one, and says so.
  const isLastFactor = isApiError(remove.error) && remove.error.status === 409;
  return (
    <section className="panel" aria-labelledby="passkeys-title">
      <div className="panel-header">
        <h2 id="passkeys-title">{t('account.passkeys')}</h2>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t('passkey.add')}
        </button>
      </div>
      {passkeys.isPending ? <Loading /> : null}
      <ProblemNotice error={passkeys.error} />
      {passkeys.data ? (
        <DataTable
          caption={t('account.passkeysCaption')}
          isCaptionHidden
          columns={columns}
          data={passkeys.data.passkeys}
          rowId={(row) => String(row.id)}
          empty={t('passkey.none')}
        />
      ) : null}
      <Dialog isOpen={isAdding} title={t('passkey.add')} onClose={() => setAdding(false)}>
        <PasskeySetup
          onAdded={() => {
            setAdding(false);
            refreshPasskeys(queryClient);
          }}
          onCancel={() => setAdding(false)}
        />
      </Dialog>
      <Dialog isOpen={removing !== null} title={t('passkey.removeTitle')} onClose={closeRemoval}>
        <div className="form">
          <p>{t('passkey.removeText', { name: removing?.name ?? '' })}</p>
          {isLastFactor ? <Notice kind="error">{t('passkey.lastFactor')}</Notice> : <ProblemNotice error={remove.error} />}
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending || isLastFactor}
              onClick={() => removing && remove.mutate(removing)}
            >
              {t('passkey.removeConfirm')}
            </button>
            <button type="button" className="button" onClick={closeRemoval}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
