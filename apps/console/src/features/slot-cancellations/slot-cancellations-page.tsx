/**
 * `/venues/:code/slot-cancellations` (right `orders:read` at the venue): calling off slots or a day
 * (weather, a broken installation). Staff choose a day or a range of days, optionally a time window
 * and products, preview the orders, admissions and money those slots hold, give a reason and an
 * optional message to the visitors, and confirm; the job then runs on the server and its progress
 * page follows it. Starting one takes `orders:refund`. Below, the venue's recent cancellations.
 */

import type { SlotCancellationSummary } from '@storefront/domain/console/slot-cancellations';
import { todayIn } from '@storefront/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DISPLAY_TIME_ZONE, formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { daysText } from './slot-cancellation-format.ts';
import { slotCancellationQueries } from './slot-cancellations-api.ts';
import { StartCancellation } from './start-cancellation.tsx';
import './slot-cancellations.css';

const LIST_POLL_MS = 5000;
const column = columnsOf<SlotCancellationSummary>();

export default function SlotCancellationsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate
      screen="slot-cancellations"
      title={(venue) => t('slotCancellations.venueTitle', { venue: venue.name })}
      right="orders:read"
      writeRight="orders:refund"
    >
      {({ venue, mayWrite }) => (
        <Screen name="slot-cancellations" title={t('slotCancellations.venueTitle', { venue: venue.name })}>
          <p className="screen-lead">{t('slotCancellations.lead')}</p>
          {mayWrite ? (
            <StartCancellation venue={venue.code} today={todayIn(DISPLAY_TIME_ZONE)} />
          ) : (
            <Notice>{t('slotCancellations.needsRefundRight')}</Notice>
          )}
          <CancellationList venue={venue.code} />
        </Screen>
      )}
    </VenueGate>
  );
}

function CancellationList(props: { venue: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  // A running job's counts move: the list is read again now and then while one runs.
  const list = useQuery({
    ...slotCancellationQueries.list(props.venue),
    refetchInterval: (query) => (query.state.data?.jobs.some((job) => job.status === 'running') ? LIST_POLL_MS : false),
  });
  const columns = useMemo(
    () => [
      column.accessor('first_date', {
        header: () => t('slotCancellations.list.days'),
        cell: (info) => (
          <Link to={paths.venueSlotCancellation(props.venue, info.row.original.id)}>
            {daysText(info.getValue(), info.row.original.last_date, lang)}
          </Link>
        ),
      }),
      column.accessor('reason', { header: () => t('slotCancellations.list.reason'), cell: (info) => info.getValue() }),
      column.accessor('requested_by', { header: () => t('slotCancellations.list.requestedBy'), cell: (info) => info.getValue() }),
      column.accessor('created_at', {
        header: () => t('slotCancellations.list.startedAt'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      column.accessor('status', {
        header: () => t('slotCancellations.list.status'),
        cell: (info) => (
          <span className={`badge ${info.getValue() === 'done' ? 'badge-success' : 'badge-info'}`}>
            {t(`slotCancellations.statuses.${info.getValue()}`)}
          </span>
        ),
      }),
      column.accessor('orders', {
        header: () => t('slotCancellations.list.orders'),
        cell: (info) => {
          const orders = info.getValue();
          return (
            <>
              {t('slotCancellations.list.ordersDone', { done: orders.done, total: orders.total })}
              {orders.skipped > 0 || orders.failed > 0 ? (
                <>
                  <br />
                  <span className="field-hint">
                    {t('slotCancellations.list.ordersOther', { skipped: orders.skipped, failed: orders.failed })}
                  </span>
                </>
              ) : null}
            </>
          );
        },
      }),
    ],
    [t, lang, props.venue],
  );
  return (
    <section className="slot-cancellation-list" aria-labelledby="slot-cancellation-list-title">
      <h2 id="slot-cancellation-list-title">{t('slotCancellations.list.title')}</h2>
      <ProblemNotice error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('slotCancellations.list.caption', { count: list.data.jobs.length })}
          isCaptionHidden
          columns={columns}
          data={list.data.jobs}
          rowId={(row) => row.id}
          empty={t('slotCancellations.list.none')}
        />
      ) : null}
    </section>
  );
}
