/**
 * `/confirm` (and `/d-pay-confirm`, the same screen for the d-pay wallet): the whole temporary
 * order for a last look, coupons, and the checkout. On success the visit's data is reset, the
 * complete page's data kept, the purchase tracked, and the visitor taken to `/complete`.
 */
import type { PaymentMethod } from '@storefront/domain/api/catalogue';
import type { PaymentMethodId } from '@storefront/domain/constants';
import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { formatPrice } from '@storefront/domain/format';
import { paymentProfile } from '@storefront/domain/payments';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { followAnswer } from '../../checkout/finish-payment.ts';
import { HoldNotice } from '../../checkout/hold-notice.tsx';
import { checkoutBlocker } from '../../checkout/order-summary.ts';
import { paymentApi } from '../../checkout/payment-api.ts';
import { pendingCard } from '../../checkout/pending-card.ts';
import type { TemporaryOrder } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import { useRouteFailure } from '../../lib/errors/route-failure.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import '../../ui/forms.css';
import '../../ui/confirm-layout.css';
import { CustomerSection, PaymentSection } from './confirm-sections.tsx';
import { OrderSection } from './order-section.tsx';
import { useCarrierLogin } from './use-carrier-login.ts';

export default function ConfirmPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  // Read once: checkout resets the session before this page has gone.
  const [token] = useState(() => app.session.get('orderToken'));
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  const { data: templates = [] } = useQuery(purchaseQueries.fieldTemplates(app));
  const { data: methods = [] } = useQuery(catalogueQueries.paymentMethods(app, 'web'));
  if (!token) return <Navigate to="/order" replace />;
  return (
    <section className="page confirm-page" data-screen="confirm" data-d-pay={props.isDPay === true}>
      <StepBar
        kind={app.config.isStartMailConfirmOnly ? 'mail-only' : 'normal'}
        current="confirm"
        hasMembershipLogin={app.config.hasMembershipLogin}
      />
      <h1>{t('confirm_title')}</h1>
      <p>{t('confirm_text')}</p>
      {order ? (
        <ConfirmContent order={order} token={token} templates={templates} methods={methods} isDPay={props.isDPay === true} />
      ) : (
        <p className="checkout-loading" aria-busy="true">
          {t('common_loading')}
        </p>
      )}
    </section>
  );
}

type ContentProps = {
  order: TemporaryOrder;
  token: string;
  templates: FieldTemplate[];
  methods: PaymentMethod[];
  /** `/d-pay-confirm`: the return from the carrier login, with its code and state. */
  isDPay: boolean;
};

function ConfirmContent({ order, token, templates, methods, isDPay }: ContentProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  const hasSignIn = !app.config.isStartMailConfirmOnly;
  const payments = paymentApi(app.api, app.siteCode);
  const go = (path: string) => navigate(path, { replace: true });
  const routeFailure = useRouteFailure();
  const isCarrier = paymentProfile(order.paymentMethod)?.kind === 'carrier';
  // What the venue's rule for this product lets the visitor do after paying, said as it is.
  const { data: products } = useQuery(catalogueQueries.products(app));
  const cancelRule = products?.find((p) => p.uuid === order.mainProduct.uuid)?.selfCancel ?? null;
  const cancelNote = !cancelRule
    ? t('confirm_no_cancel_note')
    : cancelRule.fee > 0
      ? t('confirm_cancel_note_fee', { hours: cancelRule.hoursBefore, fee: price(cancelRule.fee) })
      : t('confirm_cancel_note_free', { hours: cancelRule.hoursBefore });
  const carrierLogin = useCarrierLogin(isDPay && isCarrier);
  const carrierToken = carrierLogin.token;
  // The browser is on its way to the provider: the button stays busy until the page goes.
  const [isLeaving, setLeaving] = useState(false);
  useEffect(() => {
    // Back from the provider's page to this one kept in the browser's cache: it can be used again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const checkout = useMutation({
    mutationFn: () =>
      payments.checkout(token, {
        payment_method: order.paymentMethod as PaymentMethodId,
        card_token: carrierToken ?? pendingCard.current()?.token ?? undefined,
      }),
    meta: { routesOwnFailure: true },
    onSuccess: (answer) => {
      if (answer.status === 'requires_action') setLeaving(true);
      followAnswer(app, answer, order, go);
    },
    onError: (error) => {
      routeFailure(error, { context: { kind: 'purchase' }, dateChange: false, onlyPaymentFailures: true });
    },
  });

  // The carrier login comes first: its page, then back to /d-pay-confirm with a code.
  const login = useMutation({
    mutationFn: () => payments.dAccountAuth(token),
    onSuccess: (auth) => {
      setLeaving(true);
      app.session.set('dPayStateCode', auth.state_code);
      window.location.assign(auth.auth_url);
    },
  });

  const needsLogin = isCarrier && carrierToken === null;
  const onPay = () => {
    const blocker = checkoutBlocker(order, { hasCard: pendingCard.current() !== null, hasSignIn });
    if (blocker) {
      navigate(blocker);
      return;
    }
    if (needsLogin) login.mutate();
    else checkout.mutate();
  };
  const isBusy = checkout.isPending || login.isPending || carrierLogin.isChecking || isLeaving;

  return (
    <div className="confirm-layout">
      <HoldNotice expiresAt={order.expiresAt} />
      <OrderSection order={order} token={token} price={price} />
      <div className="confirm-side">
        <CustomerSection order={order} templates={templates} canEdit={hasSignIn} />
        <PaymentSection order={order} methods={methods} />
        <div className="confirm-pay">
          <p className="confirm-pay-total">
            <span>{t('confirm_total')}</span>
            <strong>{price(order.price)}</strong>
          </p>
          {isCarrier && (
            <p className="confirm-note confirm-carrier-note" data-d-pay-ready={!needsLogin}>
              {t(needsLogin ? 'payment_d_pay_note' : 'confirm_d_pay_ready')}
            </p>
          )}
          <p className="confirm-note confirm-cancel-note">{cancelNote}</p>
          <p className="confirm-note">{t('confirm_agree_note')}</p>
          <button type="button" className="button button-primary confirm-submit" disabled={isBusy} onClick={onPay}>
            {t(isBusy ? 'payment_processing' : needsLogin ? 'confirm_d_pay_login' : 'confirm_submit')}
          </button>
          <p className="visually-hidden" role="status">
            {isBusy ? t('payment_processing') : ''}
          </p>
        </div>
      </div>
    </div>
  );
}
