/** One slot's check-in list: each admission with when, at which gate and by whom it came in, offline or not. */
import type { SlotArrivals, SlotCheckIns } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { arrivalsQueries } from './arrivals-api.ts';
import { timeAt } from './arrivals-format.ts';

type Admission = SlotCheckIns['admissions'][number];
const column = columnsOf<Admission>();

export function SlotCheckInsDialog(props: { venue: string; slot: SlotArrivals | null; lang: LanguageCode; onClose: () => void }) {
  const { t } = useTranslation();
  const slot = props.slot;
  return (
    <Dialog
      isOpen={slot !== null}
      wide
      title={
        slot ? t('arrivals.slotTitle', { time: `${slot.slot.start_time}–${slot.slot.end_time}`, product: slot.product_name }) : ''
      }
      onClose={props.onClose}
    >
      {slot ? <CheckInList venue={props.venue} slot={slot.slot.id} lang={props.lang} /> : null}
    </Dialog>
  );
}

function CheckInList(props: { venue: string; slot: number; lang: LanguageCode }) {
  const { t } = useTranslation();
  const list = useQuery(arrivalsQueries.slot(props.venue, props.slot, props.lang));
  const columns = useMemo(
    () => [
      column.accessor('reservation_number', { header: () => t('arrivals.reservation'), cell: (info) => info.getValue() }),
      column.accessor('option_name', {
        header: () => t('arrivals.type'),
        cell: (info) => (
          <>
            {info.getValue()}
            {info.row.original.status === 'cancelled' ? (
              <>
                {' '}
                <span className="badge badge-muted">{t('arrivals.cancelled')}</span>
              </>
            ) : null}
          </>
        ),
      }),
      column.accessor('checked_in_at', {
        header: () => t('arrivals.checkedInAt'),
        cell: (info) => {
          const at = info.getValue();
          return at ? timeAt(at, props.lang) : <span className="field-hint">{t('arrivals.notYet')}</span>;
        },
      }),
      column.accessor('gate', { header: () => t('arrivals.gate'), cell: (info) => info.getValue() ?? '—' }),
      column.accessor('by', {
        header: () => t('arrivals.by'),
        cell: (info) => (
          <>
            {info.getValue() ?? '—'}
            {info.row.original.offline ? (
              <>
                {' '}
                <span className="badge badge-status-invited">{t('arrivals.offline')}</span>
              </>
            ) : null}
          </>
        ),
      }),
    ],
    [t, props.lang],
  );
  if (list.error) return <ProblemNotice error={list.error} />;
  if (!list.data) return <Loading />;
  const inCount = list.data.admissions.filter((a) => a.checked_in_at !== null).length;
  return (
    <DataTable
      caption={t('arrivals.checkInsCaption', { count: inCount, total: list.data.admissions.length })}
      columns={columns}
      data={list.data.admissions}
      rowId={(row) => row.ticket_id}
      empty={t('arrivals.noAdmissions')}
    />
  );
}
