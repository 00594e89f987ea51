/** The spot order in a few lines: product, today's slot, what is on it, and the total. */
import { formatDate, formatPrice } from '@storefront/domain/format';
import { useTranslation } from 'react-i18next';
import { orderLines, reservationOf } from '../../checkout/order-summary.ts';
import type { TemporaryOrder } from '../../checkout/purchase-api.ts';
import { useApp } from '../../lib/app-context.tsx';

export function SpotOrderSummary(props: { order: TemporaryOrder }) {
  const { order } = props;
  const app = useApp();
  const { t } = useTranslation();
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  const visit = reservationOf(order);
  const lines = orderLines(order);
  return (
    <div className="spot-summary">
      <p className="spot-summary-product">{order.mainProduct.name}</p>
      <p className="spot-summary-time">
        <time dateTime={visit.date}>{formatDate(visit.date, app.lang)}</time>{' '}
        <time dateTime={order.mainProduct.reservationFrom}>{visit.from}</time>–
        <time dateTime={order.mainProduct.reservationTo}>{visit.to}</time>
      </p>
      <ul className="spot-summary-lines">
        {[...lines.options, ...lines.setProducts].map((line) => (
          <li key={`${line.id}-${line.name}`}>
            <span>
              {line.name} × {line.quantity}
            </span>
            <span>{price(line.amount)}</span>
          </li>
        ))}
        {order.coupons.map((coupon) => (
          <li key={`coupon-${coupon.id}`}>
            <span>
              {t('confirm_coupon')}: {coupon.name}
            </span>
            <span>−{price(coupon.discount)}</span>
          </li>
        ))}
      </ul>
      <p className="spot-summary-total">
        <span>{t('confirm_total')}</span>
        <strong>{price(order.price)}</strong>
      </p>
    </div>
  );
}
