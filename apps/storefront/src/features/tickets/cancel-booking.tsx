/**
 * The holder cancels their own booking from the ticket page, where the venue allows it for the
 * product: the deadline on the page, and a confirmation that states the refund and the fee before
 * anything changes. Afterwards the page reads the ticket again, whose admissions are cancelled.
 */
import type { SelfCancelOffer } from '@storefront/domain/api/tickets';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';
import { useApp } from '../../lib/app-context.tsx';
import { Modal } from '../../ui/modal.tsx';
import { type SelfCancelResult, ticketsApi } from './api/tickets-api.ts';

/** The refusal's own sentence; anything else is the generic connection dialog's business. */
const REFUSAL_KEYS: Record<string, string> = {
  'deadline passed': 'ticket_cancel_error_deadline',
  'visit begun': 'ticket_cancel_error_used',
  'nothing to cancel': 'ticket_cancel_error_nothing',
  'not allowed': 'ticket_cancel_error_not_allowed',
};

function refusalKey(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const reason = (error.body as { reason?: unknown }).reason;
  return typeof reason === 'string' ? (REFUSAL_KEYS[reason] ?? null) : null;
}

/** "2026/11/25 (Wed)" and "10:00" of the deadline, as the venue's clock reads it (its offset is in the value). */
function deadlineParts(until: string, lang: Parameters<typeof formatDate>[1]) {
  return { date: formatDate(until.slice(0, 10), lang), time: until.slice(11, 16) };
}

export function CancelBooking(props: { token: string; offer: SelfCancelOffer; onChanged: () => void }) {
  const app = useApp();
  const { t } = useTranslation();
  // The terms as the confirmation opened with them: a refusal reads the ticket again underneath.
  const [shown, setShown] = useState<SelfCancelOffer | null>(null);
  const [done, setDone] = useState<SelfCancelResult | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  // The button that had the focus is gone: the focus goes to what happened.
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  const cancel = useMutation({
    mutationFn: () => ticketsApi(app.api, app.lang).cancel(props.token),
    // Every failure is said inside the confirmation, where the visitor is looking.
    meta: { routesOwnFailure: true },
    onSuccess: (result) => {
      setDone(result);
      setShown(null);
      props.onChanged();
    },
    // A refusal means the booking changed meanwhile (another tab, the gate): the page reads it again.
    onError: () => props.onChanged(),
  });
  const deadline = deadlineParts(props.offer.until, app.lang);
  const terms = shown ?? props.offer;
  const refused = refusalKey(cancel.error);

  if (done) {
    return (
      <section className="ticket-section ticket-cancel" aria-labelledby="ticket-cancel-heading">
        <h2 id="ticket-cancel-heading" ref={doneHeading} tabIndex={-1}>
          {t('ticket_cancelled')}
        </h2>
        <p className="ticket-done" role="status">
          {t('ticket_cancel_done', { refund: price(done.refund) })}
        </p>
        <p className="ticket-note">{t('ticket_cancel_refund_note')}</p>
      </section>
    );
  }
  if (!props.offer.isOpen && !shown) {
    // Only a deadline that passed is worth saying; a cancelled or used booking says so on its tickets.
    return props.offer.refusal === 'deadline passed' ? (
      <p className="ticket-note ticket-cancel-closed">{t('ticket_cancel_closed', deadline)}</p>
    ) : null;
  }
  return (
    <section className="ticket-section ticket-cancel" aria-labelledby="ticket-cancel-heading">
      <h2 id="ticket-cancel-heading">{t('ticket_cancel_heading')}</h2>
      <p>{t('ticket_cancel_until', deadline)}</p>
      <button
        type="button"
        className="button button-secondary ticket-cancel-open"
        onClick={() => {
          cancel.reset();
          setShown(props.offer);
        }}
      >
        {t('ticket_cancel_booking')}
      </button>
      <Modal isOpen={shown !== null} onClose={() => setShown(null)} title={t('ticket_cancel_title')}>
        <p className="dialog-text">{t('ticket_cancel_text', { count: terms.admissions })}</p>
        <dl className="ticket-cancel-terms">
          <div>
            <dt>{t('ticket_cancel_deadline')}</dt>
            <dd>
              <time dateTime={terms.until}>
                {deadline.date} {deadline.time}
              </time>
            </dd>
          </div>
          <div>
            <dt>{t('ticket_cancel_fee')}</dt>
            <dd>{price(terms.fee)}</dd>
          </div>
          <div className="ticket-cancel-refund">
            <dt>{t('ticket_cancel_refund')}</dt>
            <dd>{price(terms.refund)}</dd>
          </div>
        </dl>
        <p className="ticket-note">{t('ticket_cancel_refund_note')}</p>
        {cancel.isError ? (
          <p className="field-error" role="alert">
            {t(refused ?? 'error_connection_text')}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => setShown(null)}>
            {t('ticket_cancel_keep')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={cancel.isPending || refused !== null}
            aria-busy={cancel.isPending ? true : undefined}
            onClick={() => cancel.mutate()}
          >
            {t('ticket_cancel_confirm')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
