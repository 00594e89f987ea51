/** The order's payments and the refunds made against them, each with where it stands. */
import type { OrderDetail, OrderPayment, OrderRefund } from '@storefront/domain/console/order-detail';
import { formatPrice } from '@storefront/domain/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { methodName } from './money.ts';
import { Section } from './order-section.tsx';

const paymentColumn = columnsOf<OrderPayment>();
const refundColumn = columnsOf<OrderRefund>();

export function Payments(props: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { order } = props;
  const paymentColumns = useMemo(
    () => [
      paymentColumn.accessor('payment_number', {
        header: () => t('orderDetail.paymentNumber'),
        cell: (info) => (
          <>
            <code>{info.getValue()}</code>
            {info.row.original.is_date_change ? <span className="field-hint"> ({t('orderDetail.forDateChange')})</span> : null}
          </>
        ),
      }),
      paymentColumn.accessor('method', {
        header: () => t('orderDetail.method'),
        cell: (info) =>
          `${methodName(order, info.getValue(), lang)} · ${t(`orderDetail.providers.${info.row.original.provider}`, {
            defaultValue: info.row.original.provider,
          })}`,
      }),
      paymentColumn.accessor('amount', {
        header: () => t('orderDetail.amount'),
        cell: (info) => formatPrice(info.getValue(), order.currency, lang),
      }),
      paymentColumn.accessor('status', {
        header: () => t('orderDetail.paymentStatus'),
        cell: (info) => (
          <span className={`badge badge-payment-${info.getValue()}`} title={info.getValue()}>
            {t(`orderDetail.paymentStatuses.${info.getValue()}`)}
          </span>
        ),
      }),
      paymentColumn.accessor('created_at', {
        header: () => t('orderDetail.createdAt'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
    ],
    [t, lang, order],
  );
  const refundColumns = useMemo(
    () => [
      refundColumn.accessor('created_at', {
        header: () => t('orderDetail.createdAt'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      refundColumn.accessor('amount', {
        header: () => t('orderDetail.amount'),
        cell: (info) => formatPrice(info.getValue(), order.currency, lang),
      }),
      refundColumn.accessor('kind', {
        header: () => t('orderDetail.refundKind'),
        cell: (info) => t(`orderDetail.refundKinds.${info.getValue()}`),
      }),
      refundColumn.accessor('status', {
        header: () => t('orderDetail.refundStatus'),
        cell: (info) => t(`orderDetail.refundStatuses.${info.getValue()}`),
      }),
      refundColumn.accessor('reason', { header: () => t('orderDetail.reason') }),
    ],
    [t, lang, order.currency],
  );
  return (
    <Section id="order-payments-title" title={t('orderDetail.payments')}>
      <DataTable
        caption={t('orderDetail.paymentsCaption')}
        isCaptionHidden
        columns={paymentColumns}
        data={order.payments}
        rowId={(payment) => payment.id}
        empty={t('orderDetail.noPayments')}
      />
      <h3>{t('orderDetail.refunds')}</h3>
      <DataTable
        caption={t('orderDetail.refundsCaption')}
        isCaptionHidden
        columns={refundColumns}
        data={order.refunds}
        rowId={(refund) => refund.id}
        empty={t('orderDetail.noRefunds')}
      />
    </Section>
  );
}
