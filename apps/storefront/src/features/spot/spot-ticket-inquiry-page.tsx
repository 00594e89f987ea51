/** `/spot/ticket-inquiry`: every spot ticket bought on this device (kept in local storage), newest first. */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import { spotPath, spotTickets } from './spot-flow.ts';
import { SpotTicketCard } from './spot-ticket-list.tsx';
import './spot.css';

export default function SpotTicketInquiryPage() {
  const app = useApp();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const qrToken = query.get('qr_token');
  const tickets = spotTickets(app.session);
  return (
    <section className="page spot-page" data-screen="spot-ticket-inquiry">
      <h1>{t('spot_ticket_inquiry_title')}</h1>
      <p className="spot-lead">{t(tickets.length > 0 ? 'spot_ticket_inquiry_text' : 'spot_ticket_inquiry_empty')}</p>
      {tickets.length > 0 && (
        <ul className="spot-tickets">
          {tickets.map((ticket) => (
            <li key={ticket.reservationToken}>
              <SpotTicketCard ticket={ticket} headingLevel="h2" />
            </li>
          ))}
        </ul>
      )}
      {qrToken && (
        <p className="actions">
          <Link className="button button-secondary" to={spotPath('/spot', qrToken)}>
            {t('spot_buy_more')}
          </Link>
        </p>
      )}
    </section>
  );
}
