/**
 * An order's refunds, oldest first: how much, through which payment or outside the system, and
 * where each stands. A refund the provider refused is shown as such, with its reason, and staff
 * with `orders:refund` may ask for it again.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { formatMoney } from './money.ts';
import { orderRefundQueries, useRetryRefund } from './order-refunds-api.ts';

export function OrderRefundsPanel(props: { venue: string; orderId: string; canRefund: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const refunds = useQuery(orderRefundQueries.refunds(props.venue, props.orderId));
  const retry = useRetryRefund(props.venue, props.orderId);
  if (refunds.isPending) return <Loading />;
  if (refunds.isError) return <ProblemNotice error={refunds.error} />;
  return (
    <section aria-labelledby="order-refunds-title">
      <h3 id="order-refunds-title">{t('orderActions.refunds.title')}</h3>
      {refunds.data.refunds.length === 0 ? <p>{t('orderActions.refunds.none')}</p> : null}
      <ul className="plain-list">
        {refunds.data.refunds.map((refund) => (
          <li key={refund.id}>
            <span>
              {t('orderActions.refunds.line', {
                amount: formatMoney(refund.amount, refund.currency, lang),
                at: formatDateTime(refund.created_at, lang),
                through: refund.payment_number ?? t('orderActions.refund.modes.outside'),
              })}
            </span>{' '}
            <strong>{t(`orderActions.refunds.status.${refund.status}`)}</strong>
            {refund.failure_reason ? <span> — {refund.failure_reason}</span> : null}
            {props.canRefund && refund.status !== 'succeeded' && refund.kind === 'provider' ? (
              <button
                type="button"
                className="button button-quiet"
                disabled={retry.isPending}
                onClick={() => retry.mutate(refund)}
              >
                {t('orderActions.refunds.retry')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ProblemNotice error={retry.error} />
    </section>
  );
}
