/**
 * Mail-only confirmation (SPEC §1): without a token, the visitor enters their address and gets a
 * link by mail; with the link's token, the order comes back and the purchase goes on to payment.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { email as emailRule, required, sameEmail } from '@storefront/domain/customer/validation';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { HoldNotice } from '../../checkout/hold-notice.tsx';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import { FieldError } from '../../ui/field-error.tsx';
import { formRules, ruledField } from '../../ui/field-schema.ts';
import { StepBar } from '../../ui/step-bar.tsx';

export default function MailConfirmPage() {
  const [query] = useSearchParams();
  const token = query.get('token');
  return token ? <ConfirmLink mailToken={token} /> : <AddressForm />;
}

function ConfirmLink({ mailToken }: { mailToken: string }) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: () => purchaseApi(app.api, app.lang).confirmOrderMail(mailToken),
    onSuccess: ({ order_token }) => {
      app.session.set('orderToken', order_token);
      navigate('/payment', { replace: true });
    },
    onError: () => navigate('/error', { replace: true }),
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate();
  }, [confirm]);
  return (
    <section className="page" data-screen="mail-confirm" aria-busy="true">
      <h1>{t('mail_confirm_title')}</h1>
      <p role="status">{t('mail_confirm_verifying')}</p>
    </section>
  );
}

/** The address by SPEC §5's rules, then the two must match. */
const formSchema = (t: TFunction) =>
  z
    .object({
      email: ruledField(t, (value) => (value?.trim() ? emailRule(value) : required(''))),
      email2: z.string(),
    })
    .check(formRules(t, (values: { email: string; email2: string }) => ({ email2: sameEmail(values.email, values.email2) })));

function AddressForm() {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { email: useId(), email2: useId(), error: useId() };
  const schema = useMemo(() => formSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', email2: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  // One message for the pair: the address's own rule first, then the two must match.
  const error = formState.errors.email?.message ?? formState.errors.email2?.message ?? null;
  const token = app.session.get('orderToken');
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  useEffect(() => {
    if (!token) navigate('/order', { replace: true });
  }, [token, navigate]);
  const send = useMutation({
    mutationFn: (address: string) => purchaseApi(app.api, app.lang).sendOrderMail(token ?? '', address),
    onSuccess: () => navigate('/sended-mail'),
  });
  const onSubmit = handleSubmit((values) => send.mutate(values.email.trim()));
  return (
    <section className="page" data-screen="mail-confirm">
      <StepBar kind="mail-only" current="payment" hasMembershipLogin={app.config.hasMembershipLogin} />
      <h1>{t('mail_confirm_title')}</h1>
      {order && <HoldNotice expiresAt={order.expiresAt} />}
      <p>{t('mail_confirm_text')}</p>
      <form className="stack-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.email}>{t('signin_field_email')}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="email"
          required
          aria-invalid={error !== null}
          aria-describedby={error ? ids.error : undefined}
          {...register('email')}
        />
        <label htmlFor={ids.email2}>{t('signin_field_email2')}</label>
        <input
          id={ids.email2}
          type="email"
          autoComplete="email"
          required
          aria-invalid={error !== null}
          aria-describedby={error ? ids.error : undefined}
          {...register('email2')}
        />
        <FieldError id={ids.error} message={error} />
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          {t('mail_confirm_submit')}
        </button>
      </form>
    </section>
  );
}
