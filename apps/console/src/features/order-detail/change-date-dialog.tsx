/**
 * Move an order to another slot of its product on the visitor's behalf: pick a day, then one of
 * its slots with room. The visitor's rules apply; past the venue's deadline, or to a dearer slot,
 * the server asks for an explicit override or waiver, which the audit log records. The visitor is
 * mailed the change as when they make it themselves.
 */
import { StaffDateChangeBody, type StaffDateChangeResult } from '@storefront/domain/console/order-refunds';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { orderRefundQueries, useChangeDate } from './order-refunds-api.ts';

type Values = z.input<typeof StaffDateChangeBody>;
const FIELDS = ['slot_id', 'override_deadline', 'waive_difference', 'reason'] as const;
/** What the server asks to be confirmed before it moves the ticket (409 naming the flag). */
const CONFIRMATIONS = ['override_deadline', 'waive_difference'] as const;

export function ChangeDateDialog(props: {
  venue: string;
  orderId: string;
  isOpen: boolean;
  onClose(): void;
  onDone(result: StaffDateChangeResult): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={props.isOpen} title={t('orderActions.changeDate.title')} onClose={props.onClose} wide>
      {props.isOpen ? <ChangeDateForm {...props} /> : null}
    </Dialog>
  );
}

function ChangeDateForm(props: { venue: string; orderId: string; onClose(): void; onDone(result: StaffDateChangeResult): void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const [asked, setAsked] = useState<(typeof CONFIRMATIONS)[number] | null>(null);
  const slots = useQuery({
    ...orderRefundQueries.slots(props.venue, props.orderId, date),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const form = useForm<Values, unknown, z.output<typeof StaffDateChangeBody>>({
    resolver: contractResolver(StaffDateChangeBody, t, { slot_id: t('orderActions.changeDate.chooseSlot') }),
    defaultValues: { override_deadline: false, waive_difference: false, reason: '' },
  });
  const change = useChangeDate(props.venue, props.orderId, {
    onSuccess: (result) => props.onDone(result),
    onError: (error) => {
      const field = isApiError(error) && error.status === 409 ? error.field : null;
      const confirmation = CONFIRMATIONS.find((c) => c === field);
      if (confirmation) {
        setAsked(confirmation);
        return;
      }
      placeFieldError(error, form.setError, FIELDS, t);
    },
  });
  const submit: SubmitHandler<z.output<typeof StaffDateChangeBody>> = (values) => {
    setAsked(null);
    change.mutate(values);
  };
  const errors = form.formState.errors;
  const chosenSlot = form.watch('slot_id');

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <TextField label={t('orderActions.changeDate.date')} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      {date === '' ? null : slots.isPending ? (
        <Loading />
      ) : slots.isError ? (
        <ProblemNotice error={slots.error} />
      ) : (
        <FieldSet legend={t('orderActions.changeDate.slot')} error={errors.slot_id?.message}>
          {slots.data.slots.length === 0 ? <p>{t('orderActions.changeDate.noSlots')}</p> : null}
          {slots.data.slots.map((slot) => (
            <div className="check" key={slot.id}>
              <input
                type="radio"
                id={`slot-${slot.id}`}
                value={slot.id}
                name="slot_id"
                disabled={slot.is_current || slot.available === 0}
                checked={chosenSlot === slot.id}
                // A radio's value is text; the contract's slot id is a number.
                onChange={() => form.setValue('slot_id', slot.id, { shouldValidate: form.formState.isSubmitted })}
              />
              <label htmlFor={`slot-${slot.id}`}>
                {t(slot.is_current ? 'orderActions.changeDate.currentSlot' : 'orderActions.changeDate.slotLabel', {
                  from: slot.starts_at,
                  to: slot.ends_at,
                  count: slot.available,
                })}
              </label>
            </div>
          ))}
        </FieldSet>
      )}
      {asked ? <Notice kind="error">{t(`orderActions.changeDate.needs.${asked}`)}</Notice> : null}
      <CheckboxField label={t('orderActions.changeDate.overrideDeadline')} {...form.register('override_deadline')} />
      <CheckboxField label={t('orderActions.changeDate.waiveDifference')} {...form.register('waive_difference')} />
      <TextField label={t('orderActions.reason')} error={errors.reason?.message} {...form.register('reason')} />
      <ProblemNotice
        error={change.error && !asked && !(isApiError(change.error) && change.error.status === 400) ? change.error : null}
      />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {t('orderActions.changeDate.confirm')}
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
