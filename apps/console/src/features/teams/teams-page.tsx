/** `/teams` (organisation right `staff:manage`): each team's venues, rights, two-factor rule and members. */
import type { Team } from '@storefront/domain/console/staff';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { hasOrganisationRight, useSession } from '../../lib/session.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { teamQueries, useRemoveTeam, venueName } from './teams-api.ts';

const column = columnsOf<Team>();

export default function TeamsPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!hasOrganisationRight(session, 'staff:manage')) {
    return (
      <Screen name="teams" title={t('teams.title')}>
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      </Screen>
    );
  }
  return <TeamList />;
}

function TeamList() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const teams = useQuery(teamQueries.list());
  const venues = useQuery(teamQueries.venues());
  const remove = useRemoveTeam();
  const venueNames = useMemo(
    () => new Map((venues.data?.venues ?? []).map((venue) => [venue.id, venueName(venue, lang)])),
    [venues.data, lang],
  );
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: () => t('teams.name'),
        cell: (info) => <Link to={paths.team(info.row.original.id)}>{info.getValue()}</Link>,
      }),
      column.accessor('venue_ids', {
        header: () => t('teams.venues'),
        cell: (info) =>
          info.row.original.all_venues
            ? t('teams.allVenues')
            : info
                .getValue()
                .map((id) => venueNames.get(id) ?? `#${id}`)
                .join(', ') || '—',
      }),
      column.accessor('rights', {
        header: () => t('teams.rights'),
        cell: (info) => (
          <ul className="inline-list">
            {info.getValue().map((right) => (
              <li key={right}>
                <code>{right}</code>
              </li>
            ))}
          </ul>
        ),
      }),
      column.accessor('requires_two_factor', {
        header: () => t('teams.twoFactor'),
        cell: (info) => (info.getValue() ? t('common.required') : t('common.optional')),
      }),
      column.accessor('member_ids', { header: () => t('teams.members'), cell: (info) => info.getValue().length }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('common.actions')}</span>,
        cell: (info) =>
          info.row.original.member_ids.length === 0 ? (
            <button
              type="button"
              className="button button-small button-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(info.row.original)}
              aria-label={t('teams.deleteNamed', { name: info.row.original.name })}
            >
              {t('teams.delete')}
            </button>
          ) : null,
      }),
    ],
    [t, venueNames, remove],
  );
  return (
    <Screen
      name="teams"
      title={t('teams.title')}
      actions={
        <Link to={paths.newTeam} className="button button-primary">
          {t('teams.new')}
        </Link>
      }
    >
      <ProblemNotice error={teams.error ?? remove.error} />
      {teams.isPending ? <Loading /> : null}
      {teams.data ? (
        <DataTable
          caption={t('teams.caption', { count: teams.data.teams.length })}
          columns={columns}
          data={teams.data.teams}
          rowId={(row) => String(row.id)}
          empty={t('teams.none')}
        />
      ) : null}
    </Screen>
  );
}
