/**
 * The payment returns of SPEC §2: `/payment-callback/gmo3ds` and `/sbps3ds` (3-D Secure),
 * `/payment-callback/{paymentType}[/{status}]` (wallets, payment intents) and `/adyen-callback`.
 * The browser comes back from the provider; this screen asks the server to finish the payment
 * (gmo: `gmo-secure/exe-payment`, every other: `orders/confirmcheckout`) and goes on to the
 * complete page, or follows the retry flow of SPEC §4. Finishing is safe to repeat: the server
 * charges once however often the same return arrives.
 */
import type { PaymentMethodId } from '@storefront/domain/constants';
import { paymentProfile } from '@storefront/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { dateChangePaths, finishChange, readDateChangePayment } from '../../checkout/date-change-session.ts';
import { followAnswer } from '../../checkout/finish-payment.ts';
import { type PaymentApi, paymentApi } from '../../checkout/payment-api.ts';
import { pendingCard } from '../../checkout/pending-card.ts';
import { purchaseApi, type TemporaryOrder } from '../../checkout/purchase-api.ts';
import { completeSpotPurchase, spotPath, spotReturnOf } from '../../checkout/spot-purchase.ts';
import { ApiError } from '../../lib/api/client.ts';
import { useApp } from '../../lib/app-context.tsx';
import { type PaymentContext, paymentPageFor } from '../../lib/errors/payment-retry.ts';
import { useRouteFailure } from '../../lib/errors/route-failure.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import './payment-return.css';

type Provider = 'gmo3ds' | 'sbps3ds' | 'wallet' | 'adyen';
/** working: the server is finishing the payment; stopped: a dialog says what next; no-answer: offer it again. */
type Phase = 'working' | 'stopped' | 'no-answer';

const SCREEN_OF: Record<Provider, string> = {
  gmo3ds: 'three-d-secure-callback',
  sbps3ds: 'three-d-secure-callback',
  wallet: 'payment-callback',
  adyen: 'adyen-callback',
};

const providerOf = (value: unknown): Provider =>
  value === 'gmo3ds' || value === 'sbps3ds' || value === 'adyen' ? value : 'wallet';

/** The finishing call for this return. */
function finish(api: PaymentApi, provider: Provider, paymentNumber: string, method: string | null, status: string | null) {
  if (provider === 'gmo3ds') return api.exePayment(paymentNumber);
  const known = paymentProfile(method) ? (method as PaymentMethodId) : undefined;
  return api.confirmCheckout({
    payment_number: paymentNumber,
    ...(known ? { payment_method_type: known } : {}),
    ...(status === 'success' || status === 'cancel' ? { status } : {}),
  });
}

export default function PaymentReturnPage(props: ScreenProps) {
  const app = useApp();
  const routeFailure = useRouteFailure();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const provider = providerOf(props.provider);
  const status = typeof props.status === 'string' ? props.status : null;
  const dateChange = props.dateChange === true;
  // The number the provider sent back, else the one kept when the visitor left (SPEC §3).
  const [paymentNumber] = useState(() =>
    typeof props.paymentNumber === 'string' && props.paymentNumber !== ''
      ? props.paymentNumber
      : app.session.get('paymentNumber'),
  );
  const [phase, setPhase] = useState<Phase>('working');
  const [attempt, setAttempt] = useState(1);
  const started = useRef(0);

  useEffect(() => {
    if (!paymentNumber || started.current === attempt) return;
    started.current = attempt;
    const go = (path: string) => navigate(path, { replace: true });
    // A date change's payment (time_change=true) goes back to that change's steps.
    const change = dateChange ? readDateChangePayment(app.session) : null;
    // A spot purchase comes back to the spot's own completion and the device's list.
    const spot = change ? null : spotReturnOf(app.session);
    const context: PaymentContext = change
      ? { kind: 'change-date', reservationToken: change.reservationToken, timechangeToken: change.timechangeToken }
      : spot
        ? { kind: 'spot' }
        : { kind: 'purchase' };
    const orderToken = change ? null : app.session.get(spot ? 'spotOrderToken' : 'orderToken');
    const saved = app.session.get('paymentPage');
    const method = change ? change.method : typeof saved?.method === 'string' ? saved.method : null;
    // The order as it was, for the complete page's e-mail and the purchase event; optional.
    const order: Promise<TemporaryOrder | null> = orderToken
      ? purchaseApi(app.api, app.lang)
          .getOrder(orderToken)
          .catch(() => null)
      : Promise.resolve(null);

    const cancelled = () => {
      setPhase('stopped');
      app.session.remove('paymentNumber');
      const back = spot ? spotPath('/spot/payment', spot.qrToken) : paymentPageFor(context);
      openDialog({
        titleKey: 'dialog_payment_cancelled_title',
        textKey: 'dialog_payment_cancelled_text',
        okButtonTextKey: 'dialog_payment_retry_button',
        okAction: () => go(back),
        onClose: () => go(back),
      });
    };

    finish(paymentApi(app.api, app.siteCode), provider, paymentNumber, method, status).then(
      async (answer) => {
        // A wallet left without paying is cancelled, unless the server says it was paid after all.
        if (status === 'cancel' && answer.status !== 'completed') return cancelled();
        if (change && answer.status === 'completed') {
          finishChange(app.session, queryClient, {
            reservationToken: change.reservationToken,
            reservationNumber: answer.reservation_number,
            refund: null,
          });
          pendingCard.forget();
          return go(dateChangePaths.complete(change.reservationToken));
        }
        if (spot && answer.status === 'completed') return completeSpotPurchase(app, answer, await order, spot.qrToken, go);
        followAnswer(app, answer, await order, go);
      },
      (error: unknown) => {
        // A wallet left without paying, and the server answered: cancelled, whatever it said. A
        // provider with one return address for paid and left (PayPay): the server says which.
        if (error instanceof ApiError && error.kind === 'status') {
          if (status === 'cancel' || (error.body as { reason?: unknown } | null)?.reason === 'payment cancelled')
            return cancelled();
        }
        const route = routeFailure(error, { context, dateChange, isAdyen: provider === 'adyen', paymentNumber });
        if (route.kind !== 'none') setPhase(route.kind === 'no-answer' ? 'no-answer' : 'stopped');
      },
    );
  }, [app, attempt, navigate, paymentNumber, provider, queryClient, routeFailure, status, dateChange]);

  // Nothing to finish: no payment in progress on this visit.
  if (!paymentNumber) return <Navigate to="/order" replace />;

  return (
    <section className="page payment-return" data-screen={SCREEN_OF[provider]} data-phase={phase} aria-busy={phase === 'working'}>
      <h1>{t('payment_callback_title')}</h1>
      {phase === 'working' && (
        <div className="payment-return-working">
          <span className="payment-return-spinner" aria-hidden="true" />
          <p role="status">{t('payment_callback_processing')}</p>
        </div>
      )}
      {phase === 'stopped' && <p role="status">{t('payment_callback_returning')}</p>}
      {phase === 'no-answer' && (
        <>
          <p role="alert">{t('payment_callback_failed_text')}</p>
          <p className="actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setPhase('working');
                setAttempt((n) => n + 1);
              }}
            >
              {t('payment_callback_retry')}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
