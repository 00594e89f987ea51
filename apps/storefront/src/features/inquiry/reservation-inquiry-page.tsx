/**
 * `/reservation-inquiry`: e-mail address and reservation number give the ticket back (SPEC §2,
 * §7 `GET reservations`); the link is mailed again too. A miss shows the `ticket not found` dialog
 * (SPEC §8) through the one failure router.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { email as emailRule, required } from '@storefront/domain/customer/validation';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ticketUrl } from '../../checkout/flow.ts';
import { useApp } from '../../lib/app-context.tsx';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledField } from '../../ui/field-schema.ts';
import { inquiryApi } from './api/inquiry-api.ts';

/** The address and the reservation number, by SPEC §5's rules. */
const formSchema = (t: TFunction) =>
  z.object({ email: ruledField(t, required, (value) => emailRule(value?.trim())), number: ruledField(t, required) });

export default function ReservationInquiryPage() {
  const app = useApp();
  const { t } = useTranslation();
  const ids = { email: useId(), number: useId(), numberNote: useId(), emailError: useId(), numberError: useId() };
  const schema = useMemo(() => formSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', number: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const errors = { email: formState.errors.email?.message ?? null, number: formState.errors.number?.message ?? null };
  const inquire = useMutation({
    mutationFn: (values: { email: string; number: string }) =>
      inquiryApi(app.api, app.lang).inquire(values.email.trim(), values.number.trim()),
    // Tickets live under the tickets prefix of the venue: a full page load.
    onSuccess: (result) => window.location.assign(ticketUrl(app.location.ticketsPath, result.reservation_token)),
  });
  const onSubmit = handleSubmit((values) => inquire.mutate(values));
  return (
    <section className="page" data-screen="reservation-inquiry">
      <h1>{t('inquiry_title')}</h1>
      <p>{t('inquiry_text')}</p>
      <form className="stack-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.email}>{t('inquiry_email')}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? ids.emailError : undefined}
          {...register('email')}
        />
        <FieldError id={ids.emailError} message={errors.email} />
        <label htmlFor={ids.number}>{t('inquiry_reservation_number')}</label>
        <input
          id={ids.number}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={`${ids.numberNote}${errors.number ? ` ${ids.numberError}` : ''}`}
          {...register('number')}
        />
        <p id={ids.numberNote} className="field-note">
          {t('inquiry_reservation_number_note')}
        </p>
        <FieldError id={ids.numberError} message={errors.number} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={inquire.isPending}>
            {t('inquiry_search')}
          </button>
        </div>
      </form>
    </section>
  );
}
