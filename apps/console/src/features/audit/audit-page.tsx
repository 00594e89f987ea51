/**
 * `/audit` (organisation right `audit:read`) and `/venues/:code/audit` (the right at that venue):
 * who changed what, where and when, newest first, filtered by venue, actor, action, object type
 * and days, older entries loaded on demand.
 */
import type { AuditEntry } from '@storefront/domain/console/audit';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { hasOrganisationRight, hasVenueRight, useSession, venueOf } from '../../lib/session.ts';
import { staffListQuery } from '../../lib/staff-queries.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { auditQueries } from './audit-api.ts';
import { type AuditFilters, describeChange, filtersFromSearch, searchFromFilters } from './audit-filters.ts';
import '../../ui/filters.css';
import './audit.css';

const column = columnsOf<AuditEntry>();

export default function AuditPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { code } = useParams();
  const venue = code ? venueOf(session, code) : null;
  if (code && !venue) {
    return (
      <Screen name="venue-not-found" title={t('problem.notFoundTitle')}>
        <p>{t('problem.notFound')}</p>
      </Screen>
    );
  }
  const mayRead = venue ? hasVenueRight(session, venue, 'audit:read') : hasOrganisationRight(session, 'audit:read');
  if (!mayRead) {
    return (
      <Screen name="audit" title={t('audit.title')}>
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      </Screen>
    );
  }
  return <AuditLog fixedVenue={venue?.code ?? null} venueName={venue?.name ?? null} />;
}

function AuditLog(props: { fixedVenue: string | null; venueName: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search, props.fixedVenue);
  const log = useInfiniteQuery(auditQueries.log(props.fixedVenue, filters));
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  const columns = useMemo(
    () => [
      column.accessor('at', {
        header: () => t('audit.at'),
        cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue(), lang)}</time>,
      }),
      column.accessor('actor_label', {
        header: () => t('audit.actor'),
        cell: (info) => {
          const entry = info.row.original;
          if (entry.actor_type !== 'staff' || entry.actor_id === null)
            return `${info.getValue()} (${t(`audit.actorTypes.${entry.actor_type}`)})`;
          const next = new URLSearchParams(search);
          next.set('actor_id', String(entry.actor_id));
          return (
            <Link to={{ search: next.toString() }} title={t('audit.onlyThisActor')}>
              {info.getValue()}
            </Link>
          );
        },
      }),
      column.accessor('venue_code', {
        header: () => t('audit.venue'),
        cell: (info) => info.getValue() ?? t('audit.organisation'),
      }),
      column.accessor('action', { header: () => t('audit.action'), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('object_type', {
        header: () => t('audit.object'),
        cell: (info) => (
          <>
            <code>{info.getValue()}</code>
            {info.row.original.object_id ? ` #${info.row.original.object_id}` : ''}
          </>
        ),
      }),
      column.accessor('changes', { header: () => t('audit.changes'), cell: (info) => <Changes changes={info.getValue()} /> }),
      column.accessor('client_ip', { header: () => t('audit.address'), cell: (info) => info.getValue() ?? '—' }),
    ],
    [t, lang, search],
  );
  const title = props.venueName ? t('audit.venueTitle', { venue: props.venueName }) : t('audit.title');
  return (
    <Screen name="audit" title={title}>
      <FilterForm
        key={search.toString()}
        filters={filters}
        fixedVenue={props.fixedVenue}
        onApply={(next) => setSearch(searchFromFilters(next, props.fixedVenue))}
      />
      <ProblemNotice error={log.error} />
      {log.isPending ? <Loading /> : null}
      {log.data ? (
        <>
          <DataTable
            caption={t('audit.caption', { count: entries.length })}
            columns={columns}
            data={entries}
            rowId={(row) => String(row.id)}
            empty={t('audit.none')}
          />
          <div className="button-row paging">
            {log.hasNextPage ? (
              <button type="button" className="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {log.isFetchingNextPage ? t('common.loading') : t('audit.older')}
              </button>
            ) : entries.length > 0 ? (
              <p className="field-hint">{t('audit.end')}</p>
            ) : null}
          </div>
        </>
      ) : null}
    </Screen>
  );
}

function Changes(props: { changes: Record<string, unknown> }) {
  const keys = Object.keys(props.changes);
  if (keys.length === 0) return <span aria-hidden="true">—</span>;
  return (
    <dl className="changes">
      {keys.map((key) => {
        const change = describeChange(props.changes[key]);
        return (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              {change.kind === 'pair' ? (
                <>
                  <span className="change-from">{change.from}</span> <span aria-hidden="true">→</span>
                  <span className="visually-hidden">→</span> <span className="change-to">{change.to}</span>
                </>
              ) : change.text.includes('\n') ? (
                <pre>{change.text}</pre>
              ) : (
                change.text
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function FilterForm(props: { filters: AuditFilters; fixedVenue: string | null; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const mayListStaff = hasOrganisationRight(session, 'staff:manage');
  const staff = useQuery({ ...staffListQuery(), enabled: mayListStaff });
  const form = useForm<AuditFilters>({ defaultValues: props.filters });
  const errors = form.formState.errors;
  const clear = () => {
    const empty: AuditFilters = { venue: props.fixedVenue ?? '', actor_id: '', action: '', object_type: '', from: '', to: '' };
    form.reset(empty);
    props.onApply(empty);
  };
  return (
    <form
      className="filters"
      aria-label={t('audit.filters')}
      onSubmit={form.handleSubmit((values) => {
        if (values.from && values.to && values.from > values.to) {
          form.setError('to', { type: 'order', message: t('audit.toBeforeFrom') });
          return;
        }
        props.onApply(values);
      })}
    >
      {props.fixedVenue ? null : (
        <SelectField label={t('audit.venue')} {...form.register('venue')}>
          <option value="">{t('audit.allVenues')}</option>
          {session.venues.map((venue) => (
            <option key={venue.code} value={venue.code}>
              {venue.name}
            </option>
          ))}
        </SelectField>
      )}
      {mayListStaff && staff.data ? (
        <SelectField label={t('audit.actor')} {...form.register('actor_id')}>
          <option value="">{t('audit.anyone')}</option>
          {staff.data.staff.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name} ({member.email})
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label={t('audit.actorId')}
          inputMode="numeric"
          error={errors.actor_id?.message}
          {...form.register('actor_id', { pattern: { value: /^[1-9]\d{0,9}$/, message: t('audit.actorIdFormat') } })}
        />
      )}
      <TextField label={t('audit.action')} placeholder="invited" spellCheck={false} {...form.register('action')} />
      <TextField label={t('audit.objectType')} placeholder="team" spellCheck={false} {...form.register('object_type')} />
      <TextField label={t('audit.from')} type="date" {...form.register('from')} />
      <TextField label={t('audit.to')} type="date" error={errors.to?.message} {...form.register('to')} />
      <div className="filters-buttons">
        <button type="submit" className="button button-primary">
          {t('audit.apply')}
        </button>
        <button type="button" className="button" onClick={clear}>
          {t('audit.clear')}
        </button>
      </div>
    </form>
  );
}
