/**
 * `/venues/:code/slot-cancellations/:job` (right `orders:read`): one slot cancellation as its job
 * works through the orders, read again every second while it runs and no more once it is done.
 * The counts of orders, refunds and mails; when it is done, a plain "finished" said once to screen
 * readers; refunds a provider refused and orders the job gave up on, each linked to its order so
 * staff can follow up there.
 */

import type { SlotCancellationProgress } from '@storefront/domain/console/slot-cancellations';
import type { LanguageCode } from '@storefront/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage, LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { daysText, formatMoney, slotText } from './slot-cancellation-format.ts';
import { slotCancellationQueries } from './slot-cancellations-api.ts';
import './slot-cancellations.css';

export default function SlotCancellationPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="slot-cancellation" title={t('slotCancellations.progress.title')} right="orders:read">
      {({ venue }) => <Progress venue={venue.code} />}
    </VenueGate>
  );
}

function Progress(props: { venue: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { job = '' } = useParams();
  const progress = useQuery(slotCancellationQueries.progress(props.venue, job));
  const data = progress.data;
  const title = data
    ? t('slotCancellations.progress.titleOf', { days: daysText(data.first_date, data.last_date, lang) })
    : t('slotCancellations.progress.title');
  return (
    <Screen
      name="slot-cancellation"
      title={title}
      actions={
        <Link className="button" to={paths.venueSlotCancellations(props.venue)}>
          {t('slotCancellations.progress.back')}
        </Link>
      }
    >
      {/* Said once when the job is done, not at every reading. */}
      <p className="visually-hidden" aria-live="polite">
        {data?.status === 'done' ? t('slotCancellations.progress.finishedAnnouncement', { count: data.orders.total }) : ''}
      </p>
      <ProblemNotice error={progress.error} />
      {progress.isPending ? <Loading /> : null}
      {data ? <ProgressView venue={props.venue} progress={data} lang={lang} /> : null}
    </Screen>
  );
}

function ProgressView(props: { venue: string; progress: SlotCancellationProgress; lang: LanguageCode }) {
  const { t } = useTranslation();
  const id = useId();
  const { progress, lang } = props;
  const { orders, refunds } = progress;
  const handled = orders.done + orders.skipped + orders.failed;
  const isDone = progress.status === 'done';
  const hasProblems = orders.failed > 0 || refunds.failed.count > 0 || refunds.pending.count > 0;
  const money = (amount: number) => formatMoney(amount, progress.currency, lang);
  return (
    <>
      {/* Not a live region of its own: the screen's polite region says it once. */}
      {isDone ? (
        <div className={`notice ${hasProblems ? 'notice-info' : 'notice-success'} slot-cancellation-finished`}>
          <p className="notice-title">{t('slotCancellations.progress.finished')}</p>
          <p>
            {hasProblems
              ? t('slotCancellations.progress.finishedWithProblems')
              : t('slotCancellations.progress.finishedClean', { count: orders.total })}
          </p>
        </div>
      ) : null}
      <section className="panel slot-cancellation-progress" aria-labelledby={`${id}-orders`}>
        <div className="panel-header">
          <h2 id={`${id}-orders`}>{t('slotCancellations.progress.orders')}</h2>
          <span className={`badge ${isDone ? 'badge-success' : 'badge-info'}`}>
            {t(`slotCancellations.statuses.${progress.status}`)}
          </span>
        </div>
        <label htmlFor={`${id}-bar`} className="slot-cancellation-bar-label">
          {t('slotCancellations.progress.handled', { handled, total: orders.total })}
        </label>
        <progress
          id={`${id}-bar`}
          className="slot-cancellation-bar"
          max={Math.max(orders.total, 1)}
          value={orders.total === 0 ? (isDone ? 1 : 0) : handled}
        />
        <dl className="slot-cancellation-figures">
          <Figure label={t('slotCancellations.progress.done')} value={orders.done} />
          <Figure label={t('slotCancellations.progress.skipped')} value={orders.skipped} />
          <Figure label={t('slotCancellations.progress.failed')} value={orders.failed} isBad={orders.failed > 0} />
          <Figure label={t('slotCancellations.progress.pending')} value={orders.pending} />
          <Figure label={t('slotCancellations.progress.admissionsCancelled')} value={progress.admissions_cancelled} />
          <Figure label={t('slotCancellations.progress.mails')} value={progress.mails} />
          <Figure
            label={t('slotCancellations.progress.rate')}
            value={
              progress.orders_per_second === null
                ? '—'
                : t('slotCancellations.progress.perSecond', {
                    rate: new Intl.NumberFormat(LANGUAGE_TAGS[lang], { maximumFractionDigits: 1 }).format(
                      progress.orders_per_second,
                    ),
                  })
            }
          />
        </dl>
        {orders.skipped > 0 ? <p className="field-hint">{t('slotCancellations.progress.skippedHint')}</p> : null}
      </section>

      <section className="panel" aria-labelledby={`${id}-refunds`}>
        <h2 id={`${id}-refunds`}>{t('slotCancellations.progress.refunds')}</h2>
        <dl className="slot-cancellation-figures">
          <Figure
            label={t('slotCancellations.progress.refundsSucceeded')}
            value={money(refunds.succeeded.amount)}
            note={t('slotCancellations.progress.refundCount', { count: refunds.succeeded.count })}
          />
          <Figure
            label={t('slotCancellations.progress.refundsPending')}
            value={money(refunds.pending.amount)}
            note={t('slotCancellations.progress.refundCount', { count: refunds.pending.count })}
          />
          <Figure
            label={t('slotCancellations.progress.refundsFailed')}
            value={money(refunds.failed.amount)}
            note={t('slotCancellations.progress.refundCount', { count: refunds.failed.count })}
            isBad={refunds.failed.count > 0}
          />
        </dl>
        {refunds.pending.count > 0 && isDone ? <p className="field-hint">{t('slotCancellations.progress.pendingHint')}</p> : null}
        {progress.failed_refunds.length > 0 ? (
          <FailedList
            title={t('slotCancellations.progress.failedRefunds')}
            hint={t('slotCancellations.progress.failedRefundsHint')}
            rows={progress.failed_refunds.map((refund) => ({
              key: refund.refund_id,
              orderId: refund.order_id,
              number: refund.reservation_number,
              detail: `${money(refund.amount)}${refund.failure_reason ? ` · ${refund.failure_reason}` : ''}`,
            }))}
            venue={props.venue}
          />
        ) : null}
      </section>

      {progress.failed_orders.length > 0 ? (
        <section className="panel" aria-labelledby={`${id}-failed-orders`}>
          <h2 id={`${id}-failed-orders`}>{t('slotCancellations.progress.failedOrders')}</h2>
          <FailedList
            hint={t('slotCancellations.progress.failedOrdersHint')}
            rows={progress.failed_orders.map((order) => ({
              key: order.order_id,
              orderId: order.order_id,
              number: order.reservation_number,
              detail: order.error ?? '',
            }))}
            venue={props.venue}
          />
        </section>
      ) : null}

      <section className="panel" aria-labelledby={`${id}-about`}>
        <h2 id={`${id}-about`}>{t('slotCancellations.progress.about')}</h2>
        <dl className="facts">
          <dt>{t('slotCancellations.list.reason')}</dt>
          <dd>{progress.reason}</dd>
          <dt>{t('slotCancellations.progress.message')}</dt>
          <dd className="slot-cancellation-message">{progress.message ?? t('slotCancellations.progress.noMessage')}</dd>
          <dt>{t('slotCancellations.list.requestedBy')}</dt>
          <dd>{progress.requested_by}</dd>
          <dt>{t('slotCancellations.list.startedAt')}</dt>
          <dd>{formatDateTime(progress.created_at, lang)}</dd>
          <dt>{t('slotCancellations.progress.finishedAt')}</dt>
          <dd>{formatDateTime(progress.finished_at, lang)}</dd>
        </dl>
        <details className="slot-cancellation-slots">
          <summary>{t('slotCancellations.progress.slots', { count: progress.slot_count })}</summary>
          <ul>
            {progress.slots.map((slot) => {
              const text = slotText(slot, lang);
              return (
                <li key={slot.slot_id}>
                  {text.when} · {text.product}
                </li>
              );
            })}
          </ul>
        </details>
      </section>
    </>
  );
}

function Figure(props: { label: string; value: string | number; note?: string; isBad?: boolean }) {
  return (
    <div className={props.isBad ? 'slot-cancellation-figure-bad' : undefined}>
      <dt>{props.label}</dt>
      <dd>
        {props.value}
        {props.note ? <span className="slot-cancellation-figure-note">{props.note}</span> : null}
      </dd>
    </div>
  );
}

function FailedList(props: {
  title?: string;
  hint: string;
  venue: string;
  rows: { key: string; orderId: string; number: string | null; detail: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="slot-cancellation-failed">
      {props.title ? <h3>{props.title}</h3> : null}
      <p className="field-hint">{props.hint}</p>
      <ul>
        {props.rows.map((row) => (
          <li key={row.key}>
            <Link to={paths.venueOrder(props.venue, row.orderId)}>
              <code>{row.number ?? t('slotCancellations.progress.noNumber')}</code>
            </Link>
            {row.detail ? <span> — {row.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
