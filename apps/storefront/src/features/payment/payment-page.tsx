/**
 * `/payment` (and its `ref=c` change variant): how the visitor pays for the order in progress. An
 * order of 0 is free; anything else takes one of the site's methods and, on this step, the card,
 * which the gateway's script turns into a one-time token kept in memory for checkout.
 */
import type { PaymentMethod } from '@storefront/domain/api/catalogue';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { HoldNotice } from '../../checkout/hold-notice.tsx';
import { PaymentMethodForm } from '../../checkout/payment-method-form.tsx';
import { initialMethod, methodsFor } from '../../checkout/payment-methods.ts';
import { purchaseApi, type TemporaryOrder } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import '../../ui/forms.css';
import '../../checkout/payment.css';

export default function PaymentPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = app.session.get('orderToken');
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  const { data: methods } = useQuery(catalogueQueries.paymentMethods(app, 'web'));
  if (!token) return <Navigate to="/order" replace />;
  return (
    <section className="page payment-page" data-screen="payment">
      <StepBar
        kind={app.config.isStartMailConfirmOnly ? 'mail-only' : 'normal'}
        current="payment"
        hasMembershipLogin={app.config.hasMembershipLogin}
      />
      <h1>{t('payment_title')}</h1>
      {order && <HoldNotice expiresAt={order.expiresAt} />}
      {order && methods ? (
        <PaymentForm order={order} methods={methods} token={token} isChange={props.isChange === true} />
      ) : (
        <p className="checkout-loading" aria-busy="true">
          {t('common_loading')}
        </p>
      )}
    </section>
  );
}

function PaymentForm(props: { order: TemporaryOrder; methods: PaymentMethod[]; token: string; isChange: boolean }) {
  const { order, token, isChange } = props;
  const app = useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const usable = useMemo(() => methodsFor(props.methods, order.price), [props.methods, order.price]);
  const saved = app.session.get('paymentPage');

  const save = useMutation({
    mutationFn: (paymentMethod: PaymentMethodId) =>
      purchaseApi(app.api, app.lang).updateOrder(token, { payment_method: paymentMethod }),
    onSuccess: (updated) => {
      queryClient.setQueryData(purchaseQueries.order(app, token).queryKey, updated);
      navigate('/confirm');
    },
  });

  return (
    <PaymentMethodForm
      usable={usable}
      amount={order.price}
      initialMethod={initialMethod(usable, typeof saved?.method === 'string' ? saved.method : null, order.paymentMethod)}
      isPending={save.isPending}
      backTo={isChange ? '/confirm' : app.config.isStartMailConfirmOnly ? null : '/sign-in'}
      onSubmit={(method) => {
        app.session.set('paymentPage', { method });
        save.mutate(method);
      }}
    />
  );
}
