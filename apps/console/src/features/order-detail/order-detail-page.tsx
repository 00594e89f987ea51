/**
 * `/venues/:code/orders/:order` (right `orders:read` at the venue): one order — what was bought,
 * its admissions, payments and refunds, the visitor's contact details, staff notes and a timeline
 * of everything recorded about it, each mail openable as it was sent. With `orders:write`: the
 * ticket mail sent again, the contact details corrected, a note added; the actions area takes
 * the order's further actions (cancel, refund, change date).
 */
import type { OrderAdmission, OrderDetail, OrderLine } from '@storefront/domain/console/order-detail';
import { formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { invalidateOrder } from '../../lib/order-queries.ts';
import { paths } from '../../lib/paths.ts';
import { hasVenueRight, useSession } from '../../lib/session.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { methodName } from './money.ts';
import { OrderActions } from './order-actions.tsx';
import { ContactSection } from './order-contact.tsx';
import { orderDetailQueries } from './order-detail-api.ts';
import { NotesSection } from './order-notes.tsx';
import { Payments } from './order-payments.tsx';
import { type OrderSectionProps, Section } from './order-section.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import './order-detail.css';

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { order = '' } = useParams();
  return (
    <VenueGate screen="order-detail" title={t('orderDetail.title')} right="orders:read" writeRight="orders:write">
      {({ venue, mayWrite }) => (
        <OrderScreen
          venue={venue.code}
          venueName={venue.name}
          orderId={order}
          mayWrite={mayWrite}
          mayRefund={hasVenueRight(session, venue, 'orders:refund')}
        />
      )}
    </VenueGate>
  );
}

function OrderScreen(props: { venue: string; venueName: string; orderId: string; mayWrite: boolean; mayRefund: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useQuery(orderDetailQueries.detail(props.venue, props.orderId));
  const back = (
    <Link className="button" to={paths.venueOrders(props.venue)}>
      {t('orderDetail.backToOrders')}
    </Link>
  );
  if (!detail.data) {
    return (
      <Screen name="order-detail" title={t('orderDetail.title')} actions={back}>
        {detail.isPending ? <Loading /> : <ProblemNotice error={detail.error} />}
      </Screen>
    );
  }
  const order = detail.data;
  const section: OrderSectionProps = {
    venue: props.venue,
    order,
    mayWrite: props.mayWrite,
    mayRefund: props.mayRefund,
    onChanged: () => void invalidateOrder(queryClient, props.venue, props.orderId),
  };
  return (
    <Screen
      name="order-detail"
      title={t('orderDetail.venueTitle', { number: order.reservation_number, venue: props.venueName })}
      actions={back}
    >
      <div className="order-detail">
        <div className="order-detail-main">
          <Summary order={order} />
          <Lines order={order} />
          <Admissions order={order} />
          <Payments order={order} />
          <OrderTimeline {...section} />
        </div>
        <div className="order-detail-side">
          {props.mayWrite || props.mayRefund ? <OrderActions {...section} /> : null}
          <ContactSection {...section} />
          <NotesSection {...section} />
        </div>
      </div>
    </Screen>
  );
}

function Summary(props: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { order } = props;
  const time = order.slot.start_time ? ` ${order.slot.start_time}–${order.slot.end_time ?? ''}` : '';
  const language = LANGUAGE_NAMES[order.lang as keyof typeof LANGUAGE_NAMES] ?? order.lang;
  const { standing } = order;
  const price = (amount: number) => formatPrice(amount, order.currency, lang);
  const admissionsText = [
    t('orderDetail.standing.admissionsValue', { standing: standing.admissions.standing, total: standing.admissions.total }),
    ...(standing.admissions.cancelled > 0
      ? [t('orderDetail.standing.cancelledCount', { count: standing.admissions.cancelled })]
      : []),
    ...(standing.admissions.used > 0 ? [t('orderDetail.standing.usedCount', { count: standing.admissions.used })] : []),
  ].join(' · ');
  const rows: [string, ReactNode][] = [
    [t('orderDetail.reservationNumber'), <strong key="number">{order.reservation_number}</strong>],
    [
      t('orderDetail.status'),
      // Where the order stands now, after its cancellations and refunds.
      <span key="status" className="order-standing">
        <span className={`badge badge-order-${standing.status}`}>{t(`orders.statuses.${standing.status}`)}</span>
        {standing.refund_status === 'none' ? null : (
          <span className={`badge badge-refund-${standing.refund_status}`}>
            {t(`orderDetail.standing.refundStatuses.${standing.refund_status}`)}
          </span>
        )}
      </span>,
    ],
    [t('orderDetail.product'), localize(order.product.name, lang)],
    [t('orderDetail.visit'), `${order.slot.date}${time}`],
    [t('orderDetail.standing.admissions'), admissionsText],
    [
      t('orderDetail.standing.kept'),
      <span key="kept">
        {standing.refunded > 0
          ? t('orderDetail.standing.keptValue', {
              kept: price(standing.kept),
              paid: price(standing.paid),
              refunded: price(standing.refunded),
            })
          : t('orderDetail.standing.keptUnchanged', { kept: price(standing.kept) })}
        {standing.refund_pending > 0 ? (
          <span className="field-hint"> {t('orderDetail.standing.pendingNote', { amount: price(standing.refund_pending) })}</span>
        ) : null}
        {standing.refund_failed > 0 ? (
          <span className="field-hint"> {t('orderDetail.standing.failedNote', { amount: price(standing.refund_failed) })}</span>
        ) : null}
      </span>,
    ],
    [t('orderDetail.channel'), t(`salesChannels.${order.channel}`, { defaultValue: order.channel })],
    [t('orderDetail.language'), language],
    [
      t('orderDetail.paymentMethod'),
      order.payment_method ? methodName(order, order.payment_method, lang) : t('orderDetail.none'),
    ],
    [t('orderDetail.coupons'), order.coupon_codes.length > 0 ? order.coupon_codes.join(', ') : t('orderDetail.none')],
    [t('orderDetail.createdAt'), formatDateTime(order.created_at, lang)],
    [t('orderDetail.completedAt'), formatDateTime(order.completed_at, lang)],
  ];
  return (
    <Section id="order-summary-title" title={t('orderDetail.summary')}>
      <dl className="order-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const lineColumn = columnsOf<OrderLine>();

function Lines(props: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { order } = props;
  const { currency } = order;
  const price = (amount: number | null) => (amount === null ? '—' : formatPrice(amount, currency, lang));
  const columns = useMemo(() => {
    const cellPrice = (amount: number | null) => (amount === null ? '—' : formatPrice(amount, currency, lang));
    return [
      lineColumn.accessor('name', { header: () => t('orderDetail.item'), cell: (info) => localize(info.getValue(), lang) }),
      lineColumn.accessor('quantity', { header: () => t('orderDetail.quantity') }),
      lineColumn.accessor('unit_price', { header: () => t('orderDetail.unitPrice'), cell: (info) => cellPrice(info.getValue()) }),
      lineColumn.accessor('amount', { header: () => t('orderDetail.amount'), cell: (info) => cellPrice(info.getValue()) }),
    ];
  }, [t, lang, currency]);
  return (
    <Section id="order-lines-title" title={t('orderDetail.lines')}>
      <DataTable
        caption={t('orderDetail.linesCaption')}
        isCaptionHidden
        columns={columns}
        data={order.lines}
        rowId={(line) => `${line.kind}-${line.id}`}
        empty={t('orderDetail.none')}
      />
      <dl className="order-totals">
        <div>
          <dt>{t('orderDetail.subtotal')}</dt>
          <dd>{price(order.subtotal)}</dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>{t('orderDetail.discount')}</dt>
            <dd>−{price(order.discount)}</dd>
          </div>
        ) : null}
        <div className="order-total">
          <dt>{t('orderDetail.total')}</dt>
          <dd>{price(order.total)}</dd>
        </div>
      </dl>
    </Section>
  );
}

const admissionColumn = columnsOf<OrderAdmission>();

function Admissions(props: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const columns = useMemo(
    () => [
      admissionColumn.accessor('position', { header: () => t('orderDetail.position') }),
      admissionColumn.accessor('option_name', {
        header: () => t('orderDetail.option'),
        cell: (info) => localize(info.getValue(), lang),
      }),
      admissionColumn.accessor('status', {
        header: () => t('orderDetail.admissionStatus'),
        cell: (info) => (
          <span className={`badge badge-admission-${info.getValue()}`}>
            {t(`orderDetail.admissionStatuses.${info.getValue()}`)}
          </span>
        ),
      }),
      admissionColumn.accessor('share_id', {
        header: () => t('orderDetail.shared'),
        cell: (info) => (info.getValue() ? t('orderDetail.sharedYes') : t('orderDetail.none')),
      }),
      admissionColumn.accessor('checked_in_at', {
        header: () => t('orderDetail.checkedInAt'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      admissionColumn.accessor('cancelled_at', {
        header: () => t('orderDetail.cancelledAt'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
    ],
    [t, lang],
  );
  return (
    <Section id="order-admissions-title" title={t('orderDetail.admissions')}>
      <DataTable
        caption={t('orderDetail.admissionsCaption')}
        isCaptionHidden
        columns={columns}
        data={props.order.admissions}
        rowId={(admission) => admission.id}
        empty={t('orderDetail.none')}
      />
    </Section>
  );
}
