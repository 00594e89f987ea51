/**
 * `/staff` (organisation right `staff:manage`): every staff member with their status, teams,
 * second factors and last sign-in; invite, change teams, deactivate and reactivate, resend an
 * invitation, send a password reset.
 */
import type { StaffMember, Team } from '@storefront/domain/console/staff';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { hasOrganisationRight, useSession } from '../../lib/session.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { DisclosureMenu } from '../../ui/disclosure-menu.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { EditStaffDialog } from './edit-staff-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { type StaffAction, staffQueries, useStaffAction } from './staff-api.ts';
import './staff.css';

const column = columnsOf<StaffMember>();

export default function StaffPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!hasOrganisationRight(session, 'staff:manage')) {
    return (
      <Screen name="staff" title={t('staff.title')}>
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      </Screen>
    );
  }
  return <StaffList />;
}

function StaffList() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const session = useSession();
  const staff = useQuery(staffQueries.list());
  const teams = useQuery(staffQueries.teams());
  const [isInviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const act = useStaffAction({
    onSuccess: (_answer, { member, action }) => setDone(t(`staff.done.${action}`, { name: member.name, email: member.email })),
  });

  const teamNames = useMemo(() => new Map((teams.data?.teams ?? []).map((team: Team) => [team.id, team.name])), [teams.data]);
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: () => t('staff.name'),
        cell: (info) => (
          <>
            {info.getValue()}
            {info.row.original.is_owner ? ' ' : null}
            {info.row.original.is_owner ? <span className="badge badge-info">{t('staff.owner')}</span> : null}
          </>
        ),
      }),
      column.accessor('email', { header: () => t('staff.email') }),
      column.accessor('status', {
        header: () => t('staff.status'),
        cell: (info) => <span className={`badge badge-status-${info.getValue()}`}>{t(`staff.statuses.${info.getValue()}`)}</span>,
      }),
      column.accessor('team_ids', {
        header: () => t('staff.teams'),
        cell: (info) =>
          info
            .getValue()
            .map((id) => teamNames.get(id) ?? `#${id}`)
            .join(', ') || '—',
      }),
      column.accessor('has_two_factor', {
        header: () => t('staff.twoFactor'),
        cell: (info) => (info.getValue() ? t('common.yes') : t('common.no')),
      }),
      column.accessor('last_sign_in_at', {
        header: () => t('staff.lastSignIn'),
        cell: (info) => (info.getValue() ? formatDateTime(info.getValue(), lang) : t('staff.never')),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('common.actions')}</span>,
        cell: (info) => {
          const member = info.row.original;
          const isSelf = member.id === session.staff.id;
          const run = (close: () => void, action: StaffAction) => {
            close();
            act.mutate({ member, action });
          };
          return (
            <DisclosureMenu
              isFixed
              align="end"
              label={t('common.actions')}
              accessibleLabel={t('staff.actionsFor', { name: member.name })}
            >
              {(close) => (
                <ul className="menu-list">
                  <li>
                    <button
                      type="button"
                      className="menu-item"
                      onClick={() => {
                        close();
                        setEditing(member);
                      }}
                    >
                      {t('staff.edit')}
                    </button>
                  </li>
                  {member.status === 'invited' ? (
                    <li>
                      <MenuAction label={t('staff.resend')} onClick={() => run(close, 'invitation')} />
                    </li>
                  ) : null}
                  {member.status === 'active' ? (
                    <li>
                      <MenuAction label={t('staff.sendReset')} onClick={() => run(close, 'password-reset')} />
                    </li>
                  ) : null}
                  {member.status !== 'deactivated' && !isSelf && !member.is_owner ? (
                    <li>
                      <MenuAction label={t('staff.deactivate')} onClick={() => run(close, 'deactivate')} />
                    </li>
                  ) : null}
                  {member.status === 'deactivated' ? (
                    <li>
                      <MenuAction label={t('staff.reactivate')} onClick={() => run(close, 'reactivate')} />
                    </li>
                  ) : null}
                </ul>
              )}
            </DisclosureMenu>
          );
        },
      }),
    ],
    [t, lang, teamNames, session.staff.id, act],
  );

  return (
    <Screen
      name="staff"
      title={t('staff.title')}
      actions={
        <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
          {t('staff.invite')}
        </button>
      }
    >
      {done ? <Notice kind="success">{done}</Notice> : null}
      <ProblemNotice error={staff.error ?? teams.error ?? act.error} />
      {staff.isPending ? <Loading /> : null}
      {staff.data ? (
        <DataTable
          caption={t('staff.caption', { count: staff.data.staff.length })}
          columns={columns}
          data={staff.data.staff}
          rowId={(row) => String(row.id)}
          empty={t('staff.none')}
        />
      ) : null}
      <InviteDialog
        isOpen={isInviting}
        teams={teams.data?.teams ?? []}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          setDone(t('staff.invited', { email }));
        }}
      />
      {editing ? (
        <EditStaffDialog
          member={editing}
          teams={teams.data?.teams ?? []}
          onClose={() => setEditing(null)}
          onSaved={(member) => {
            setEditing(null);
            setDone(t('staff.saved', { name: member.name }));
          }}
        />
      ) : null}
    </Screen>
  );
}

function MenuAction(props: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="menu-item" onClick={props.onClick}>
      {props.label}
    </button>
  );
}
