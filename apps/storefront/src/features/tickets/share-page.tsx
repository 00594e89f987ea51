/**
 * `/tickets/share/{reservationToken}`: the holder chooses how many admissions of each type to hand
 * on and gets a link for them (SPEC §2). The holder keeps at least one; split errors come from the
 * server (SPEC §8) through the one failure router.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { ticketsApi } from './api/tickets-api.ts';
import { ShareLinkActions } from './share-link-actions.tsx';
import { ticketPaths } from './ticket-links.ts';
import { TicketHeader, useTicket } from './ticket-page.tsx';

export default function SharePage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = String(props.reservationToken ?? '');
  const ticket = useTicket(token);
  // Only the types the visitor touched are asked for, as they left them.
  const { handleSubmit, setValue, watch } = useForm<{ counts: Record<number, number> }>({ defaultValues: { counts: {} } });
  const counts = watch('counts');
  const [link, setLink] = useState<string | null>(null);
  const linkId = useId();
  const share = useMutation({
    mutationFn: (chosen: Record<number, number>) =>
      ticketsApi(app.api, app.lang).share(
        token,
        Object.entries(chosen).map(([id, quantity]) => ({ option_value_id: Number(id), quantity })),
      ),
    onSuccess: (result) => {
      setLink(`${window.location.origin}${app.location.ticketsPath}#${ticketPaths.shared(result.share_token)}`);
      void ticket.refetch();
    },
  });
  const view = ticket.data;
  const shareable = new Map<number, { name: string; count: number }>();
  for (const admission of view?.admissions ?? []) {
    if (admission.ticketStatus !== 'valid') continue;
    const entry = shareable.get(admission.optionId) ?? { name: admission.optionName, count: 0 };
    entry.count += 1;
    shareable.set(admission.optionId, entry);
  }
  const total = [...shareable.values()].reduce((sum, o) => sum + o.count, 0);

  const onSubmit = handleSubmit((values) => share.mutate(values.counts));

  return (
    <section className="page ticket-page" data-screen="share">
      <article className="ticket-card">
        <TicketHeader title={t('share_title')} />
        <div className="ticket-body">
          <p>{t('share_text')}</p>
          {link ? (
            <div className="share-link">
              <label htmlFor={linkId}>{t('share_link_ready')}</label>
              <input id={linkId} className="share-link-input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
              <ShareLinkActions link={link} title={t('share_title')} />
            </div>
          ) : (
            <form className="stack-form" onSubmit={onSubmit} noValidate>
              <fieldset className="share-options">
                <legend>{t('share_quantity')}</legend>
                {[...shareable].map(([optionId, option]) => (
                  <label key={optionId} className="share-option">
                    <span>{option.name}</span>
                    <select
                      className="share-count"
                      value={counts[optionId] ?? 0}
                      onChange={(e) => setValue('counts', { ...counts, [optionId]: Number(e.target.value) })}
                    >
                      {Array.from({ length: Math.max(Math.min(option.count, total - 1), 0) + 1 }, (_, n) => String(n)).map(
                        (n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ),
                      )}
                    </select>
                  </label>
                ))}
              </fieldset>
              <p className="ticket-note">{t('share_note')}</p>
              <div className="actions">
                <button type="submit" className="button button-primary" disabled={share.isPending || total === 0}>
                  {t('share_create_link')}
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
