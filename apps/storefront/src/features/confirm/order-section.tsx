/** The confirm page's order: product, visit, lines, coupons and totals. */
import { formatDate } from '@storefront/domain/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { orderLines, reservationOf } from '../../checkout/order-summary.ts';
import { purchaseApi, type TemporaryOrder } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import { CouponEntry } from '../../ui/coupon-entry.tsx';
import { showToast } from '../../ui/toast/toast-store.ts';
import { SectionHeading } from './confirm-sections.tsx';

export function OrderSection(props: { order: TemporaryOrder; token: string; price: (amount: number) => string }) {
  const { order, price } = props;
  const app = useApp();
  const { t } = useTranslation();
  const headingId = useId();
  const visit = reservationOf(order);
  const lines = orderLines(order);
  return (
    <section className="confirm-card confirm-order" aria-labelledby={headingId}>
      <SectionHeading id={headingId} titleKey="confirm_section_order" editTo="/order?ref=c" />
      <dl className="confirm-facts">
        <div className="confirm-fact">
          <dt>{t('confirm_product')}</dt>
          <dd>{order.mainProduct.name}</dd>
        </div>
        <div className="confirm-fact">
          <dt>{t('confirm_date')}</dt>
          <dd>
            <time dateTime={visit.date}>{formatDate(visit.date, app.lang)}</time>
          </dd>
        </div>
        <div className="confirm-fact">
          <dt>{t('confirm_time')}</dt>
          <dd>
            <time dateTime={order.mainProduct.reservationFrom}>{visit.from}</time>–
            <time dateTime={order.mainProduct.reservationTo}>{visit.to}</time>
          </dd>
        </div>
      </dl>

      <h3 className="confirm-subtitle">{t('confirm_options')}</h3>
      <PricedLines lines={lines.options} price={price} />

      {lines.setProducts.length > 0 && (
        <>
          <h3 className="confirm-subtitle">{t('confirm_set_products')}</h3>
          <PricedLines lines={lines.setProducts} price={price} />
        </>
      )}

      <CouponBox order={order} token={props.token} price={price} />

      <dl className="confirm-totals">
        <div>
          <dt>{t('confirm_subtotal')}</dt>
          <dd>{price(order.subtotal)}</dd>
        </div>
        {order.membershipPromotion && order.membershipPromotion.discount > 0 && (
          <div>
            <dt>
              {t('confirm_membership_promotion')}: {order.membershipPromotion.name}
            </dt>
            <dd>−{price(order.membershipPromotion.discount)}</dd>
          </div>
        )}
        {order.discount > 0 && (
          <div>
            <dt>{t('confirm_discount')}</dt>
            <dd>−{price(order.discount)}</dd>
          </div>
        )}
        <div className="confirm-total">
          <dt>{t('confirm_total')}</dt>
          <dd>{price(order.price)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Lines with their unit price, count and amount. */
function PricedLines(props: {
  lines: readonly { id: number; name: string; unitPrice: number; quantity: number; amount: number }[];
  price: (amount: number) => string;
}) {
  return (
    <ul className="confirm-lines">
      {props.lines.map((line) => (
        <li key={line.id}>
          <span className="confirm-line-name">{line.name}</span>
          <span className="confirm-line-unit">
            {props.price(line.unitPrice)} × {line.quantity}
          </span>
          <span className="confirm-line-amount">{props.price(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The coupons on the order, each removable, and the entry for one more. */
function CouponBox(props: { order: TemporaryOrder; token: string; price: (amount: number) => string }) {
  const { order, token, price } = props;
  const app = useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const orderKey = purchaseQueries.order(app, token).queryKey;
  const remove = useMutation({
    mutationFn: (couponId: number) => purchaseApi(app.api, app.lang).removeCoupon(token, couponId),
    onSuccess: async (updated) => {
      showToast(t('order_coupon_removed'));
      queryClient.setQueryData(orderKey, updated);
      await queryClient.invalidateQueries({ queryKey: orderKey });
    },
  });

  return (
    <div className="confirm-coupons">
      {order.coupons.length > 0 && (
        <ul className="confirm-lines confirm-coupon-list">
          {order.coupons.map((coupon) => (
            <li key={coupon.id}>
              <span className="confirm-line-name" id={`coupon-${coupon.id}`}>
                {t('confirm_coupon')}: {coupon.name} <span className="confirm-coupon-code">({coupon.code})</span>
              </span>
              <button
                type="button"
                className="confirm-coupon-remove"
                aria-describedby={`coupon-${coupon.id}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(coupon.id)}
              >
                {t('order_coupon_remove')}
              </button>
              <span className="confirm-line-amount">−{price(coupon.discount)}</span>
            </li>
          ))}
        </ul>
      )}
      <CouponEntry
        id="confirm-coupon"
        className="confirm-coupon-form"
        rowClassName="confirm-coupon-row"
        apply={(code) => purchaseApi(app.api, app.lang).applyCoupon(token, code)}
        onApplied={async (result) => {
          queryClient.setQueryData(orderKey, result.order);
          await queryClient.invalidateQueries({ queryKey: orderKey });
        }}
      />
    </div>
  );
}
