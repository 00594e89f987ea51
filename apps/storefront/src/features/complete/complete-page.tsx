/**
 * `/complete`: the purchase went through. Shows the reservation number and the way to the ticket,
 * from what the confirm step kept (session key complete); without it there is nothing to show.
 */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { type CompleteData, ticketUrl } from '../../checkout/flow.ts';
import { useApp } from '../../lib/app-context.tsx';
import '../../ui/complete-layout.css';
import { DoneMark } from '../../ui/done-mark.tsx';

function readComplete(raw: unknown): CompleteData | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const data = raw as Partial<CompleteData>;
  if (typeof data.reservationNumber !== 'string') return null;
  return {
    ...(data as CompleteData),
    reservationToken: typeof data.reservationToken === 'string' ? data.reservationToken : null,
  };
}

export default function CompletePage() {
  const app = useApp();
  const { t, i18n } = useTranslation();
  const complete = readComplete(app.session.get('complete'));
  if (!complete) return <Navigate to="/order" replace />;
  return (
    <section className="page complete-page" data-screen="complete">
      <DoneMark />
      <h1>{t('complete_title')}</h1>
      <p className="complete-number">{t('complete_reservation_number', { number: complete.reservationNumber })}</p>
      <p>{t('complete_mail_sent')}</p>
      {complete.email && <p className="complete-email">{complete.email}</p>}
      {/* A full page load: tickets live under the tickets prefix of the venue. Without the token
          (a repeated payment return) the ticket is reached from the e-mail. */}
      {complete.reservationToken && (
        <p className="complete-actions">
          <a
            className="button button-primary complete-ticket"
            href={ticketUrl(app.location.ticketsPath, complete.reservationToken)}
          >
            {t('complete_view_ticket')}
          </a>
        </p>
      )}
      <p className="complete-note">{t('complete_mail_note')}</p>
      {app.config.kind === 'cafe' && i18n.exists('cafe_cancellation_policy') && (
        <section className="complete-policy" aria-labelledby="complete-policy-title">
          <h2 id="complete-policy-title">{t('order_cancellation_policy')}</h2>
          <p>{t('cafe_cancellation_policy')}</p>
        </section>
      )}
    </section>
  );
}
