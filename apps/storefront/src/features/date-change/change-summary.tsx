/** What a date change moves and what it costs, shown on the confirm and payment steps. */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { useTranslation } from 'react-i18next';
import { ticketUrl } from '../../checkout/flow.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { DateChangeView } from './api/date-change-api.ts';

type Slot = DateChangeView['from'];

/** A slot as the visitor reads it: its date, and its times for timed products. */
export function SlotText(props: { slot: Slot; isTimed: boolean }) {
  const app = useApp();
  const { slot } = props;
  return (
    <>
      <time dateTime={slot.date}>{formatDate(slot.date, app.lang)}</time>
      {props.isTimed && (
        <>
          {' '}
          <time dateTime={slot.reservationFrom}>{timeOfDayIn(new Date(slot.reservationFrom), DISPLAY_TIME_ZONE)}</time>–
          <time dateTime={slot.reservationTo}>{timeOfDayIn(new Date(slot.reservationTo), DISPLAY_TIME_ZONE)}</time>
        </>
      )}
    </>
  );
}

export function ChangeSummary(props: { change: DateChangeView }) {
  const app = useApp();
  const { t } = useTranslation();
  const { change } = props;
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  const isTimed = change.product.type === 'time';
  const { amounts } = change;
  return (
    <div className="change-summary">
      <p className="change-product">{change.product.name}</p>
      <dl className="facts change-slots">
        <dt>{t('changedate_current')}</dt>
        <dd className="change-from">
          <SlotText slot={change.from} isTimed={isTimed} />
        </dd>
        <dt>{t('changedate_new')}</dt>
        <dd className="change-to">
          <SlotText slot={change.to} isTimed={isTimed} />
        </dd>
      </dl>
      <ul className="change-lines">
        {[...change.options, ...change.setProducts]
          .filter((line) => line.quantity > 0)
          .map((line) => (
            <li key={`${line.type}-${line.id}`}>
              {line.name} × {line.quantity}
            </li>
          ))}
      </ul>
      <dl className="facts change-amounts">
        <dt>{t('changedate_paid')}</dt>
        <dd>{price(amounts.paid)}</dd>
        <dt>{t('changedate_new_price')}</dt>
        <dd>{price(amounts.newTotal)}</dd>
        {amounts.fee > 0 && (
          <>
            <dt>{t('changedate_fee')}</dt>
            <dd>{price(amounts.fee)}</dd>
          </>
        )}
        <dt>{t(amounts.toRefund > 0 ? 'changedate_to_refund' : 'changedate_to_pay')}</dt>
        <dd className="change-due">
          <strong>{price(amounts.toRefund > 0 ? amounts.toRefund : amounts.toPay)}</strong>
        </dd>
      </dl>
      {amounts.toPay > 0 && <p className="change-note">{t('changedate_extra_payment', { amount: price(amounts.toPay) })}</p>}
      {amounts.toRefund > 0 && (
        <p className="change-note">{t('changedate_refund_difference_note', { amount: price(amounts.toRefund) })}</p>
      )}
      {amounts.newTotal + amounts.fee < amounts.paid && amounts.toRefund === 0 && (
        <p className="change-note">{t('changedate_no_refund_note')}</p>
      )}
    </div>
  );
}

/** The change is no longer pending: what happened to it, and the way back to the ticket. */
export function ChangeNotPending(props: { change: DateChangeView; reservationToken: string }) {
  const app = useApp();
  const { t } = useTranslation();
  const key =
    props.change.status === 'expired' ? 'dialog_time_change_expired_text' : 'dialog_time_change_status_not_pending_text';
  return (
    <div className="change-ended" data-status={props.change.status}>
      <p role="status">{t(key)}</p>
      <p className="actions">
        <a className="button button-primary" href={ticketUrl(app.location.ticketsPath, props.reservationToken)}>
          {t('changedate_back_to_ticket')}
        </a>
      </p>
    </div>
  );
}
