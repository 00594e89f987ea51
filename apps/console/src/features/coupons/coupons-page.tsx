/**
 * `/venues/:code/coupons` (right `catalogue:read` at the venue): the venue's coupons with their
 * discount, coverage, uses against the limit and status, searched and filtered, loaded 50 at a
 * time; with `catalogue:write`, a new coupon, a generated batch, editing one's name, limit,
 * coverage, expiry and channels, and deactivating or reactivating one (after a confirmation). The
 * CSV export follows the filters. Membership promotions below.
 */
import { COUPON_STATUSES, type Coupon } from '@storefront/domain/console/coupons';
import { formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { filtersOfSearch, searchOfFilters } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { GenerateCodesDialog, NewCouponDialog } from './coupon-dialogs.tsx';
import { type CouponListFilters, couponQueries, couponsApi, useToggleCoupon } from './coupons-api.ts';
import { EditCouponDialog } from './edit-coupon-dialog.tsx';
import { PromotionsSection } from './promotions-section.tsx';
import '../../ui/filters.css';
import './coupons.css';

const column = columnsOf<Coupon>();

export default function CouponsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="coupons" title={t('coupons.title')}>
      {({ venue, mayWrite }) => <Coupons venue={venue.code} venueName={venue.name} canWrite={mayWrite} />}
    </VenueGate>
  );
}

const filtersOf = (search: URLSearchParams): CouponListFilters => filtersOfSearch(search, ['q', 'status', 'batch']);

function Coupons(props: { venue: string; venueName: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const [dialog, setDialog] = useState<'new' | 'generate' | null>(null);
  const [confirming, setConfirming] = useState<Coupon | null>(null);
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useInfiniteQuery(couponQueries.list(props.venue, filters));
  const coupons = useMemo(() => list.data?.pages.flatMap((page) => page.coupons) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  const toggle = useToggleCoupon(props.venue, {
    onSuccess: (coupon) => {
      setConfirming(null);
      setDone(t(coupon.is_active ? 'coupons.reactivated' : 'coupons.deactivated', { code: coupon.code }));
    },
  });

  const columns = useMemo(
    () => [
      column.accessor('code', { header: () => t('coupons.code'), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('name', { header: () => t('coupons.name'), cell: (info) => localize(info.getValue(), lang) }),
      column.accessor('discount_amount', {
        header: () => t('coupons.discount'),
        cell: (info) =>
          info.row.original.discount_type === 'percent' ? `${info.getValue()}%` : formatPrice(info.getValue(), 'JPY', lang),
      }),
      column.accessor('coverage_from', {
        header: () => t('coupons.coverage'),
        cell: (info) => (
          <>
            {info.getValue()} – {info.row.original.coverage_to}
            <br />
            <span className="field-hint">
              {t('coupons.expiresOn', { at: formatDateTime(info.row.original.expires_at, lang) })}
            </span>
          </>
        ),
      }),
      column.accessor('used_count', {
        header: () => t('coupons.usage'),
        cell: (info) => `${info.getValue()} / ${info.row.original.usage_limit ?? '∞'}`,
      }),
      column.accessor('status', {
        header: () => t('coupons.status'),
        cell: (info) => (
          <span className={`badge badge-coupon-${info.getValue()}`}>{t(`coupons.statuses.${info.getValue()}`)}</span>
        ),
      }),
      ...(props.canWrite
        ? [
            column.display({
              id: 'actions',
              header: () => <span className="visually-hidden">{t('common.actions')}</span>,
              cell: (info) => (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('coupons.editCode', { code: info.row.original.code })}
                    onClick={() => setEditing(info.row.original)}
                  >
                    {t('coupons.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t(info.row.original.is_active ? 'coupons.deactivateCode' : 'coupons.reactivateCode', {
                      code: info.row.original.code,
                    })}
                    onClick={() => setConfirming(info.row.original)}
                  >
                    {t(info.row.original.is_active ? 'coupons.deactivate' : 'coupons.reactivate')}
                  </button>
                </div>
              ),
            }),
          ]
        : []),
    ],
    [t, lang, props.canWrite],
  );

  return (
    <Screen
      name="coupons"
      title={t('coupons.venueTitle', { venue: props.venueName })}
      actions={
        <div className="button-row">
          <a className="button" href={couponsApi.exportUrl(props.venue, filters, lang)} download>
            {t('coupons.export')}
          </a>
          {props.canWrite ? (
            <>
              <button type="button" className="button" onClick={() => setDialog('generate')}>
                {t('coupons.generate')}
              </button>
              <button type="button" className="button button-primary" onClick={() => setDialog('new')}>
                {t('coupons.new')}
              </button>
            </>
          ) : null}
        </div>
      }
    >
      {done ? <Notice kind="success">{done}</Notice> : null}
      <FilterForm key={search.toString()} filters={filters} onApply={(next) => setSearch(searchOfFilters(next))} />
      <ProblemNotice error={list.error ?? toggle.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <>
          <DataTable
            caption={t('coupons.caption', { count: total })}
            columns={columns}
            data={coupons}
            rowId={(row) => String(row.id)}
            empty={t('coupons.none')}
          />
          {list.hasNextPage ? (
            <div className="button-row paging">
              <button
                type="button"
                className="button"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t('common.loading') : t('coupons.more')}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
      <PromotionsSection venue={props.venue} canWrite={props.canWrite} />
      <NewCouponDialog
        venue={props.venue}
        isOpen={dialog === 'new'}
        onClose={() => setDialog(null)}
        onCreated={(couponCode) => {
          setDialog(null);
          setDone(t('coupons.created', { code: couponCode }));
        }}
      />
      <GenerateCodesDialog venue={props.venue} isOpen={dialog === 'generate'} onClose={() => setDialog(null)} />
      <EditCouponDialog
        venue={props.venue}
        coupon={editing}
        onClose={() => setEditing(null)}
        onSaved={(coupon) => {
          setEditing(null);
          setDone(t('coupons.saved', { code: coupon.code }));
        }}
      />
      <Dialog
        isOpen={confirming !== null}
        title={t(confirming?.is_active ? 'coupons.confirmDeactivate' : 'coupons.confirmReactivate', {
          code: confirming?.code ?? '',
        })}
        onClose={() => setConfirming(null)}
      >
        <p>{t(confirming?.is_active ? 'coupons.deactivateExplained' : 'coupons.reactivateExplained')}</p>
        <ProblemNotice error={toggle.error} />
        <div className="button-row">
          <button
            type="button"
            className="button button-primary"
            disabled={toggle.isPending}
            onClick={() => confirming && toggle.mutate(confirming)}
          >
            {t(confirming?.is_active ? 'coupons.deactivate' : 'coupons.reactivate')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </Screen>
  );
}

function FilterForm(props: { filters: CouponListFilters; onApply: (filters: CouponListFilters) => void }) {
  const { t } = useTranslation();
  const form = useForm<CouponListFilters>({ defaultValues: props.filters });
  const clear = () => {
    const empty = { q: '', status: '', batch: '' };
    form.reset(empty);
    props.onApply(empty);
  };
  return (
    <form className="filters" aria-label={t('coupons.filters')} onSubmit={form.handleSubmit(props.onApply)}>
      <TextField label={t('coupons.search')} hint={t('coupons.searchHint')} type="search" {...form.register('q')} />
      <SelectField label={t('coupons.status')} {...form.register('status')}>
        <option value="">{t('coupons.anyStatus')}</option>
        {COUPON_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`coupons.statuses.${status}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('coupons.batch')} spellCheck={false} {...form.register('batch')} />
      <div className="filters-buttons">
        <button type="submit" className="button button-primary">
          {t('coupons.apply')}
        </button>
        <button type="button" className="button" onClick={clear}>
          {t('coupons.clear')}
        </button>
      </div>
    </form>
  );
}
