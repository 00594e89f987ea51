/**
 * `/venues/:code/waiting-list` (right `orders:read` at the venue): the waiting lists of the venue's
 * sold-out slots (issue 22), slot by slot in time order, each visitor with their place among
 * those waiting, their address, tickets, language, status and, once offered places, until when the
 * offer holds them. By default every slot not yet over; narrowed to a product and a visit date.
 * With `orders:write`, a visitor is taken off a list after a confirmation: places offered to them
 * go back at once and are offered to the next in line.
 */

import { MAX_WAITING_LIST_ROWS, OPEN_ENTRY_STATUSES, type WaitingListEntry } from '@storefront/domain/console/waiting-list';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { filtersOfSearch, searchOfFilters } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { useTakeOffWaitingList, type WaitingListFilters, waitingListQueries } from './waiting-list-api.ts';
import '../../ui/filters.css';
import './waiting-list.css';

const column = columnsOf<WaitingListEntry>();
const isOpen = (entry: WaitingListEntry) => OPEN_ENTRY_STATUSES.includes(entry.status);

export default function WaitingListPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="waiting-list" title={t('waitingList.title')} right="orders:read" writeRight="orders:write">
      {({ venue, mayWrite }) => <WaitingLists venue={venue.code} venueName={venue.name} canWrite={mayWrite} />}
    </VenueGate>
  );
}

const filtersOf = (search: URLSearchParams): WaitingListFilters => filtersOfSearch(search, ['product_id', 'date']);

function WaitingLists(props: { venue: string; venueName: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const list = useQuery(waitingListQueries.list(props.venue, filters));
  const products = useQuery(waitingListQueries.products(props.venue));
  const [confirming, setConfirming] = useState<WaitingListEntry | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const takeOff = useTakeOffWaitingList(props.venue, {
    onSuccess: (_nothing, entry) => {
      setConfirming(null);
      setDone(t('waitingList.takenOff', { email: entry.email }));
    },
  });

  const columns = useMemo(
    () => [
      column.accessor('slot', {
        header: () => t('waitingList.slot'),
        cell: (info) => {
          const slot = info.getValue();
          return t('waitingList.slotTimes', { date: slot.date, start: slot.start_time, end: slot.end_time });
        },
      }),
      column.accessor('product_name', {
        header: () => t('waitingList.product'),
        cell: (info) => localize(info.getValue(), lang),
      }),
      column.accessor('position', {
        header: () => t('waitingList.position'),
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('email', {
        header: () => t('waitingList.email'),
        cell: (info) => <span className="waiting-list-email">{info.getValue()}</span>,
      }),
      column.accessor('quantity', { header: () => t('waitingList.tickets') }),
      column.accessor('lang', {
        header: () => t('waitingList.language'),
        cell: (info) => LANGUAGE_NAMES[info.getValue() as LanguageCode] ?? info.getValue(),
      }),
      column.accessor('status', {
        header: () => t('waitingList.status'),
        cell: (info) => (
          <span className={`badge badge-waiting-${info.getValue()}`}>{t(`waitingList.statuses.${info.getValue()}`)}</span>
        ),
      }),
      column.accessor('offer_expires_at', {
        header: () => t('waitingList.offerExpires'),
        cell: (info) => (info.row.original.status === 'offered' ? formatDateTime(info.getValue(), lang) : '—'),
      }),
      ...(props.canWrite
        ? [
            column.display({
              id: 'actions',
              header: () => <span className="visually-hidden">{t('common.actions')}</span>,
              cell: (info) => (
                <button
                  type="button"
                  className="button button-small"
                  disabled={!isOpen(info.row.original)}
                  aria-label={t('waitingList.takeOffNamed', { email: info.row.original.email })}
                  onClick={() => {
                    takeOff.reset();
                    setConfirming(info.row.original);
                  }}
                >
                  {t('waitingList.takeOff')}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, lang, props.canWrite, takeOff.reset],
  );

  const entries = list.data?.entries ?? [];
  return (
    <Screen name="waiting-list" title={t('waitingList.venueTitle', { venue: props.venueName })}>
      <p className="screen-lead">{t('waitingList.lead')}</p>
      {done ? <Notice kind="success">{done}</Notice> : null}
      <FilterForm
        key={search.toString()}
        filters={filters}
        products={products.data?.products ?? []}
        lang={lang}
        onApply={(next) => {
          setDone(null);
          setSearch(searchOfFilters(next));
        }}
      />
      <ProblemNotice error={list.error ?? products.error} />
      {list.isPending ? <Loading /> : null}
      {list.data?.is_capped ? <Notice>{t('waitingList.capped', { count: MAX_WAITING_LIST_ROWS })}</Notice> : null}
      {list.data ? (
        <DataTable
          caption={t(filters.date ? 'waitingList.captionDate' : 'waitingList.caption', {
            count: entries.length,
            date: filters.date,
          })}
          columns={columns}
          data={entries}
          rowId={(row) => String(row.id)}
          empty={t('waitingList.none')}
        />
      ) : null}
      <Dialog
        isOpen={confirming !== null}
        title={t('waitingList.confirmTitle', { email: confirming?.email ?? '' })}
        onClose={() => setConfirming(null)}
      >
        <p>
          {t(confirming?.status === 'offered' ? 'waitingList.confirmOffered' : 'waitingList.confirmWaiting', {
            email: confirming?.email ?? '',
          })}
        </p>
        <ProblemNotice error={takeOff.error} />
        <div className="button-row">
          <button
            type="button"
            className="button button-danger"
            disabled={takeOff.isPending}
            onClick={() => confirming && takeOff.mutate(confirming)}
          >
            {t('waitingList.takeOff')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </Screen>
  );
}

function FilterForm(props: {
  filters: WaitingListFilters;
  products: { id: number; name: Record<string, string> }[];
  lang: LanguageCode;
  onApply: (filters: WaitingListFilters) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<WaitingListFilters>({ defaultValues: props.filters });
  const clear = () => {
    const empty = { product_id: '', date: '' };
    form.reset(empty);
    props.onApply(empty);
  };
  return (
    <form className="filters" aria-label={t('waitingList.filters')} onSubmit={form.handleSubmit(props.onApply)}>
      <SelectField label={t('waitingList.product')} {...form.register('product_id')}>
        <option value="">{t('waitingList.anyProduct')}</option>
        {props.products.map((product) => (
          <option key={product.id} value={String(product.id)}>
            {localize(product.name, props.lang)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('waitingList.date')} hint={t('waitingList.dateHint')} type="date" {...form.register('date')} />
      <div className="filters-buttons">
        <button type="submit" className="button button-primary">
          {t('waitingList.apply')}
        </button>
        <button type="button" className="button" onClick={clear}>
          {t('waitingList.clear')}
        </button>
      </div>
    </form>
  );
}
