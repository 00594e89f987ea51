/**
 * `/tickets/changedate/complete/{reservationToken}`: the ticket now has its new date. The same
 * reservation token opens it; the QR codes shown before no longer open the gate.
 */
import { formatPrice } from '@storefront/domain/format';
import { useTranslation } from 'react-i18next';
import { readDateChangeResult } from '../../checkout/date-change-session.ts';
import { ticketUrl } from '../../checkout/flow.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import '../../ui/complete-layout.css';
import './date-change.css';
import { DoneMark } from '../../ui/done-mark.tsx';

export default function DateChangeCompletePage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = typeof props.reservationToken === 'string' ? props.reservationToken : '';
  const result = readDateChangeResult(app.session);
  const own = result?.reservationToken === token ? result : null;
  const refund = own?.refund ?? null;
  return (
    <section className="page complete-page change-date-complete-page" data-screen="change-date-complete">
      <DoneMark />
      <h1>{t('changedate_complete_title')}</h1>
      {own && <p className="complete-number">{t('complete_reservation_number', { number: own.reservationNumber })}</p>}
      <p>{t('changedate_complete_text')}</p>
      <p>{t('changedate_mail_sent')}</p>
      {refund && (
        <p className="change-result" data-refund={refund.status}>
          {t(refund.status === 'refunded' ? 'changedate_refunded' : 'changedate_refund_failed', {
            amount: formatPrice(refund.amount, app.config.currency, app.lang),
          })}
        </p>
      )}
      <p className="complete-actions">
        <a className="button button-primary change-date-view-ticket" href={ticketUrl(app.location.ticketsPath, token)}>
          {t('changedate_view_ticket')}
        </a>
      </p>
    </section>
  );
}
