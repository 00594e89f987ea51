/**
 * `/spot/payment?qr_token=…`: the last step on the spot. A coupon, the site's spot payment methods
 * (free for an order of 0, else the card through the sandbox gateway in demo mode), and the
 * checkout of the purchase flow; the ticket goes to the e-mail address and is kept on the device.
 */
import type { PaymentMethod } from '@storefront/domain/api/catalogue';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { needsCard } from '@storefront/domain/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { leaveForProvider } from '../../checkout/finish-payment.ts';
import { paymentApi } from '../../checkout/payment-api.ts';
import { PaymentMethodForm } from '../../checkout/payment-method-form.tsx';
import { initialMethod, methodsFor } from '../../checkout/payment-methods.ts';
import { pendingCard } from '../../checkout/pending-card.ts';
import type { TemporaryOrder } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { completeSpotPurchase } from '../../checkout/spot-purchase.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import { CouponEntry } from '../../ui/coupon-entry.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { spotApi } from './api/spot-api.ts';
import { spotPath } from './spot-flow.ts';
import { SpotOrderSummary } from './spot-order-summary.tsx';
import '../../ui/forms.css';
import '../../checkout/payment.css';
import './spot.css';

export default function SpotPaymentPage() {
  const app = useApp();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const qrToken = query.get('qr_token');
  // Read once: a successful payment forgets it before this page has gone.
  const [token] = useState(() => app.session.get('spotOrderToken'));
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  const { data: methods } = useQuery(catalogueQueries.paymentMethods(app, 'spot'));
  if (!token) return <Navigate to={spotPath('/spot', qrToken)} replace />;
  return (
    <section className="page spot-page" data-screen="spot-payment">
      <StepBar kind="spot" current="payment" hasMembershipLogin={false} />
      <h1>{t('payment_title')}</h1>
      {order && methods ? (
        <>
          <SpotOrderSummary order={order} />
          <CouponForm token={token} />
          <PayForm order={order} methods={methods} token={token} qrToken={qrToken} />
        </>
      ) : (
        <p className="checkout-loading" aria-busy="true">
          {t('common_loading')}
        </p>
      )}
    </section>
  );
}

function CouponForm(props: { token: string }) {
  const app = useApp();
  const queryClient = useQueryClient();
  return (
    <CouponEntry
      id="spot-coupon"
      className="spot-coupon"
      rowClassName="spot-coupon-row"
      apply={(code) => spotApi(app.api, app.lang).applyCoupon(props.token, code)}
      onApplied={(result) => {
        queryClient.setQueryData(purchaseQueries.order(app, props.token).queryKey, result.order);
      }}
    />
  );
}

function PayForm(props: { order: TemporaryOrder; methods: PaymentMethod[]; token: string; qrToken: string | null }) {
  const { order, token, qrToken } = props;
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const usable = useMemo(() => methodsFor(props.methods, order.price), [props.methods, order.price]);

  // No confirm step on the spot (its step bar is order, payment): the payment page pays at once.
  const pay = useMutation({
    mutationFn: async (paymentMethod: PaymentMethodId) => {
      const ready = await spotApi(app.api, app.lang).updateOrder(token, { payment_method: paymentMethod });
      const card = needsCard(paymentMethod) ? pendingCard.current() : null;
      const result = await paymentApi(app.api, app.siteCode).checkout(token, {
        payment_method: paymentMethod,
        ...(card ? { card_token: card.token } : {}),
      });
      return { ready, result };
    },
    onSuccess: ({ ready, result }) => {
      pendingCard.forget();
      // A 3-D Secure challenge or a wallet's approval first: the payment return finishes it, the spot way.
      if (result.status === 'requires_action') {
        leaveForProvider(app, result, { qrToken });
        return;
      }
      completeSpotPurchase(app, result, ready, qrToken, (path) => navigate(path, { replace: true }));
    },
  });

  return (
    <PaymentMethodForm
      usable={usable}
      amount={order.price}
      initialMethod={initialMethod(usable, order.paymentMethod)}
      isPending={pay.isPending}
      backTo={spotPath(`/spot/order-fields/${encodeURIComponent(token)}`, qrToken)}
      submitKey="spot_pay"
      footnote={t('confirm_no_cancel_note')}
      onSubmit={(method) => pay.mutate(method)}
    />
  );
}
