/** `/tickets/send/{reservationToken}`: mails the ticket link to another address (SPEC §2). */
import { email as emailRule, required } from '@storefront/domain/customer/validation';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../app/app-context.tsx';
import type { ScreenProps } from '../../app/route-table.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ticketPaths } from './ticket-links.ts';
import { TicketHeader } from './ticket-page.tsx';
import { ticketsApi } from './tickets-api.ts';
import './tickets.css';

export default function SendPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = String(props.reservationToken ?? '');
  const ids = { email: useId(), error: useId() };
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: () => ticketsApi(app.api, app.lang).send(token, address.trim()) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const failure = required(address) ?? emailRule(address.trim());
    setError(failure ? t(failure.key) : null);
    if (!failure) send.mutate();
  };
  return (
    <section className="page ticket-page" data-screen="send">
      <article className="ticket-card">
        <TicketHeader title={t('send_title')} />
        <div className="ticket-body">
          {send.isSuccess ? (
            <p className="ticket-done" role="status">
              {t('send_sent')}
            </p>
          ) : (
            <form className="stack-form" onSubmit={onSubmit} noValidate>
              <p>{t('send_text')}</p>
              <label htmlFor={ids.email}>{t('send_email')}</label>
              <input
                id={ids.email}
                type="email"
                autoComplete="email"
                value={address}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
                onChange={(e) => setAddress(e.target.value)}
              />
              <FieldError id={ids.error} message={error} />
              <div className="actions">
                <button type="submit" className="button button-primary" disabled={send.isPending}>
                  {t('send_submit')}
                </button>
              </div>
            </form>
          )}
        </div>
      </article>
      <p>
        <Link to={ticketPaths.ticket(token)}>{t('ticket_back')}</Link>
      </p>
    </section>
  );
}
