/** Spot purchases of this device, each with the way to its ticket. */
import { formatDate } from '@storefront/domain/format';
import { useTranslation } from 'react-i18next';
import { ticketUrl } from '../../checkout/flow.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { SpotTicket } from './spot-flow.ts';

export function SpotTicketCard(props: { ticket: SpotTicket; headingLevel: 'h2' | 'h3' }) {
  const { ticket } = props;
  const app = useApp();
  const { t } = useTranslation();
  const Heading = props.headingLevel;
  return (
    <article className="spot-ticket">
      <Heading className="spot-ticket-name">{ticket.productName}</Heading>
      <p className="spot-ticket-time">
        <time dateTime={ticket.date}>{formatDate(ticket.date, app.lang)}</time> {ticket.from}–{ticket.to}
      </p>
      <dl className="facts">
        <dt>{t('spot_reservation_number')}</dt>
        <dd>{ticket.reservationNumber}</dd>
        <dt>{t('spot_people')}</dt>
        <dd>{ticket.quantity}</dd>
        {ticket.email && (
          <>
            <dt>{t('signin_field_email')}</dt>
            <dd>{ticket.email}</dd>
          </>
        )}
      </dl>
      {/* A full page load: tickets live under the tickets prefix of the venue. */}
      <a
        className="button button-primary spot-ticket-link"
        href={ticketUrl(app.location.ticketsPath, ticket.reservationToken)}
        aria-label={`${t('complete_view_ticket')}: ${ticket.productName} ${ticket.from}–${ticket.to}`}
      >
        {t('complete_view_ticket')}
      </a>
    </article>
  );
}
