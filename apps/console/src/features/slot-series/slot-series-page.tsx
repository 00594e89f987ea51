/**
 * `/venues/:code/slot-series` (right `catalogue:read`): the venue's slot series with their slots
 * as they are now; with `catalogue:write`, a new series and deleting one, after a dialog that says
 * how many slots go and how many stay because places are sold or held.
 */
import type { SlotSeriesDeleted, SlotSeriesProduct, SlotSeriesSummary } from '@storefront/domain/console/slot-series';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { slotSeriesQueries, useDeleteSlotSeries } from './slot-series-api.ts';
import { describeTimes, productName, weekdayNames } from './slot-series-text.ts';
import './slot-series.css';

const column = columnsOf<SlotSeriesSummary>();

export default function SlotSeriesPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="slot-series" title={t('slotSeries.title')}>
      {({ venue, mayWrite }) => <SeriesList venue={venue.code} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

function SeriesList(props: { venue: string; mayWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const list = useQuery(slotSeriesQueries.list(props.venue));
  const [deleting, setDeleting] = useState<SlotSeriesSummary | null>(null);
  const [deleted, setDeleted] = useState<SlotSeriesDeleted | null>(null);
  const remove = useDeleteSlotSeries(props.venue, {
    onSuccess: (answer) => {
      setDeleted(answer);
      setDeleting(null);
    },
  });
  const products = list.data?.products ?? [];
  const names = (ids: number[]) => ids.map((id) => productName(products, id, lang)).join(', ');
  const columns = [
    column.accessor((row) => `${row.rule.valid_from} – ${row.rule.valid_to}`, {
      id: 'period',
      header: () => t('slotSeries.period'),
    }),
    column.accessor((row) => names(row.rule.product_ids), { id: 'products', header: () => t('slotSeries.products') }),
    column.accessor(
      (row) =>
        `${weekdayNames(row.rule.weekdays, lang)} · ${describeTimes(row.rule.times, t)} · ${t('slotSeries.minutes', { count: row.rule.slot_minutes })}`,
      { id: 'times', header: () => t('slotSeries.times') },
    ),
    column.accessor((row) => t('slotSeries.slotCounts', { slots: row.slots, future: row.future_slots }), {
      id: 'slots',
      header: () => t('slotSeries.slots'),
    }),
    column.accessor((row) => formatDateTime(row.created_at, lang), { id: 'created', header: () => t('slotSeries.createdAt') }),
    ...(props.mayWrite
      ? [
          column.display({
            id: 'actions',
            header: () => <span className="visually-hidden">{t('slotSeries.actions')}</span>,
            cell: ({ row }) => (
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  remove.reset();
                  setDeleting(row.original);
                }}
              >
                {t('slotSeries.delete')}
                <span className="visually-hidden"> {`${row.original.rule.valid_from} – ${row.original.rule.valid_to}`}</span>
              </button>
            ),
          }),
        ]
      : []),
  ];
  return (
    <Screen
      name="slot-series"
      title={t('slotSeries.title')}
      actions={
        props.mayWrite ? (
          <Link className="button button-primary" to={paths.newSlotSeries(props.venue)}>
            {t('slotSeries.new')}
          </Link>
        ) : null
      }
    >
      <p className="screen-lead">{t('slotSeries.lead')}</p>
      {deleted ? (
        <Notice kind="success">{t('slotSeries.deletedResult', { deleted: deleted.deleted, kept: deleted.kept })}</Notice>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <ProblemNotice error={list.error} /> : null}
      {list.data ? (
        <DataTable
          caption={t('slotSeries.listCaption')}
          isCaptionHidden
          columns={columns}
          data={list.data.series}
          rowId={(row) => String(row.id)}
          empty={t('slotSeries.none')}
        />
      ) : null}
      <DeleteDialog
        series={deleting}
        products={products}
        isPending={remove.isPending}
        error={remove.error}
        onCancel={() => setDeleting(null)}
        onConfirm={(id) => remove.mutate(id)}
      />
    </Screen>
  );
}

function DeleteDialog(props: {
  series: SlotSeriesSummary | null;
  products: SlotSeriesProduct[];
  isPending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (id: number) => void;
}) {
  const { t } = useTranslation();
  const series = props.series;
  const going = series ? series.future_slots - series.future_slots_kept : 0;
  return (
    <Dialog isOpen={series !== null} title={t('slotSeries.deleteTitle')} onClose={props.onCancel}>
      {series ? (
        <>
          <p>{t('slotSeries.deleteGoing', { count: going })}</p>
          <p>{t('slotSeries.deleteKept', { count: series.future_slots_kept, past: series.slots - series.future_slots })}</p>
          <ProblemNotice error={props.error} />
          <div className="button-row">
            <button type="button" className="button" onClick={props.onCancel}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={props.isPending}
              onClick={() => props.onConfirm(series.id)}
            >
              {t('slotSeries.deleteConfirm', { count: going })}
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
