/**
 * `/tickets/changedate/payment/{reservationToken}/timechange/{timechangeToken}`: how the visitor
 * pays a change's difference, with the payment page's method list and card form. The carrier
 * login (d-pay) belongs to orders, so it is not offered here. Only the card's one-time token is
 * kept, in memory.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateChangePaths, readDateChangePayment } from '../../checkout/date-change-session.ts';
import { PaymentMethodForm } from '../../checkout/payment-method-form.tsx';
import { initialMethod, methodsFor } from '../../checkout/payment-methods.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { ChangeNotPending } from './change-summary.tsx';
import { HoldUntil } from './hold-until.tsx';
import { useDateChange } from './use-date-change.ts';
import './date-change.css';

export default function DateChangePaymentPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reservationToken, timechangeToken, query, change } = useDateChange(props);
  const { data: methods } = useQuery(catalogueQueries.paymentMethods(app, 'web'));
  const toPay = change?.amounts.toPay ?? 0;
  const usable = useMemo(
    () => (methods ? methodsFor(methods, toPay).filter((m) => m.kind !== 'carrier' && m.kind !== 'free') : []),
    [methods, toPay],
  );
  const saved = readDateChangePayment(app.session);

  return (
    <section className="page payment-page change-date-payment-page" data-screen="change-date-payment">
      <h1>{t('changedate_payment_title')}</h1>
      {!change || !methods ? (
        <p aria-busy={!query.isError}>{query.isError ? '' : t('common_loading')}</p>
      ) : change.status !== 'pending' ? (
        <ChangeNotPending change={change} reservationToken={reservationToken} />
      ) : (
        <>
          <HoldUntil expiresAt={change.expiresAt} />
          <PaymentMethodForm
            usable={usable}
            amount={toPay}
            initialMethod={initialMethod(usable, saved?.timechangeToken === timechangeToken ? saved.method : null)}
            isPending={false}
            backTo={dateChangePaths.confirm(reservationToken, timechangeToken)}
            onSubmit={(method) => {
              app.session.set('changeDatePayment', { reservationToken, timechangeToken, method });
              navigate(dateChangePaths.paymentConfirm(reservationToken, timechangeToken));
            }}
          />
        </>
      )}
    </section>
  );
}
