/** Where the staff member is signed in, with a way to end any of those sessions. */
import type { AccountSession } from '@storefront/domain/console/account';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { accountQueries, useEndSession } from './account-api.ts';

/** A readable name for a browser from its user agent: enough to tell one's own devices apart. */
function describeAgent(agent: string | null): string {
  if (!agent) return '—';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(agent)
    ? 'iOS'
    : /Android/.test(agent)
      ? 'Android'
      : /Mac OS X/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} · ${system}` : agent.slice(0, 60);
}

const column = columnsOf<AccountSession>();

export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const navigate = useNavigate();
  const sessions = useQuery(accountQueries.sessions());
  const end = useEndSession({
    onSuccess: (_answer, session) => {
      if (session.is_current) void navigate(paths.signIn, { replace: true });
    },
  });
  const columns = useMemo(
    () => [
      column.accessor('user_agent', {
        header: () => t('account.device'),
        cell: (info) => (
          <span title={info.getValue() ?? undefined}>
            {describeAgent(info.getValue())}
            {info.row.original.is_current ? ' ' : null}
            {info.row.original.is_current ? <span className="badge badge-info">{t('account.thisSession')}</span> : null}
          </span>
        ),
      }),
      column.accessor('client_ip', { header: () => t('account.address'), cell: (info) => info.getValue() ?? '—' }),
      column.accessor('created_at', {
        header: () => t('account.signedInAt'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      column.accessor('last_seen_at', {
        header: () => t('account.lastSeen'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('common.actions')}</span>,
        cell: (info) => (
          <button
            type="button"
            className="button button-small"
            disabled={end.isPending}
            onClick={() => end.mutate(info.row.original)}
            aria-label={t('account.endSessionOf', { device: describeAgent(info.row.original.user_agent) })}
          >
            {info.row.original.is_current ? t('nav.signOut') : t('account.endSession')}
          </button>
        ),
      }),
    ],
    [t, lang, end],
  );
  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('account.sessions')}</h2>
      {sessions.isPending ? <Loading /> : null}
      <ProblemNotice error={sessions.error ?? end.error} />
      {sessions.data ? (
        <DataTable
          caption={t('account.sessionsCaption')}
          isCaptionHidden
          columns={columns}
          data={sessions.data.sessions}
          rowId={(row) => row.id}
          empty={t('account.noSessions')}
        />
      ) : null}
    </section>
  );
}
