/**
 * `/tickets/changedate/{reservationToken}`: the visitor picks a new date and time for their own
 * ticket, with the order page's calendar and slot list. Slots without room for the whole party, and
 * the ticket's own slot, cannot be chosen. Proceeding holds the new slot (a pending change); a
 * change this visit made before and left is given up first, so its places go back.
 */
import type { StockStatus, TimeSpan } from '@storefront/domain/api/catalogue';
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { formatDateTime, formatPrice } from '@storefront/domain/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateChangePaths, readDateChangeInput } from '../../checkout/date-change-session.ts';
import { ticketUrl } from '../../checkout/flow.ts';
import { TimeSpanChoices } from '../../checkout/order-sections.tsx';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { Calendar } from '../../ui/calendar.tsx';
import { calendarWindow, lastOpenDate, todayInZone } from '../../ui/calendar-month.ts';
import { dateChangeApi } from './api/date-change-api.ts';
import { dateChangeQueries } from './api/date-change-queries.ts';
import { SlotText } from './change-summary.tsx';
import '../../ui/order-steps.css';
import '../../ui/order-choices.css';
import '../../ui/calendar.css';
import '../../ui/quantities.css';
import '../../ui/order-summary.css';
import '../../ui/forms.css';
import './date-change.css';

const isOpen = (status: StockStatus) => status === 'available' || status === 'few';

export default function DateChangePage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = typeof props.reservationToken === 'string' ? props.reservationToken : '';
  const api = useMemo(() => dateChangeApi(app.api, app.lang), [app.api, app.lang]);
  const purchase = useMemo(() => purchaseApi(app.api, app.lang), [app.api, app.lang]);
  const [today] = useState(() => todayInZone(DISPLAY_TIME_ZONE));
  const range = calendarWindow(today);
  const [date, setDate] = useState<string | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  // Not a submitted form: the optional address rides along when the visitor proceeds.
  const { register, getValues } = useForm({ defaultValues: { email: '' } });

  const ticketQuery = useQuery(dateChangeQueries.ticket(app, api, token));
  const ticket = ticketQuery.data;
  const productsQuery = useQuery(catalogueQueries.products(app));
  const product = productsQuery.data?.find((p) => p.uuid === ticket?.product.uuid);
  const statusesQuery = useQuery(dateChangeQueries.stockStatuses(app, purchase, range, ticket?.product.uuid));
  const stocksQuery = useQuery(dateChangeQueries.stocks(app, purchase, product?.id, date));
  // The whole party moves: a slot with fewer places left, or the ticket's own slot, cannot be chosen.
  const timeSpans: TimeSpan[] | undefined = stocksQuery.data?.timeSpans.map((span) =>
    ticket && isOpen(span.status) && (span.id === ticket.current.timeSpanId || span.remaining < ticket.quantity)
      ? { ...span, status: 'sold_out' }
      : span,
  );
  const isTimed = ticket?.product.type === 'time';
  // Date and period products have one slot a day: choosing the day chooses it.
  const chosenSlot = isTimed
    ? timeSpans?.find((span) => span.id === slotId && isOpen(span.status))
    : timeSpans?.find((span) => isOpen(span.status));

  const create = useMutation({
    mutationFn: async () => {
      if (!chosenSlot) throw new Error('no slot chosen');
      // A change this visit started and left would keep its places held until it lapsed.
      const previous = readDateChangeInput(app.session);
      if (previous) {
        await api.cancel(previous.timechangeToken).catch(() => undefined);
        app.session.resetDateChangeInput();
      }
      const trimmed = getValues('email').trim();
      return api.create(token, { time_span_id: chosenSlot.id, ...(trimmed ? { email: trimmed } : {}) });
    },
    onSuccess: (change) => {
      const timechangeToken = change.time_change_token ?? '';
      app.session.resetDateChangeResults();
      app.session.set('changeDate', { reservationToken: token, timechangeToken });
      navigate(dateChangePaths.confirm(token, timechangeToken));
    },
    // The dialog comes from the app's failure router; the page shows fresh stock behind it.
    onError: () => void queryClient.invalidateQueries({ queryKey: dateChangeQueries.all }),
  });

  const statuses = new Map<string, StockStatus>((statusesQuery.data ?? []).map((day) => [day.date, day.status]));
  const lastDate = statusesQuery.data ? lastOpenDate(statusesQuery.data) : null;
  const loading = <p className="order-note">{t('common_loading')}</p>;
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);

  return (
    <section className="page change-date-page" data-screen="change-date">
      <h1>{t('changedate_title')}</h1>
      {ticketQuery.isError ? (
        <p className="actions">
          <a className="button button-secondary" href={ticketUrl(app.location.ticketsPath, token)}>
            {t('changedate_back_to_ticket')}
          </a>
        </p>
      ) : !ticket ? (
        loading
      ) : (
        <>
          <p>{t('changedate_text')}</p>
          <dl className="facts change-slots">
            <dt>{t('changedate_current')}</dt>
            <dd className="change-from">
              {ticket.product.name}
              <br />
              <SlotText slot={ticket.current} isTimed={isTimed} />
            </dd>
          </dl>
          <ul className="change-notes">
            <li>{t('changedate_deadline', { date: formatDateTime(ticket.changeableUntil, app.lang) })}</li>
            {ticket.feePerAdmission > 0 && <li>{t('changedate_fee_note', { amount: price(ticket.feePerAdmission) })}</li>}
            {ticket.cheaperNewSlot === 'no_refund' && <li>{t('changedate_no_refund_note')}</li>}
          </ul>

          <section className="change-step" aria-labelledby="change-date-heading">
            <h2 id="change-date-heading" className="section-title">
              {t('changedate_choose_new_date')}
            </h2>
            {statusesQuery.data ? (
              lastDate ? (
                <Calendar
                  lang={app.lang}
                  today={today}
                  lastDate={lastDate}
                  statuses={statuses}
                  colors={null}
                  selected={date}
                  onSelect={(chosen) => {
                    setDate(chosen);
                    setSlotId(null);
                  }}
                />
              ) : (
                <p className="order-note">{t('order_no_slots')}</p>
              )
            ) : (
              loading
            )}
          </section>

          {date && isTimed && (
            <section className="change-step" aria-labelledby="change-time-heading">
              <h2 id="change-time-heading" className="section-title">
                {t('changedate_choose_new_time')}
              </h2>
              {timeSpans ? <TimeSpanChoices timeSpans={timeSpans} selected={slotId} onSelect={setSlotId} /> : loading}
            </section>
          )}
          {date && !isTimed && timeSpans && !chosenSlot && <p className="order-note">{t('order_no_slots')}</p>}

          <div className="change-step checkout-field">
            <label className="checkout-label" htmlFor="change-date-email">
              <span>{t('changedate_email_label')}</span>
            </label>
            <input
              id="change-date-email"
              className="checkout-input"
              type="email"
              autoComplete="email"
              aria-describedby="change-date-email-hint"
              {...register('email')}
            />
            <p id="change-date-email-hint" className="checkout-hint">
              {t('changedate_email_hint')}
            </p>
          </div>

          <div className="actions">
            <button
              type="button"
              className="button button-primary change-date-proceed"
              disabled={!chosenSlot || create.isPending}
              onClick={() => create.mutate()}
            >
              {t('changedate_proceed')}
            </button>
            <a className="button button-secondary" href={ticketUrl(app.location.ticketsPath, token)}>
              {t('changedate_back_to_ticket')}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
