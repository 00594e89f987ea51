/**
 * `/tickets/shared/{shareToken}`: the receiver sees what was shared and claims it; they get a
 * ticket page of their own that shows only their part (SPEC §2).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { ticketQueries } from './api/ticket-queries.ts';
import { ticketsApi } from './api/tickets-api.ts';
import { ticketPaths } from './ticket-links.ts';
import { TicketHeader, VisitTime } from './ticket-page.tsx';

export default function SharedPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = String(props.reservationToken ?? '');
  const calls = ticketsApi(app.api, app.lang);
  const shared = useQuery(ticketQueries.shared(app, token));
  const claim = useMutation({
    mutationFn: () => calls.claim(token),
    onSuccess: (result) => navigate(ticketPaths.ticket(result.reservation_token), { replace: true }),
  });
  const view = shared.data;
  return (
    <section className="page ticket-page" data-screen="shared">
      <article className="ticket-card">
        <TicketHeader title={t('shared_title')} />
        {view && (
          <div className="ticket-body">
            <p className="ticket-product">{view.product.name}</p>
            <dl className="ticket-facts">
              <VisitTime ticket={view} />
              <div className="ticket-fact">
                <dt>{t('ticket_options')}</dt>
                <dd>
                  <ul className="ticket-lines">
                    {view.options.map((o) => (
                      <li key={o.name}>
                        {o.name} × {o.quantity}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
            {view.isClaimed ? (
              <p className="ticket-status ticket-status-used">{t('shared_already_claimed')}</p>
            ) : (
              <>
                <p>{t('shared_text')}</p>
                <div className="actions">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={claim.isPending}
                    onClick={() => claim.mutate()}
                  >
                    {t('shared_claim')}
                  </button>
                </div>
              </>
            )}
          </div>
        )}
        {shared.isError && (
          <div className="ticket-body">
            <p>{t('ticket_not_found_text')}</p>
          </div>
        )}
      </article>
    </section>
  );
}
