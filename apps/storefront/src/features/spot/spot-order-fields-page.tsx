/**
 * `/spot/order-fields/{token}`: the one thing the spot flow asks of the visitor, the e-mail address
 * the ticket is sent to (typed twice). The route's parameter is the spot order's token.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { email as emailRule, required, sameEmail, validateField } from '@storefront/domain/customer/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { formRules } from '../../ui/field-schema.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { spotApi } from './api/spot-api.ts';
import { spotPath } from './spot-flow.ts';
import { SpotOrderSummary } from './spot-order-summary.tsx';
import '../../ui/forms.css';
import './spot.css';

type Values = { email: string; email2: string };

export default function SpotOrderFieldsPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const qrToken = query.get('qr_token');
  const token = typeof props.reservationToken === 'string' ? props.reservationToken : null;
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  if (!token) return <Navigate to={spotPath('/spot', qrToken)} replace />;
  return (
    <section className="page spot-page" data-screen="spot-order-fields">
      <StepBar kind="spot" current="payment" hasMembershipLogin={false} />
      <h1>{t('spot_order_fields_title')}</h1>
      {order ? (
        <>
          <SpotOrderSummary order={order} />
          <EmailForm token={token} qrToken={qrToken} initial={order.customerFields?.email ?? ''} />
        </>
      ) : (
        <p className="checkout-loading" aria-busy="true">
          {t('common_loading')}
        </p>
      )}
    </section>
  );
}

/** The address by SPEC §5's rules, then its repetition: required, and the same. */
const emailSchema = (t: TFunction) =>
  z.object({ email: z.string(), email2: z.string() }).check(
    formRules(t, (values: Values) => ({
      email: validateField(values.email.trim(), [required, emailRule]),
      email2: validateField(values.email2.trim(), [required]) ?? sameEmail(values.email.trim(), values.email2.trim()),
    })),
  );

function EmailForm(props: { token: string; qrToken: string | null; initial: string }) {
  const { token, qrToken } = props;
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => emailSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm<Values>({
    defaultValues: { email: props.initial, email2: props.initial },
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useMutation({
    mutationFn: (address: string) => spotApi(app.api, app.lang).updateOrder(token, { customer_info: { email: address } }),
    onSuccess: (order) => {
      queryClient.setQueryData(purchaseQueries.order(app, token).queryKey, order);
      navigate(spotPath('/spot/payment', qrToken));
    },
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;
  const describedBy = (name: keyof Values, note?: string) =>
    [note, error(name) ? `spot-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="checkout-form" onSubmit={handleSubmit((values) => save.mutate(values.email.trim()))} noValidate>
      <p id="spot-email-note" className="checkout-hint">
        {t('spot_order_fields_text')}
      </p>
      <div className="checkout-field">
        <label className="checkout-label" htmlFor="spot-email">
          <span>{t('signin_field_email')}</span>
          <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
        </label>
        <input
          id="spot-email"
          className="checkout-input"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required="true"
          aria-invalid={error('email') ? true : undefined}
          aria-describedby={describedBy('email', 'spot-email-note')}
          {...register('email', { deps: ['email2'] })}
        />
        <FieldError id="spot-email-error" message={error('email')} />
      </div>
      <div className="checkout-field">
        <label className="checkout-label" htmlFor="spot-email2">
          <span>{t('signin_field_email2')}</span>
          <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
        </label>
        <input
          id="spot-email2"
          className="checkout-input"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required="true"
          aria-invalid={error('email2') ? true : undefined}
          aria-describedby={describedBy('email2')}
          {...register('email2')}
        />
        <FieldError id="spot-email2-error" message={error('email2')} />
      </div>
      <div className="actions checkout-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('spot_to_payment')}
        </button>
        <Link className="button button-secondary" to={spotPath('/spot/products', qrToken)}>
          {t('common_back')}
        </Link>
      </div>
    </form>
  );
}
