/**
 * `/venues/:code/orders` (right `orders:read` at the venue): finding an order while the visitor is
 * on the phone. One search box takes a reservation number (with or without its hyphen), an e-mail
 * address, a phone number, a name, a payment number or a coupon code; filters narrow by visit
 * date, standing, channel and product. The server pages and sorts; each reservation number opens
 * the order. The CSV and XLSX exports follow the search and its order.
 */

import {
  MAX_ORDER_OFFSET,
  ORDER_STANDINGS,
  OrderSearchFilters,
  type OrderSearchPage,
  type OrderSummary,
} from '@storefront/domain/console/order-search';
import { SALES_CHANNELS } from '@storefront/domain/constants';
import { todayIn } from '@storefront/domain/dates';
import { formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { contractResolver, filtersOfSearch } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { ORDER_PAGE_SIZE, type OrderListFilters, type OrderListSort, orderExportUrl, orderQueries } from './orders-api.ts';
import '../../ui/filters.css';
import './orders.css';

const column = columnsOf<OrderSummary>();
const FILTER_KEYS = ['q', 'from', 'to', 'status', 'channel', 'product_id'] as const;
const EMPTY: OrderListFilters = { q: '', from: '', to: '', status: '', channel: '', product_id: '' };
/** The sorts offered, as one choice each: what it sorts by and which way. */
const SORTS = ['completed_at-desc', 'completed_at-asc', 'visit-asc', 'visit-desc'] as const;

/** The form's values are text; the contract checks them with the empty ones left out. */
const FilterContract = z.preprocess(
  (values) => Object.fromEntries(Object.entries(values as Record<string, string>).filter(([, value]) => value.trim() !== '')),
  OrderSearchFilters,
) as unknown as z.ZodType<unknown, OrderListFilters>;

export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="orders" title={t('orders.title')} right="orders:read">
      {({ venue }) => <Orders venue={venue.code} venueName={venue.name} />}
    </VenueGate>
  );
}

const filtersOf = (search: URLSearchParams): OrderListFilters => filtersOfSearch(search, FILTER_KEYS);

function sortOf(search: URLSearchParams): OrderListSort {
  const chosen = `${search.get('sort') ?? 'completed_at'}-${search.get('direction') ?? 'desc'}`;
  const [sort, direction] = ((SORTS as readonly string[]).includes(chosen) ? chosen : SORTS[0]).split('-') as [
    OrderListSort['sort'],
    OrderListSort['direction'],
  ];
  return { sort, direction };
}

function searchOf(filters: OrderListFilters, sort: OrderListSort, page = 1): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) next.set(key, value.trim());
  if (sort.sort !== 'completed_at' || sort.direction !== 'desc') {
    next.set('sort', sort.sort);
    next.set('direction', sort.direction);
  }
  if (page > 1) next.set('page', String(page));
  return next;
}

/** Times in the venue's own zone, as the server states it. */
function timeFormats(lang: string, timeZone: string) {
  const tag = LANGUAGE_TAGS[lang as keyof typeof LANGUAGE_TAGS] ?? 'en';
  return {
    dateTime: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    time: new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone }),
  };
}

function Orders(props: { venue: string; venueName: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const sort = sortOf(search);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useQuery({ ...orderQueries.page(props.venue, filters, sort, page), placeholderData: keepPreviousData });
  const products = useQuery(orderQueries.products(props.venue));
  const result: OrderSearchPage | undefined = list.data;
  const timeZone = result?.time_zone ?? 'Asia/Tokyo';
  const formats = useMemo(() => timeFormats(lang, timeZone), [lang, timeZone]);
  const pages = result ? Math.max(1, Math.ceil(result.total / ORDER_PAGE_SIZE)) : 1;

  const columns = useMemo(
    () => [
      column.accessor('reservation_number', {
        header: () => t('orders.reservationNumber'),
        cell: (info) => (
          <Link to={paths.venueOrder(props.venue, info.row.original.id)}>
            <code>{info.getValue()}</code>
          </Link>
        ),
      }),
      column.accessor('name', {
        header: () => t('orders.customer'),
        cell: (info) => (
          <>
            {info.getValue() ?? '—'}
            <br />
            <span className="field-hint">{[info.row.original.email, info.row.original.phone].filter(Boolean).join(' · ')}</span>
          </>
        ),
      }),
      column.accessor('product_name', {
        header: () => t('orders.product'),
        cell: (info) => localize(info.getValue(), lang),
      }),
      column.accessor('visit_starts_at', {
        header: () => t('orders.visit'),
        cell: (info) => {
          const { visit_starts_at: starts, visit_ends_at: ends } = info.row.original;
          if (!starts) return '—';
          return `${formats.dateTime.format(new Date(starts))}${ends ? `–${formats.time.format(new Date(ends))}` : ''}`;
        },
      }),
      column.accessor('quantity', { header: () => t('orders.quantity'), cell: (info) => info.getValue() }),
      column.accessor('total', {
        header: () => t('orders.total'),
        cell: (info) => formatPrice(info.getValue(), (result?.currency ?? 'JPY') as 'JPY', lang),
      }),
      column.accessor('status', {
        header: () => t('orders.status'),
        cell: (info) => <span className={`badge badge-order-${info.getValue()}`}>{t(`orders.statuses.${info.getValue()}`)}</span>,
      }),
      column.accessor('channel', {
        header: () => t('orders.channel'),
        cell: (info) => t(`salesChannels.${info.getValue()}`, { defaultValue: info.getValue() }),
      }),
      column.accessor('completed_at', {
        header: () => t('orders.completedAt'),
        cell: (info) => {
          const at = info.getValue();
          return at ? formats.dateTime.format(new Date(at)) : '—';
        },
      }),
    ],
    [t, lang, formats, props.venue, result?.currency],
  );

  const goTo = (next: number) => setSearch(searchOf(filters, sort, next));
  const today = todayIn(timeZone);

  return (
    <Screen
      name="orders"
      title={t('orders.venueTitle', { venue: props.venueName })}
      actions={
        <div className="button-row">
          <a className="button" href={orderExportUrl(props.venue, 'csv', filters, sort, lang)} download>
            {t('orders.exportCsv')}
          </a>
          <a className="button" href={orderExportUrl(props.venue, 'xlsx', filters, sort, lang)} download>
            {t('orders.exportXlsx')}
          </a>
        </div>
      }
    >
      <FilterForm
        // A new search, or the products arriving, sets the form afresh.
        key={`${FILTER_KEYS.map((key) => search.get(key)).join('|')}|${products.data ? 'products' : ''}`}
        filters={filters}
        products={products.data?.products ?? []}
        onApply={(next) => setSearch(searchOf(next, sort))}
        onToday={() => setSearch(searchOf({ ...EMPTY, from: today, to: today }, { sort: 'visit', direction: 'asc' }))}
      />
      <div className="orders-toolbar">
        <SelectField
          label={t('orders.sortBy')}
          value={`${sort.sort}-${sort.direction}`}
          onChange={(event) => {
            const [by, direction] = event.target.value.split('-') as [OrderListSort['sort'], OrderListSort['direction']];
            setSearch(searchOf(filters, { sort: by, direction }));
          }}
        >
          {SORTS.map((choice) => (
            <option key={choice} value={choice}>
              {t(`orders.sorts.${choice}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <ProblemNotice error={list.error ?? products.error} />
      {list.isPending ? <Loading /> : null}
      {result ? (
        <>
          <DataTable
            caption={
              result.is_total_capped
                ? t('orders.captionCapped', { count: result.total })
                : t('orders.caption', { count: result.total })
            }
            columns={columns}
            data={result.orders}
            rowId={(row) => row.id}
            empty={t('orders.none')}
          />
          {result.total > ORDER_PAGE_SIZE ? (
            <nav className="button-row paging" aria-label={t('orders.paging')}>
              <button type="button" className="button" disabled={page <= 1 || list.isFetching} onClick={() => goTo(page - 1)}>
                {t('orders.previous')}
              </button>
              <span aria-live="polite">{t('orders.pageOf', { page, pages })}</span>
              <button
                type="button"
                className="button"
                disabled={page >= pages || list.isFetching || page * ORDER_PAGE_SIZE >= MAX_ORDER_OFFSET}
                onClick={() => goTo(page + 1)}
              >
                {t('orders.next')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </Screen>
  );
}

function FilterForm(props: {
  filters: OrderListFilters;
  products: { id: number; name: Record<string, string> }[];
  onApply: (filters: OrderListFilters) => void;
  onToday: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const form = useForm<OrderListFilters>({
    defaultValues: props.filters,
    resolver: contractResolver(FilterContract, t, { to: 'orders.toBeforeFrom' }) as unknown as Resolver<OrderListFilters>,
  });
  const errors = form.formState.errors;
  const clear = () => {
    form.reset(EMPTY);
    props.onApply(EMPTY);
  };
  // The contract answers its own shapes (numbers for ids); the address keeps what was typed.
  const apply = form.handleSubmit(() => props.onApply(form.getValues()));
  return (
    <form className="filters" aria-label={t('orders.filters')} onSubmit={apply} noValidate>
      <TextField
        className="filters-search"
        label={t('orders.search')}
        hint={t('orders.searchHint')}
        type="search"
        spellCheck={false}
        error={errors.q?.message}
        {...form.register('q')}
      />
      <TextField label={t('orders.from')} type="date" error={errors.from?.message} {...form.register('from')} />
      <TextField label={t('orders.to')} type="date" error={errors.to?.message} {...form.register('to')} />
      <SelectField label={t('orders.status')} {...form.register('status')}>
        <option value="">{t('orders.anyStatus')}</option>
        {ORDER_STANDINGS.map((status) => (
          <option key={status} value={status}>
            {t(`orders.statuses.${status}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('orders.channel')} {...form.register('channel')}>
        <option value="">{t('orders.anyChannel')}</option>
        {SALES_CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {t(`salesChannels.${channel}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('orders.product')} {...form.register('product_id')}>
        <option value="">{t('orders.anyProduct')}</option>
        {props.products.map((product) => (
          <option key={product.id} value={String(product.id)}>
            {localize(product.name, lang)}
          </option>
        ))}
      </SelectField>
      <div className="filters-buttons">
        <button type="submit" className="button button-primary">
          {t('orders.apply')}
        </button>
        <button type="button" className="button" onClick={props.onToday}>
          {t('orders.today')}
        </button>
        <button type="button" className="button" onClick={clear}>
          {t('orders.clear')}
        </button>
      </div>
    </form>
  );
}
