/**
 * `/id/{reservationToken}`: the ticket (SPEC §2). Product, date, slot, options, set products,
 * quantity, price paid, and the QR codes in the site's display type: one for the party (`fusion`)
 * or one per person (`separate`), under a header in the site's colours. The reservation number is
 * on the holder's page only: a receiver of shared tickets must not be able to open the booking.
 * Needs nothing but the token, so the e-mail link opens it on any device, days later.
 */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import type { VisitSlot } from '@storefront/domain/visit-validity';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { ticketQueries } from './api/ticket-queries.ts';
import type { Admission, TicketView } from './api/tickets-api.ts';
import { AppleWalletLinks } from './apple-wallet-links.tsx';
import { CancelBooking } from './cancel-booking.tsx';
import { GoogleWalletButton } from './google-wallet-button.tsx';
import { QrCode } from './qr-code.tsx';
import { ticketPaths } from './ticket-links.ts';
import { VisitValidity } from './visit-validity.tsx';

export function useTicket(token: string) {
  const app = useApp();
  return useQuery(ticketQueries.ticket(app, token));
}

export function TicketHeader(props: { title: string }) {
  const app = useApp();
  const display = app.config.ticketDisplay;
  const style = {
    '--ticket-header-pc': display.headerColor.pc,
    '--ticket-header-sp': display.headerColor.sp,
  } as CSSProperties;
  const logoClass = [display.showsHeaderLogo.sp ? 'logo-sp' : '', display.showsHeaderLogo.pc ? 'logo-pc' : ''].join(' ');
  return (
    <div className={`ticket-header ${logoClass}`} style={style}>
      <span
        className="ticket-header-logo"
        aria-hidden="true"
        // The venue's own SVG mark from its settings.
        dangerouslySetInnerHTML={{ __html: app.config.theme.logoSvg }}
      />
      <span className="ticket-header-venue">{localize(app.config.venue.name, app.lang)}</span>
      <h1 className="ticket-header-title">{props.title}</h1>
    </div>
  );
}

export function VisitTime(props: { ticket: Pick<TicketView, 'date' | 'reservationFrom' | 'reservationTo' | 'isAllDay'> }) {
  const app = useApp();
  const { t } = useTranslation();
  const { ticket } = props;
  return (
    <>
      <div className="ticket-fact">
        <dt>{t('ticket_date')}</dt>
        <dd>
          <time dateTime={ticket.date}>{formatDate(ticket.date, app.lang)}</time>
        </dd>
      </div>
      <div className="ticket-fact">
        <dt>{t('ticket_time')}</dt>
        <dd>
          {ticket.isAllDay ? (
            t('ticket_all_day')
          ) : (
            <>
              <time dateTime={ticket.reservationFrom}>{timeOfDayIn(new Date(ticket.reservationFrom), DISPLAY_TIME_ZONE)}</time>–
              <time dateTime={ticket.reservationTo}>{timeOfDayIn(new Date(ticket.reservationTo), DISPLAY_TIME_ZONE)}</time>
            </>
          )}
        </dd>
      </div>
    </>
  );
}

/**
 * An admission's badge. A cancelled one (by the venue or the visitor) says so, not "invalid"; one
 * the gate would turn away for its time is early (or late), not broken, so it names its slot.
 */
function AdmissionStatus(props: { admission: Pick<Admission, 'ticketStatus' | 'status'>; slot: VisitSlot }) {
  const { t } = useTranslation();
  const { admission } = props;
  if (admission.ticketStatus === 'cancelled')
    return <p className="ticket-status ticket-status-cancelled">{t('ticket_cancelled')}</p>;
  if (admission.status === 'used') return <p className="ticket-status ticket-status-used">{t('ticket_used')}</p>;
  if (admission.status === 'available')
    return <p className="ticket-status ticket-status-available">{t('checkin_status_available')}</p>;
  if (admission.status === 'invalid_time') return <VisitValidity slot={props.slot} />;
  return <p className="ticket-status ticket-status-invalid">{t('ticket_invalid')}</p>;
}

export default function TicketPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = String(props.reservationToken ?? '');
  const ticket = useTicket(token);
  if (ticket.isError) {
    return (
      <section className="page ticket-page" data-screen="ticket">
        <h1>{t('dialog_inquiry_error_title')}</h1>
        <p>{t('ticket_not_found_text')}</p>
        <p>
          <a className="button button-secondary" href={`${app.location.basePath}#/reservation-inquiry`}>
            {t('inquiry_title')}
          </a>
        </p>
      </section>
    );
  }
  if (!ticket.data) return <section className="page ticket-page" data-screen="ticket" aria-busy="true" />;
  const view = ticket.data;
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  const isFusion = app.config.ticketDisplay.type === 'fusion';
  const isHolder = view.role === 'holder';
  const validCount = view.admissions.filter((a) => a.ticketStatus === 'valid').length;
  const isAllCancelled = view.admissions.length > 0 && view.admissions.every((a) => a.ticketStatus === 'cancelled');
  const waiting = view.shares.filter((s) => s.claimedAt === null).reduce((sum, s) => sum + s.quantity, 0);
  const received = view.shares.filter((s) => s.claimedAt !== null).reduce((sum, s) => sum + s.quantity, 0);

  return (
    <section className="page ticket-page" data-screen="ticket" data-display={isFusion ? 'fusion' : 'separate'}>
      <article className="ticket-card">
        <TicketHeader title={t('ticket_title')} />
        <div className="ticket-body">
          <p className="ticket-product">{view.product.name}</p>
          <dl className="ticket-facts">
            {view.reservationNumber !== null && (
              <div className="ticket-fact">
                <dt>{t('ticket_reservation_number')}</dt>
                <dd className="ticket-number">{view.reservationNumber}</dd>
              </div>
            )}
            <VisitTime ticket={view} />
            {view.options.length > 0 && (
              <div className="ticket-fact">
                <dt>{t('ticket_options')}</dt>
                <dd>
                  <ul className="ticket-lines">
                    {view.options.map((o) => (
                      <li key={o.id}>
                        {o.name} × {o.quantity}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            {view.setProducts.length > 0 && (
              <div className="ticket-fact">
                <dt>{t('ticket_set_products')}</dt>
                <dd>
                  <ul className="ticket-lines">
                    {view.setProducts.map((s) => (
                      <li key={s.id}>
                        {s.name} × {s.quantity}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            <div className="ticket-fact">
              <dt>{t('ticket_quantity')}</dt>
              <dd>{t('common_ticket_count', { count: view.quantity })}</dd>
            </div>
            {view.pricePaid !== null && (
              <div className="ticket-fact">
                <dt>{t('ticket_price_paid')}</dt>
                <dd>{price(view.pricePaid)}</dd>
              </div>
            )}
            {view.refunded ? (
              <div className="ticket-fact">
                <dt>{t('ticket_price_refunded')}</dt>
                <dd>{price(view.refunded)}</dd>
              </div>
            ) : null}
          </dl>
          {view.role === 'receiver' && <p className="ticket-note">{t('ticket_received_note')}</p>}
        </div>

        <div className="ticket-qr-area">
          {view.admissions.length === 0 ? (
            <p className="ticket-qr-hint ticket-handed-on">{t('ticket_all_handed_on')}</p>
          ) : isAllCancelled ? null : (
            <p className="ticket-qr-hint">{t('ticket_show_at_entrance')}</p>
          )}
          {view.admissions.length === 0 ? null : isFusion ? (
            view.partyQr ? (
              <div className="ticket-qr-item">
                <QrCode value={view.partyQr} label={t('ticket_party_qr', { count: validCount })} className="ticket-qr" />
                <p>{t('ticket_party_qr', { count: validCount })}</p>
                {view.admissions.some((a) => a.ticketStatus === 'valid' && a.status === 'invalid_time') && (
                  <VisitValidity slot={view} />
                )}
                <Link className="button button-secondary" to={ticketPaths.checkIn(token, 'all')}>
                  {t('ticket_open_pass')}
                </Link>
              </div>
            ) : isAllCancelled ? (
              <p className="ticket-status ticket-status-cancelled">{t('ticket_cancelled')}</p>
            ) : (
              <p className="ticket-status ticket-status-used">{t('ticket_used')}</p>
            )
          ) : (
            <ol className="ticket-qr-list">
              {view.admissions.map((admission, index) => (
                <li key={admission.id} className="ticket-qr-item" data-admission={admission.id} data-status={admission.status}>
                  <p className="ticket-qr-title">
                    {t('ticket_qr_per_person', { number: index + 1, count: view.admissions.length })} — {admission.optionName}
                  </p>
                  {admission.ticketStatus === 'valid' ? (
                    <QrCode
                      value={admission.qr}
                      label={`${t('ticket_qr_per_person', { number: index + 1, count: view.admissions.length })} ${admission.optionName}`}
                      className="ticket-qr"
                    />
                  ) : null}
                  <AdmissionStatus admission={admission} slot={view} />
                  {admission.ticketStatus === 'valid' && (
                    <Link className="button button-secondary" to={ticketPaths.checkIn(token, admission.id)}>
                      {t('ticket_open_pass')}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      </article>

      {(waiting > 0 || received > 0) && (
        <section className="ticket-section" aria-labelledby="ticket-shares-heading">
          <h2 id="ticket-shares-heading">{t('ticket_shares_title')}</h2>
          {waiting > 0 && <p>{t('ticket_share_waiting', { count: waiting })}</p>}
          {received > 0 && <p>{t('ticket_share_received', { count: received })}</p>}
        </section>
      )}

      {/* Every action belongs to the booking, so a receiver of shared tickets has none. */}
      {isHolder && (
        <nav className="ticket-actions" aria-label={t('ticket_actions')}>
          {validCount > 1 && (
            <Link className="button button-secondary" to={ticketPaths.share(token)}>
              {t('ticket_share')}
            </Link>
          )}
          {validCount > 0 && (
            <Link className="button button-secondary" to={ticketPaths.send(token)}>
              {t('ticket_send')}
            </Link>
          )}
          {view.canChangeDate && (
            <Link className="button button-secondary ticket-change-date" to={ticketPaths.changeDate(token)}>
              {t('ticket_change_date')}
            </Link>
          )}
          <Link className="button button-secondary" to={ticketPaths.receipt(token)}>
            {t('ticket_receipt')}
          </Link>
        </nav>
      )}

      {view.wallet.apple && validCount > 0 && <AppleWalletLinks token={token} admissions={view.admissions} />}
      {view.wallet.google && validCount > 0 && <GoogleWalletButton token={token} />}

      {isHolder && view.selfCancel && (
        <CancelBooking token={token} offer={view.selfCancel} onChanged={() => void ticket.refetch()} />
      )}

      {view.product.caution && (
        <section className="ticket-section" aria-labelledby="ticket-caution-heading">
          <h2 id="ticket-caution-heading">{t('ticket_caution')}</h2>
          <p>{view.product.caution}</p>
        </section>
      )}
      <p className="ticket-note">{t('ticket_add_to_home')}</p>
    </section>
  );
}
