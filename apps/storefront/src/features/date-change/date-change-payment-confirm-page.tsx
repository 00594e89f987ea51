/**
 * `/tickets/changedate/payment/confirm/{reservationToken}/timechange/{timechangeToken}`: the
 * change, the amount and the method, then the payment. A redirect leaves for the provider and
 * comes back through the payment returns with time_change=true; a failure follows the SPEC §4
 * retry flow back to this change's payment step.
 */
import type { PaymentMethodId } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dateChangePaths, finishChange, readDateChangePayment } from '../../checkout/date-change-session.ts';
import { leaveForProvider } from '../../checkout/finish-payment.ts';
import { pendingCard } from '../../checkout/pending-card.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import { isPaymentRoute, useRouteFailure } from '../../lib/errors/route-failure.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { ChangeNotPending, ChangeSummary } from './change-summary.tsx';
import { useDateChange } from './use-date-change.ts';
import '../../ui/confirm-layout.css';
import './date-change.css';

export default function DateChangePaymentConfirmPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reservationToken, timechangeToken, api, query, change } = useDateChange(props);
  const { data: methods } = useQuery(catalogueQueries.paymentMethods(app, 'web'));
  const payment = readDateChangePayment(app.session);
  const context = { kind: 'change-date' as const, reservationToken, timechangeToken };
  const go = (path: string) => navigate(path, { replace: true });
  const routeFailure = useRouteFailure();
  const [isLeaving, setLeaving] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const checkout = useMutation({
    mutationFn: () =>
      api.checkout(timechangeToken, {
        reservation_token: reservationToken,
        payment_method: payment?.method as PaymentMethodId,
        card_token: pendingCard.current()?.token,
      }),
    meta: { routesOwnFailure: true },
    onSuccess: (answer) => {
      if (answer.status === 'requires_action') {
        setLeaving(true);
        leaveForProvider(app, answer);
        return;
      }
      finishChange(app.session, queryClient, { reservationToken, reservationNumber: answer.reservation_number, refund: null });
      pendingCard.forget();
      go(dateChangePaths.complete(reservationToken));
    },
    onError: (error) => {
      const route = routeFailure(error, { context, dateChange: true, onlyPaymentFailures: true });
      // Anything but a payment failure leaves the visitor here, with the change as it now stands.
      if (!isPaymentRoute(route)) void query.refetch();
    },
  });

  const hasPayment = payment !== null && payment.timechangeToken === timechangeToken;
  const method = methods?.find((m) => m.method === payment?.method);
  const isBusy = checkout.isPending || isLeaving;

  return (
    <section className="page change-date-payment-confirm-page" data-screen="change-date-payment-confirm">
      <h1>{t('changedate_payment_confirm_title')}</h1>
      {!change ? (
        <p aria-busy={!query.isError}>{query.isError ? '' : t('common_loading')}</p>
      ) : change.status !== 'pending' ? (
        <ChangeNotPending change={change} reservationToken={reservationToken} />
      ) : !hasPayment ? (
        // No method chosen on this visit (a reload in another tab): choose it first.
        <p className="actions">
          <Link className="button button-primary" to={dateChangePaths.payment(reservationToken, timechangeToken)}>
            {t('changedate_payment_title')}
          </Link>
        </p>
      ) : (
        <>
          <ChangeSummary change={change} />
          <dl className="facts">
            <dt>{t('confirm_section_payment')}</dt>
            <dd className="change-method">{method?.name ?? payment?.method}</dd>
          </dl>
          <div className="confirm-pay">
            <p className="confirm-pay-total">
              <span>{t('changedate_to_pay')}</span>
              <strong>{formatPrice(change.amounts.toPay, app.config.currency, app.lang)}</strong>
            </p>
            <button
              type="button"
              className="button button-primary change-date-pay"
              disabled={isBusy}
              onClick={() => checkout.mutate()}
            >
              {t(isBusy ? 'payment_processing' : 'changedate_pay_button')}
            </button>
            <p className="visually-hidden" role="status">
              {isBusy ? t('payment_processing') : ''}
            </p>
            <Link className="button button-secondary" to={dateChangePaths.payment(reservationToken, timechangeToken)}>
              {t('common_back')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
