/**
 * Membership login (SPEC §2, §6) on sites that enable it: a member signs in to get the member
 * benefit on this order, and their details fill the sign-in form; anyone may continue as a guest.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { required } from '@storefront/domain/customer/validation';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { HoldNotice } from '../../checkout/hold-notice.tsx';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledField } from '../../ui/field-schema.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { showToast } from '../../ui/toast/toast-store.ts';

/** The member's address and password, both required (SPEC §5). */
const formSchema = (t: TFunction) => z.object({ email: ruledField(t, required), password: ruledField(t, required) });

export default function MembershipLoginPage() {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { email: useId(), password: useId(), error: useId() };
  const schema = useMemo(() => formSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.email?.message ?? formState.errors.password?.message ?? null;
  const token = app.session.get('orderToken');
  // The places are held from the order page on: how long is said on every step (issue 20).
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  const next = app.config.isStartMailConfirmOnly ? '/mail-confirm' : '/sign-in';
  useEffect(() => {
    if (!token || !app.config.hasMembershipLogin) navigate(token ? next : '/order', { replace: true });
  }, [token, app.config.hasMembershipLogin, navigate, next]);

  const login = useMutation({
    mutationFn: async (values: { email: string; password: string }) => {
      const calls = purchaseApi(app.api, app.lang);
      const { membership } = await calls.membershipLogin(token ?? '', { email: values.email.trim(), password: values.password });
      return { membership, order: await calls.getOrder(token ?? '') };
    },
    onSuccess: ({ membership, order }) => {
      // The member's details start the sign-in form, unless the visitor already filled it.
      if (!app.session.get('signInPage')) {
        app.session.set('signInPage', {
          fullname: membership.name,
          email: membership.email,
          email2: membership.email,
          ...(membership.phone ? { phone: membership.phone } : {}),
          ...(membership.residentArea ? { resident_area: membership.residentArea } : {}),
        });
      }
      if (order.membershipPromotion) {
        app.session.set('membershipPromotion', order.membershipPromotion);
        showToast(t('order_membership_promotion_applied', { name: order.membershipPromotion.name }));
      }
      navigate(next);
    },
  });

  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <section className="page" data-screen="membership-login">
      <StepBar kind="normal" current="membership_login" hasMembershipLogin />
      <h1>{t('membership_login_title')}</h1>
      {order && <HoldNotice expiresAt={order.expiresAt} />}
      <p>{t('membership_login_text')}</p>
      <form className="stack-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.email}>{t('membership_login_email')}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="username"
          aria-describedby={error ? ids.error : undefined}
          {...register('email')}
        />
        <label htmlFor={ids.password}>{t('membership_login_password')}</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          aria-describedby={error ? ids.error : undefined}
          {...register('password')}
        />
        <FieldError id={ids.error} message={error} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={login.isPending}>
            {t('membership_login_submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => navigate(next)}>
            {t('membership_login_guest')}
          </button>
        </div>
      </form>
    </section>
  );
}
