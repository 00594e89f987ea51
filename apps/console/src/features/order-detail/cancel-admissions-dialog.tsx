/**
 * Cancel some or all admissions of an order, with a refund through the provider that took the
 * money, a refund made outside the system (cash at the desk, a transfer), or none. The amount the
 * venue's rule proposes for the chosen admissions is filled in and may be changed, up to what is
 * left unrefunded (decision 017). A refund the provider refuses is said plainly: the admissions
 * stay cancelled and the refund can be retried from the order's refunds.
 */
import {
  CancellationBody,
  type CancellationPreview,
  type CancellationResult,
  REFUND_MODES,
  type RefundMode,
} from '@storefront/domain/console/order-refunds';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { formatMoney } from './money.ts';
import { orderRefundQueries, useCancelAdmissions } from './order-refunds-api.ts';

type Values = z.input<typeof CancellationBody>;
const FIELDS = ['tickets', 'refund.mode', 'refund.amount', 'reason'] as const;

export function CancelAdmissionsDialog(props: {
  venue: string;
  orderId: string;
  isOpen: boolean;
  onClose(): void;
  onDone(result: CancellationResult): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={props.isOpen} title={t('orderActions.cancel.title')} onClose={props.onClose} wide>
      {props.isOpen ? <CancelAdmissionsForm {...props} /> : null}
    </Dialog>
  );
}

function CancelAdmissionsForm(props: {
  venue: string;
  orderId: string;
  onClose(): void;
  onDone(result: CancellationResult): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const whole = useQuery(orderRefundQueries.cancellation(props.venue, props.orderId, null));
  const [done, setDone] = useState<CancellationResult | null>(null);
  const form = useForm<Values, unknown, z.output<typeof CancellationBody>>({
    resolver: contractResolver(CancellationBody, t, { tickets: t('orderActions.cancel.chooseOne') }),
    defaultValues: { tickets: [], refund: { mode: 'provider', amount: 0 }, reason: '' },
  });
  const chosen = form.watch('tickets');
  const mode = form.watch('refund.mode') as RefundMode;
  const chosenIds = Array.isArray(chosen) ? chosen : [];

  // Every admission still standing is chosen to begin with.
  useEffect(() => {
    if (whole.data) form.setValue('tickets', whole.data.chosen);
  }, [whole.data, form]);

  const preview = useQuery({
    ...orderRefundQueries.cancellation(props.venue, props.orderId, chosenIds),
    enabled: chosenIds.length > 0,
  });
  const proposed = preview.data?.proposed_amount;
  useEffect(() => {
    if (proposed === undefined || form.getFieldState('refund.amount').isDirty) return;
    form.setValue('refund.amount', form.getValues('refund.mode') === 'none' ? 0 : proposed);
  }, [proposed, form]);
  useEffect(() => {
    if (mode === 'none') form.setValue('refund.amount', 0);
    else if (form.getValues('refund.amount') === 0 && proposed !== undefined) form.setValue('refund.amount', proposed);
  }, [mode, proposed, form]);

  const cancel = useCancelAdmissions(props.venue, props.orderId, {
    onSuccess: (result) => setDone(result),
    onError: (error) => placeFieldError(error, form.setError, FIELDS, t),
  });
  const submit: SubmitHandler<z.output<typeof CancellationBody>> = (values) => cancel.mutate(values);

  if (done) return <CancellationDone result={done} lang={lang} onClose={() => props.onDone(done)} />;
  if (whole.isPending) return <Loading />;
  if (whole.isError) return <ProblemNotice error={whole.error} />;
  const data: CancellationPreview = whole.data;
  const money = (amount: number) => formatMoney(amount, data.currency, lang);
  const errors = form.formState.errors;
  const hasProvider = data.payments.some((p) => p.provider !== 'free' && p.refundable > 0);

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <FieldSet legend={t('orderActions.cancel.admissions')} error={errors.tickets?.message}>
        {data.admissions.map((admission) => (
          <CheckboxField
            key={admission.id}
            value={admission.id}
            disabled={!admission.cancellable}
            label={t('orderActions.cancel.admission', {
              position: admission.position,
              option: localize(admission.option_name, lang),
              share: money(admission.share),
            })}
            hint={admission.cancellable ? undefined : t(`orderActions.status.${admission.status}`)}
            {...form.register('tickets')}
          />
        ))}
      </FieldSet>
      <p aria-live="polite">
        {chosenIds.length === 0
          ? t('orderActions.cancel.chooseOne')
          : preview.data
            ? t('orderActions.cancel.proposed', {
                amount: money(preview.data.proposed_amount),
                refundable: money(preview.data.refundable),
              })
            : t('common.loading')}
      </p>
      <FieldSet legend={t('orderActions.refund.mode')} error={errors.refund?.mode?.message}>
        {REFUND_MODES.map((value) => (
          <div className="check" key={value}>
            <input
              type="radio"
              id={`refund-mode-${value}`}
              value={value}
              disabled={value === 'provider' && !hasProvider}
              {...form.register('refund.mode')}
            />
            <label htmlFor={`refund-mode-${value}`}>{t(`orderActions.refund.modes.${value}`)}</label>
          </div>
        ))}
      </FieldSet>
      {data.payments.length > 0 ? (
        <p className="field-hint">
          {t('orderActions.refund.through', {
            payments: data.payments.map((p) => `${p.payment_number} (${money(p.refundable)})`).join(', '),
          })}
        </p>
      ) : null}
      <TextField
        label={t('orderActions.refund.amount', { currency: data.currency })}
        type="number"
        inputMode="numeric"
        min={0}
        max={data.refundable}
        disabled={mode === 'none'}
        hint={t('orderActions.refund.amountHint', { refundable: money(data.refundable) })}
        error={errors.refund?.amount?.message}
        {...form.register('refund.amount', { valueAsNumber: true })}
      />
      <TextField label={t('orderActions.reason')} error={errors.reason?.message} {...form.register('reason')} />
      <ProblemNotice error={cancel.error && !form.formState.errors.root ? cancel.error : null} />
      <div className="button-row">
        <button type="submit" className="button button-danger" disabled={cancel.isPending}>
          {t('orderActions.cancel.confirm')}
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function CancellationDone(props: { result: CancellationResult; lang: ReturnType<typeof currentLanguage>; onClose(): void }) {
  const { t } = useTranslation();
  const failed = props.result.refunds.filter((r) => r.status === 'failed');
  const pending = props.result.refunds.filter((r) => r.status === 'pending');
  return (
    <div className="form">
      <Notice kind="success">{t('orderActions.cancel.done', { count: props.result.cancelled.length })}</Notice>
      {props.result.refunds.map((refund) => (
        <p key={refund.id}>
          {t(`orderActions.refund.result.${refund.status}`, { amount: formatMoney(refund.amount, refund.currency, props.lang) })}
        </p>
      ))}
      {failed.length > 0 ? (
        <Notice kind="error" title={t('orderActions.refund.failedTitle')}>
          {failed.map((r) => (
            <p key={r.id}>{t('orderActions.refund.failedText', { reason: r.failure_reason ?? '' })}</p>
          ))}
        </Notice>
      ) : null}
      {pending.length > 0 ? <Notice>{t('orderActions.refund.pendingText')}</Notice> : null}
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={props.onClose}>
          {t('common.done')}
        </button>
      </div>
    </div>
  );
}
