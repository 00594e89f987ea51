/**
 * `/spot/email-sended/{reservationToken}`: paid. The ticket went to the visitor's e-mail address
 * and is kept on this device; from here, the ticket itself, the device's other spot tickets, or
 * another purchase with the same QR code.
 */
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { spotPath, spotTickets } from './spot-flow.ts';
import { SpotTicketCard } from './spot-ticket-list.tsx';
import './spot.css';
import { DoneMark } from '../../ui/done-mark.tsx';

export default function SpotEmailSendedPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const qrToken = query.get('qr_token');
  const tickets = spotTickets(app.session);
  const ticket = tickets.find((kept) => kept.reservationToken === props.reservationToken);
  if (!ticket) return <Navigate to={spotPath('/spot/ticket-inquiry', qrToken)} replace />;
  return (
    <section className="page spot-page" data-screen="spot-email-sended">
      <DoneMark className="spot-done-mark" />
      <h1>{t('spot_email_sent_title')}</h1>
      <p className="spot-lead">{t('spot_email_sent_text')}</p>
      <SpotTicketCard ticket={ticket} headingLevel="h2" />
      <p className="spot-note">{t('spot_kept_on_device')}</p>
      <div className="actions">
        {tickets.length > 1 && (
          <Link className="button button-secondary" to={spotPath('/spot/ticket-inquiry', qrToken)}>
            {t('spot_ticket_inquiry_link')}
          </Link>
        )}
        {qrToken && (
          <Link className="button button-secondary" to={spotPath('/spot', qrToken)}>
            {t('spot_buy_more')}
          </Link>
        )}
      </div>
    </section>
  );
}
