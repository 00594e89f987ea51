/** Confirming a previewed cancellation: the reason, the message to the visitors, and a dialog that says plainly what will happen. */
import type { CalendarSelection } from '@storefront/domain/console/calendar';
import {
  MAX_MESSAGE_LENGTH,
  SlotCancellationBody,
  type SlotCancellationPreview,
} from '@storefront/domain/console/slot-cancellations';
import type { LanguageCode } from '@storefront/domain/constants';
import { useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { paths } from '../../lib/paths.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FieldError, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { formatMoney } from './slot-cancellation-format.ts';
import { useStartCancellation } from './slot-cancellations-api.ts';

type ConfirmValues = { reason: string; message: string };

export function ConfirmForm(props: {
  venue: string;
  selection: CalendarSelection;
  preview: SlotCancellationPreview;
  lang: LanguageCode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const contract = useMemo(
    () =>
      z.preprocess(
        (values) => ({ ...(values as ConfirmValues), selection: props.selection }),
        SlotCancellationBody,
      ) as unknown as z.ZodType<unknown, ConfirmValues>,
    [props.selection],
  );
  const form = useForm<ConfirmValues>({
    defaultValues: { reason: '', message: '' },
    resolver: contractResolver(contract, t) as unknown as Resolver<ConfirmValues>,
  });
  const start = useStartCancellation(props.venue, {
    onSuccess: async (progress) => {
      await navigate(paths.venueSlotCancellation(props.venue, progress.id));
    },
    onError: (error) => {
      if (placeFieldError(error, form.setError, ['reason', 'message'], t)) setConfirming(false);
    },
  });
  const errors = form.formState.errors;
  const { preview } = props;
  const amount = formatMoney(preview.refundable, preview.currency, props.lang);
  return (
    <form
      className="form slot-cancellation-confirm"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(() => {
        start.reset();
        setConfirming(true);
      })}
    >
      <h3 id={`${id}-title`}>{t('slotCancellations.confirm.title')}</h3>
      <TextField
        label={t('slotCancellations.confirm.reason')}
        hint={t('slotCancellations.confirm.reasonHint')}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="field">
        <label htmlFor={`${id}-message`}>
          {t('slotCancellations.confirm.message')} <span className="field-hint">({t('common.optional')})</span>
        </label>
        <p id={`${id}-message-hint`} className="field-hint">
          {t('slotCancellations.confirm.messageHint', { max: MAX_MESSAGE_LENGTH.toLocaleString() })}
        </p>
        <textarea
          id={`${id}-message`}
          rows={4}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error ${id}-message-hint` : `${id}-message-hint`}
          {...form.register('message')}
        />
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>
      <div className="button-row">
        <button type="submit" className="button button-danger">
          {t('slotCancellations.confirm.open')}
        </button>
      </div>
      <Dialog isOpen={isConfirming} title={t('slotCancellations.confirm.dialogTitle')} onClose={() => setConfirming(false)}>
        <div className="form">
          <p className="slot-cancellation-warning">
            <strong>{t('slotCancellations.confirm.what', { count: preview.orders, amount })}</strong>
          </p>
          <p>{t('slotCancellations.confirm.slots', { count: preview.slot_count })}</p>
          <p>{t('slotCancellations.confirm.mails')}</p>
          <ProblemNotice error={start.error} />
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={start.isPending}
              onClick={() => {
                const values = form.getValues();
                start.mutate({
                  selection: props.selection,
                  reason: values.reason.trim(),
                  ...(values.message.trim() ? { message: values.message.trim() } : {}),
                });
              }}
            >
              {t('slotCancellations.confirm.start')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('slotCancellations.confirm.back')}
            </button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
