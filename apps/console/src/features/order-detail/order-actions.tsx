/**
 * The order's actions, shown to staff with `orders:write` or `orders:refund`: sending the ticket
 * mail again (`orders:write`), to the order's address or to a corrected one for this mail alone;
 * cancelling admissions with a refund through the provider, one made outside, or none, and
 * retrying a refused refund (`orders:refund`); changing the date on the visitor's behalf
 * (`orders:write`). Each opens its own dialog and calls `onChanged` when done.
 */
import { ResendTicketMailBody } from '@storefront/domain/console/order-detail';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { CancelAdmissionsDialog } from './cancel-admissions-dialog.tsx';
import { ChangeDateDialog } from './change-date-dialog.tsx';
import { useResendTicketMail } from './order-detail-api.ts';
import { OrderRefundsPanel } from './order-refunds-panel.tsx';
import { type OrderSectionProps, Section } from './order-section.tsx';

/** The field as typed: empty sends to the order's own address. */
const ResendForm = z
  .object({ email: z.string() })
  .transform((values) => (values.email.trim() === '' ? {} : { email: values.email }))
  .pipe(ResendTicketMailBody);

export function OrderActions(props: OrderSectionProps) {
  const { t } = useTranslation();
  return (
    <Section id="order-actions-title" title={t('orderDetail.actions.title')} className="order-actions">
      <OrderActionButtons {...props} />
      {props.mayWrite ? <ResendTicketMail {...props} /> : null}
      {props.mayRefund ? <OrderRefundsPanel venue={props.venue} orderId={props.order.id} canRefund /> : null}
    </Section>
  );
}

function OrderActionButtons(props: OrderSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'cancel' | 'change-date' | null>(null);
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    props.onChanged();
  };
  if (!props.mayRefund && !props.mayWrite) return null;
  return (
    <div className="button-row order-action-buttons">
      {props.mayRefund ? (
        <button type="button" className="button" onClick={() => setOpen('cancel')}>
          {t('orderActions.cancel.title')}
        </button>
      ) : null}
      {props.mayWrite ? (
        <button type="button" className="button" onClick={() => setOpen('change-date')}>
          {t('orderActions.changeDate.title')}
        </button>
      ) : null}
      <CancelAdmissionsDialog
        venue={props.venue}
        orderId={props.order.id}
        isOpen={open === 'cancel'}
        onClose={close}
        onDone={done}
      />
      <ChangeDateDialog
        venue={props.venue}
        orderId={props.order.id}
        isOpen={open === 'change-date'}
        onClose={close}
        onDone={done}
      />
    </div>
  );
}

function ResendTicketMail(props: OrderSectionProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: contractResolver(ResendForm, t, { email: 'orderDetail.contact.emailInvalid' }),
    defaultValues: { email: '' },
  });
  const resend = useResendTicketMail(props.venue, props.order.id, {
    onSuccess: (sent) => {
      setSentTo(sent.to);
      form.reset({ email: '' });
    },
    onError: (error) => placeFieldError(error, form.setError, ['email'], t),
  });
  const own = props.order.contact.email;
  return (
    <form
      className="form order-resend"
      noValidate
      aria-labelledby="order-resend-title"
      onSubmit={form.handleSubmit((body) => {
        setSentTo(null);
        resend.mutate(body);
      })}
    >
      <h3 id="order-resend-title">{t('orderDetail.resend.title')}</h3>
      <TextField
        label={t('orderDetail.resend.email')}
        hint={own ? t('orderDetail.resend.hint', { email: own }) : t('orderDetail.resend.noAddress')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {sentTo ? <Notice kind="success">{t('orderDetail.resend.sent', { to: sentTo })}</Notice> : null}
      <ProblemNotice error={form.formState.errors.email ? null : resend.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={resend.isPending}>
          {t('orderDetail.resend.submit')}
        </button>
      </div>
    </form>
  );
}
