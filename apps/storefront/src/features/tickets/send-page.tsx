/**
 * `/tickets/send/{reservationToken}`: sends the tickets by e-mail (SPEC §2). The friend gets a link
 * to receive the tickets, never the holder's own link: the booking (receipt, reservation number)
 * stays with the holder. Only the holder sends, and every ticket still on the page goes.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { email as emailRule, required } from '@storefront/domain/customer/validation';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledField } from '../../ui/field-schema.ts';
import { ticketsApi } from './api/tickets-api.ts';
import { ticketPaths } from './ticket-links.ts';
import { TicketHeader, useTicket } from './ticket-page.tsx';

/** The address to send the tickets to, by SPEC §5's rules. */
const formSchema = (t: TFunction) => z.object({ address: ruledField(t, required, (value) => emailRule(value?.trim())) });

export default function SendPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = String(props.reservationToken ?? '');
  const ticket = useTicket(token);
  const ids = { email: useId(), error: useId() };
  const schema = useMemo(() => formSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { address: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.address?.message ?? null;
  const send = useMutation({
    mutationFn: (address: string) => ticketsApi(app.api, app.lang).send(token, address.trim()),
    onSuccess: () => void ticket.refetch(),
  });
  const onSubmit = handleSubmit((values) => send.mutate(values.address));
  const view = ticket.data;
  const remaining = view?.admissions.filter((a) => a.ticketStatus === 'valid').length ?? 0;

  let body: ReactNode;
  if (send.isSuccess) {
    body = (
      <p className="ticket-done" role="status">
        {t('send_sent')}
      </p>
    );
  } else if (ticket.isError) {
    body = <p>{t('ticket_not_found_text')}</p>;
  } else if (!view) {
    body = null;
  } else if (view.role !== 'holder') {
    body = <p>{t('send_holder_only')}</p>;
  } else if (remaining === 0) {
    body = <p>{t('send_nothing_left')}</p>;
  } else {
    body = (
      <form className="stack-form" onSubmit={onSubmit} noValidate>
        <p>{t('send_text')}</p>
        <p className="ticket-note">{t('send_note', { count: remaining })}</p>
        <label htmlFor={ids.email}>{t('send_email')}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          {...register('address')}
        />
        <FieldError id={ids.error} message={error} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={send.isPending}>
            {t('send_submit')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="page ticket-page" data-screen="send" aria-busy={!view && !ticket.isError ? true : undefined}>
      <article className="ticket-card">
        <TicketHeader title={t('send_title')} />
        <div className="ticket-body">{body}</div>
      </article>
      <p>
        <Link to={ticketPaths.ticket(token)}>{t('ticket_back')}</Link>
      </p>
    </section>
  );
}
