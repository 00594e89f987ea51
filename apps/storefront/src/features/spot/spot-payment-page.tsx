/**
 * `/spot/payment?qr_token=…`: the last step on the spot. A coupon, the site's spot payment methods
 * (free for an order of 0, else the card through the sandbox gateway in demo mode), and the
 * checkout of the purchase flow; the ticket goes to the e-mail address and is kept on the device.
 */
import type { PaymentMethod } from '@storefront/domain/api/catalog';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { needsCard } from '@storefront/domain/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useApp } from '../../app/app-context.tsx';
import { catalogueQueries } from '../../app/catalogue-queries.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { showToast } from '../../ui/toast/toast-store.ts';
import { reservationOf } from '../confirm/order-summary.ts';
import {
  EXPIRY_MONTHS,
  expiryYears,
  initialValues,
  type PaymentFormValues,
  toCardDetails,
  validatePaymentForm,
} from '../payment/card-form.ts';
import { tokenizeCard } from '../payment/card-token.ts';
import { PaymentMark } from '../payment/payment-mark.tsx';
import { initialMethod, isFreeMethod, methodsFor } from '../payment/payment-methods.ts';
import { leaveForProvider } from '../purchase/finish-payment.ts';
import { paymentApi } from '../purchase/payment-api.ts';
import type { TemporaryOrder } from '../purchase/purchase-api.ts';
import { purchaseQueries } from '../purchase/purchase-queries.ts';
import { spotApi } from './spot-api.ts';
import { keepSpotTicket, spotPath } from './spot-flow.ts';
import { SpotOrderSummary } from './spot-order-summary.tsx';
import '../purchase/checkout-forms.css';
import '../payment/payment.css';
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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState } = useForm<{ coupon: string }>({ defaultValues: { coupon: '' } });
  const apply = useMutation({
    mutationFn: (code: string) => spotApi(app.api, app.lang).applyCoupon(props.token, code),
    onSuccess: (result) => {
      reset({ coupon: '' });
      showToast(t('order_coupon_applied', { name: result.coupon_name }));
      queryClient.setQueryData(purchaseQueries.order(app, props.token).queryKey, result.order);
    },
  });
  const error = formState.errors.coupon?.message;
  return (
    <form className="spot-coupon" onSubmit={handleSubmit((values) => apply.mutate(values.coupon.trim()))} noValidate>
      <label className="checkout-label" htmlFor="spot-coupon">
        {t('order_coupon_label')}
      </label>
      <div className="spot-coupon-row">
        <input
          id="spot-coupon"
          className="checkout-input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('order_coupon_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'spot-coupon-error' : undefined}
          {...register('coupon', { validate: (value) => (value.trim() === '' ? t('common_validate_required') : true) })}
        />
        <button type="submit" className="button button-secondary" disabled={apply.isPending}>
          {t('order_coupon_apply')}
        </button>
      </div>
      <FieldError id="spot-coupon-error" message={error} />
    </form>
  );
}

function PayForm(props: { order: TemporaryOrder; methods: PaymentMethod[]; token: string; qrToken: string | null }) {
  const { order, token, qrToken } = props;
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const usable = useMemo(() => methodsFor(props.methods, order.price), [props.methods, order.price]);
  const years = useMemo(() => expiryYears(new Date()), []);
  const resolver = useMemo<Resolver<PaymentFormValues>>(
    () => (values) => {
      const errors: FieldErrors<PaymentFormValues> = {};
      for (const [name, failure] of Object.entries(validatePaymentForm(values, new Date()))) {
        errors[name as keyof PaymentFormValues] = { type: failure.key, message: t(failure.key, failure.values) };
      }
      return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
    },
    [t],
  );
  const { register, handleSubmit, watch, formState } = useForm<PaymentFormValues>({
    defaultValues: initialValues(initialMethod(usable, order.paymentMethod), null),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const method = watch('method');
  const chosen = usable.find((candidate) => candidate.method === method);

  const pay = useMutation({
    mutationFn: async (values: PaymentFormValues) => {
      const paymentMethod = values.method as PaymentMethodId;
      const provider = usable.find((candidate) => candidate.method === paymentMethod)?.provider;
      // The card goes to the gateway's script; the shop gets its one-time token.
      const card = needsCard(paymentMethod) && provider ? await tokenizeCard(provider, toCardDetails(values)) : null;
      const ready = await spotApi(app.api, app.lang).updateOrder(token, { payment_method: paymentMethod });
      const result = await paymentApi(app.api, app.siteCode).checkout(token, {
        payment_method: paymentMethod,
        ...(card ? { card_token: card.token } : {}),
      });
      return { ready, result };
    },
    onSuccess: ({ ready, result }) => {
      // A 3-D Secure challenge or a wallet's approval first: the payment return finishes it.
      if (result.status === 'requires_action') {
        leaveForProvider(app, result);
        return;
      }
      const reservationToken = result.reservation_token ?? '';
      const visit = reservationOf(ready);
      keepSpotTicket(app.session, {
        reservationToken,
        reservationNumber: result.reservation_number,
        productName: ready.mainProduct.name,
        date: visit.date,
        from: visit.from,
        to: visit.to,
        quantity: ready.mainProduct.quantity,
        email: ready.customerFields?.email ?? null,
      });
      app.session.remove('spotOrderToken', 'spotOrderPage');
      navigate(spotPath(`/spot/email-sended/${encodeURIComponent(reservationToken)}`, qrToken), { replace: true });
    },
  });

  const errors = formState.errors;
  const error = (name: keyof PaymentFormValues) => errors[name]?.message;
  const invalid = (name: keyof PaymentFormValues) => (error(name) ? true : undefined);
  const describe = (name: keyof PaymentFormValues, ...more: string[]) =>
    [...more, error(name) ? `spot-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="checkout-form spot-pay" onSubmit={handleSubmit((values) => pay.mutate(values))} noValidate>
      <fieldset className="payment-methods" aria-describedby={describe('method')}>
        <legend className="section-title">{t('payment_choose_method')}</legend>
        {usable.map((candidate) => (
          <label key={candidate.method} className="payment-method" data-method={candidate.method}>
            <input type="radio" value={candidate.method} aria-invalid={invalid('method')} {...register('method')} />
            <PaymentMark mark={candidate.mark} />
            <span className="payment-method-name">{candidate.name}</span>
          </label>
        ))}
        <FieldError id="spot-method-error" message={error('method')} />
      </fieldset>
      {isFreeMethod(method) && <p className="payment-note">{t('payment_free_note')}</p>}
      {chosen && needsCard(chosen.method) && (
        <fieldset className="payment-card">
          <legend className="section-title">{chosen.name}</legend>
          {app.config.appMode === 'demo' && <p className="payment-demo-cards">{t('payment_demo_test_cards')}</p>}
          <div className="checkout-field">
            <RequiredLabel htmlFor="spot-card-number" textKey="payment_card_number" />
            <input
              id="spot-card-number"
              className="checkout-input payment-number-input"
              type="text"
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              aria-required="true"
              aria-invalid={invalid('cardNumber')}
              aria-describedby={describe('cardNumber')}
              {...register('cardNumber')}
            />
            <FieldError id="spot-cardNumber-error" message={error('cardNumber')} />
          </div>
          <fieldset className="checkout-field payment-expiry">
            <legend className="checkout-label">
              <span>{t('payment_expiry')}</span>
              <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
            </legend>
            <div className="payment-expiry-row">
              <div>
                <label className="payment-sub-label" htmlFor="spot-exp-month">
                  {t('payment_expiry_month')}
                </label>
                <select
                  id="spot-exp-month"
                  className="checkout-input"
                  autoComplete="cc-exp-month"
                  aria-required="true"
                  aria-invalid={invalid('expMonth')}
                  aria-describedby={describe('expMonth')}
                  {...register('expMonth', { deps: ['expYear'] })}
                >
                  <option value="">--</option>
                  {EXPIRY_MONTHS.map((month) => (
                    <option key={month} value={month}>
                      {month}
                    </option>
                  ))}
                </select>
              </div>
              <span aria-hidden="true" className="payment-expiry-slash">
                /
              </span>
              <div>
                <label className="payment-sub-label" htmlFor="spot-exp-year">
                  {t('payment_expiry_year')}
                </label>
                <select
                  id="spot-exp-year"
                  className="checkout-input"
                  autoComplete="cc-exp-year"
                  aria-required="true"
                  aria-invalid={invalid('expYear')}
                  aria-describedby={describe('expYear')}
                  {...register('expYear')}
                >
                  <option value="">----</option>
                  {years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <FieldError id="spot-expMonth-error" message={error('expMonth')} />
            <FieldError id="spot-expYear-error" message={error('expYear')} />
          </fieldset>
          <div className="checkout-field">
            <RequiredLabel htmlFor="spot-cvc" textKey="payment_security_code" />
            <input
              id="spot-cvc"
              className="checkout-input payment-cvc-input"
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              aria-required="true"
              aria-invalid={invalid('cvc')}
              aria-describedby={describe('cvc', 'spot-cvc-note')}
              {...register('cvc')}
            />
            <p id="spot-cvc-note" className="checkout-hint">
              {t('payment_security_code_note')}
            </p>
            <FieldError id="spot-cvc-error" message={error('cvc')} />
          </div>
          <div className="checkout-field">
            <RequiredLabel htmlFor="spot-card-holder" textKey="payment_card_holder" />
            <input
              id="spot-card-holder"
              className="checkout-input"
              type="text"
              autoComplete="cc-name"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t('payment_card_holder_placeholder')}
              aria-required="true"
              aria-invalid={invalid('cardHolder')}
              aria-describedby={describe('cardHolder')}
              {...register('cardHolder')}
            />
            <FieldError id="spot-cardHolder-error" message={error('cardHolder')} />
          </div>
        </fieldset>
      )}
      <p className="spot-note">{t('confirm_no_cancel_note')}</p>
      <div className="actions checkout-actions">
        <button type="submit" className="button button-primary spot-pay-submit" disabled={pay.isPending || usable.length === 0}>
          {t(pay.isPending ? 'payment_processing' : 'spot_pay')}
        </button>
        <Link className="button button-secondary" to={spotPath(`/spot/order-fields/${encodeURIComponent(token)}`, qrToken)}>
          {t('common_back')}
        </Link>
      </div>
      <p className="visually-hidden" role="status">
        {pay.isPending ? t('payment_processing') : ''}
      </p>
    </form>
  );
}

function RequiredLabel(props: { htmlFor: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <label className="checkout-label" htmlFor={props.htmlFor}>
      <span>{t(props.textKey)}</span>
      <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
    </label>
  );
}
