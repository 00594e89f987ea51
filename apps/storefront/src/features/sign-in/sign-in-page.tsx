/**
 * `/sign-in` (and its `ref=c` change variant): the visitor's details for the order in progress
 * (SPEC §3 customer info, §5 validation). The fields come from the site's field templates; what
 * is typed is kept in the session so coming back restores it.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldTemplate,
  fieldsToSend,
  mailMagazineStartsTicked,
  NO_SELECT,
  validateCustomerFields,
} from '@storefront/domain/customer/customer-info';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { choiceGroups } from '../../checkout/customer-fields.ts';
import { HoldNotice } from '../../checkout/hold-notice.tsx';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { type FormField, formFields, restoreValues, type SignInValues } from './sign-in-form.ts';
import '../../ui/forms.css';
import './sign-in.css';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledForm } from '../../ui/field-schema.ts';

export default function SignInPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = app.session.get('orderToken');
  // An order that has timed out sends the visitor back to the start (the app's failure router).
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  const { data: templates } = useQuery(purchaseQueries.fieldTemplates(app));
  if (!token) return <Navigate to="/order" replace />;
  const isChange = props.isChange === true;
  return (
    <section className="page sign-in-page" data-screen="sign-in">
      <StepBar kind="normal" current="sign_in" hasMembershipLogin={app.config.hasMembershipLogin} />
      <h1>{t('signin_title')}</h1>
      {order && <HoldNotice expiresAt={order.expiresAt} />}
      <p>{t('signin_text')}</p>
      {templates && order ? (
        <SignInForm templates={templates} orderFields={order.customerFields} token={token} isChange={isChange} />
      ) : (
        <p className="checkout-loading" aria-busy="true">
          {t('common_loading')}
        </p>
      )}
    </section>
  );
}

function SignInForm(props: {
  templates: FieldTemplate[];
  orderFields: Record<string, string> | null;
  token: string;
  isChange: boolean;
}) {
  const { templates, token, isChange } = props;
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useMemo(() => formFields(templates), [templates]);

  // The customer fields by the templates' SPEC §5 rules, the e-mail confirmed.
  const schema = useMemo(
    () => ruledForm(t, (values: SignInValues) => validateCustomerFields(templates, values, { confirmEmail: true })),
    [templates, t],
  );

  const { register, control, handleSubmit, watch, formState } = useForm<SignInValues>({
    defaultValues: restoreValues(templates, app.session.get('signInPage'), props.orderFields, {
      mailMagazineTicked: mailMagazineStartsTicked(app.config.values),
    }),
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // What is typed survives going back a step or reloading: it is the visitor's own tab.
  useEffect(() => {
    const subscription = watch((values) => {
      const saved: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) if (typeof value === 'string') saved[name] = value;
      app.session.set('signInPage', saved);
    });
    return () => subscription.unsubscribe();
  }, [watch, app.session]);

  const save = useMutation({
    mutationFn: (values: SignInValues) =>
      purchaseApi(app.api, app.lang).updateOrder(token, {
        customer_info: fieldsToSend(templates, values, { noSelectValue: app.config.signInFields.noSelectValue }),
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(purchaseQueries.order(app, token).queryKey, order);
      navigate(isChange ? '/confirm' : '/payment');
    },
  });

  const onSubmit = handleSubmit((values) => {
    app.session.set('signInPage', values);
    save.mutate(values);
  });

  const errorOf = (name: string) => formState.errors[name]?.message;

  return (
    <form className="checkout-form" onSubmit={onSubmit} noValidate>
      {fields.map((field) => {
        const error = errorOf(field.name);
        const errorId = `signin-${field.name}-error`;
        const noteId = field.name === 'email' ? 'signin-email-note' : undefined;
        const describedBy = [noteId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
        const inputId = `signin-${field.name}`;
        if (field.control === 'checkbox') {
          return (
            <div key={field.name} className="checkout-field checkout-check">
              <Controller
                name={field.name}
                control={control}
                render={({ field: control }) => (
                  <input
                    id={inputId}
                    type="checkbox"
                    ref={control.ref}
                    name={control.name}
                    checked={control.value === 'true'}
                    onChange={(event) => control.onChange(event.target.checked ? 'true' : 'false')}
                    onBlur={control.onBlur}
                    aria-describedby={describedBy}
                  />
                )}
              />
              <label htmlFor={inputId}>{t(field.labelKey)}</label>
              <FieldError id={errorId} message={error} />
            </div>
          );
        }
        return (
          <div key={field.name} className="checkout-field">
            <FieldLabel field={field} htmlFor={inputId} />
            {field.control === 'select' ? (
              <select
                id={inputId}
                className="checkout-input"
                aria-required={field.isRequired}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                {...register(field.name)}
              >
                <option value={NO_SELECT}>{t('choice_no_select')}</option>
                {choiceGroups(field.choices, app.lang).map((group) => {
                  const options = group.choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {'key' in choice.label ? t(choice.label.key) : choice.label.text}
                    </option>
                  ));
                  return group.labelKey ? (
                    <optgroup key={group.labelKey} label={t(group.labelKey)}>
                      {options}
                    </optgroup>
                  ) : (
                    options
                  );
                })}
              </select>
            ) : (
              <input
                id={inputId}
                className="checkout-input"
                type={field.inputType}
                autoComplete={field.autoComplete ?? 'off'}
                inputMode={field.inputMode}
                placeholder={field.placeholderKey ? t(field.placeholderKey) : undefined}
                aria-required={field.isRequired}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                {...register(field.name, field.name === 'email' ? { deps: ['email2'] } : {})}
              />
            )}
            {noteId && (
              <p id={noteId} className="checkout-hint">
                {t('signin_email_note')}
              </p>
            )}
            <FieldError id={errorId} message={error} />
          </div>
        );
      })}
      <div className="actions checkout-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t(isChange ? 'payment_proceed' : 'signin_submit')}
        </button>
        <Link className="button button-secondary" to={isChange ? '/confirm' : '/order?ref=c'}>
          {t('common_back')}
        </Link>
      </div>
    </form>
  );
}

function FieldLabel(props: { field: FormField; htmlFor: string }) {
  const { t } = useTranslation();
  return (
    <label className="checkout-label" htmlFor={props.htmlFor}>
      <span>{t(props.field.labelKey)}</span>
      <span className={props.field.isRequired ? 'checkout-badge checkout-badge-required' : 'checkout-badge'}>
        {t(props.field.isRequired ? 'common_required' : 'common_optional')}
      </span>
    </label>
  );
}
