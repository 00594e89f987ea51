/**
 * `/waiting-list`: join a sold-out slot's waiting list (issue 22). The visitor picks the product
 * (those whose venue turned a list on), the day and one of its sold-out slots, the tickets they
 * want and the address their offer is mailed to; the list's mails are in the page's language.
 * When places come back the server holds them for the first in line and mails the link that opens
 * the order. The order page links here from a sold-out slot, with the product, day and slot chosen.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@storefront/domain/api/catalogue';
import type { WaitingListEntryReply } from '@storefront/domain/api/waiting-list';
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { email as emailRule, required } from '@storefront/domain/customer/validation';
import { formatDate } from '@storefront/domain/format';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { calendarWindow, todayInZone } from '../../ui/calendar-month.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledField } from '../../ui/field-schema.ts';
import { type JoinProblem, joinProblemOf, waitingListApi } from './api/waiting-list-api.ts';
import './waiting-list.css';

const PROBLEM_KEYS: Record<Exclude<JoinProblem, 'email'>, string> = {
  already_listed: 'waiting_list_already_listed',
  has_places: 'waiting_list_has_places',
  no_list: 'waiting_list_no_list',
  too_many: 'waiting_list_too_many',
  other: 'waiting_list_failed',
};

/** Most tickets one entry may wait for, whatever the product allows per order. */
const MAX_WAITING_TICKETS = 10;

const formSchema = (t: TFunction) => z.object({ email: ruledField(t, required, (value) => emailRule(value?.trim())) });

const text = (value: string | null | boolean | undefined) => (typeof value === 'string' && value !== '' ? value : null);

export default function WaitingListPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const purchase = useMemo(() => purchaseApi(app.api, app.lang), [app.api, app.lang]);
  const [today] = useState(() => todayInZone(DISPLAY_TIME_ZONE));
  const range = calendarWindow(today);
  const ids = {
    product: useId(),
    date: useId(),
    slots: useId(),
    email: useId(),
    emailError: useId(),
    emailNote: useId(),
    tickets: useId(),
  };

  const productsQuery = useQuery(catalogueQueries.products(app));
  const listsQuery = useQuery(catalogueQueries.waitingListProducts(app));
  const offerMinutes = new Map((listsQuery.data?.products ?? []).map((p) => [p.product_id, p.offer_minutes]));
  const products = (productsQuery.data ?? []).filter((p) => p.salesChannels.includes('web') && offerMinutes.has(p.id));

  const [productUuid, setProductUuid] = useState<string | null>(text(props.product));
  const [date, setDate] = useState<string | null>(text(props.date));
  const [slotId, setSlotId] = useState<number | null>(Number(props.slot) || null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const product: Product | undefined =
    products.find((p) => p.uuid === productUuid) ?? (products.length === 1 ? products[0] : undefined);

  const statusesQuery = useQuery({
    queryKey: ['waiting-list', 'statuses', app.siteCode, product?.uuid ?? null, range.from, range.to],
    queryFn: () => purchase.stockStatuses(range.from, range.to, product?.uuid),
    enabled: product !== undefined,
    staleTime: 15_000,
  });
  const days = statusesQuery.data?.filter((day) => day.status !== 'closed') ?? [];
  const day = days.find((d) => d.date === date)?.date ?? days.find((d) => d.status === 'sold_out')?.date ?? null;
  const stocksQuery = useQuery({
    queryKey: ['waiting-list', 'stocks', app.siteCode, app.lang, product?.id ?? null, day],
    queryFn: () => purchase.stocks(day as string, product?.id as number),
    enabled: product !== undefined && day !== null,
    staleTime: 15_000,
  });
  const soldOut = stocksQuery.data?.timeSpans.filter((span) => span.status === 'sold_out') ?? [];
  const slot = soldOut.find((span) => span.id === slotId) ?? (soldOut.length === 1 ? soldOut[0] : undefined);

  const admissions = product?.options.filter((option) => option.type === 'admission') ?? [];
  const total = admissions.reduce((sum, option) => sum + (quantities[option.id] ?? 0), 0);
  const maxTickets = Math.min(MAX_WAITING_TICKETS, product?.maxPerOrder || MAX_WAITING_TICKETS);

  const schema = useMemo(() => formSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const join = useMutation({
    meta: { routesOwnFailure: true },
    mutationFn: (email: string) =>
      waitingListApi(app.api).join({
        lang: app.lang,
        product_uuid: product?.uuid ?? '',
        time_span_id: slot?.id ?? 0,
        quantity: total,
        option_values: admissions
          .filter((option) => (quantities[option.id] ?? 0) > 0)
          .map((option) => ({ option_value_id: option.id, quantity: quantities[option.id] ?? 0 })),
        email,
      }),
  });
  const problem = join.error ? joinProblemOf(join.error) : null;
  const emailError = formState.errors.email?.message ?? (problem === 'email' ? t('mail_validate_invalid') : null);

  const onSubmit = handleSubmit((values) => {
    if (!product || !slot) return setChoiceError(t('waiting_list_choose_slot'));
    if (total === 0) return setChoiceError(t('order_select_quantity'));
    setChoiceError(null);
    join.mutate(values.email.trim());
  });

  if (join.data) return <Joined reply={join.data} />;

  const loading = <p className="order-note">{t('common_loading')}</p>;
  const minutes = product ? offerMinutes.get(product.id) : undefined;
  return (
    <section className="page waiting-list-page" data-screen="waiting-list">
      <h1>{t('waiting_list_title')}</h1>
      <p>{t('waiting_list_text', { minutes: minutes ?? 30 })}</p>
      {productsQuery.isPending || listsQuery.isPending ? (
        loading
      ) : products.length === 0 ? (
        <p className="order-note">{t('waiting_list_none')}</p>
      ) : (
        <form className="stack-form" onSubmit={onSubmit} noValidate>
          {products.length > 1 && (
            <>
              <label htmlFor={ids.product}>{t('order_choose_product')}</label>
              <select
                id={ids.product}
                value={product?.uuid ?? ''}
                onChange={(event) => {
                  setProductUuid(event.target.value || null);
                  setQuantities({});
                  setSlotId(null);
                }}
              >
                <option value="">{t('waiting_list_choose')}</option>
                {products.map((p) => (
                  <option key={p.uuid} value={p.uuid}>
                    {p.name}
                  </option>
                ))}
              </select>
            </>
          )}
          {products.length === 1 && product && <p className="waiting-list-product">{product.name}</p>}

          {product &&
            (statusesQuery.isPending ? (
              loading
            ) : days.length === 0 ? (
              <p className="order-note">{t('order_no_slots')}</p>
            ) : (
              <>
                <label htmlFor={ids.date}>{t('order_choose_date')}</label>
                <select
                  id={ids.date}
                  value={day ?? ''}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setSlotId(null);
                  }}
                >
                  {days.map((d) => (
                    <option key={d.date} value={d.date}>
                      {formatDate(d.date, app.lang)}
                      {d.status === 'sold_out' ? ` — ${t('order_sold_out')}` : ''}
                    </option>
                  ))}
                </select>
              </>
            ))}

          {product &&
            day &&
            (stocksQuery.isPending ? (
              loading
            ) : soldOut.length === 0 ? (
              <p className="order-note">
                {t('waiting_list_day_has_places')} <Link to="/order">{t('waiting_list_to_order')}</Link>
              </p>
            ) : (
              <fieldset>
                <legend id={ids.slots}>{t('order_choose_time')}</legend>
                {soldOut.map((span) => (
                  <label key={span.id} className="radio-row">
                    <input
                      type="radio"
                      name="waiting-list-slot"
                      value={span.id}
                      checked={slot?.id === span.id}
                      onChange={() => setSlotId(span.id)}
                    />
                    {span.startTime}–{span.endTime}
                  </label>
                ))}
              </fieldset>
            ))}

          {product && slot && (
            <fieldset>
              <legend id={ids.tickets}>{t('waiting_list_tickets')}</legend>
              {admissions.map((option) => {
                const id = `${ids.tickets}-${option.id}`;
                return (
                  <div key={option.id} className="waiting-list-ticket">
                    <label htmlFor={id}>{option.name}</label>
                    <select
                      id={id}
                      className="quantity-select"
                      value={quantities[option.id] ?? 0}
                      onChange={(event) => setQuantities({ ...quantities, [option.id]: Number(event.target.value) })}
                    >
                      {Array.from({ length: maxTickets - total + (quantities[option.id] ?? 0) + 1 }, (_, n) => n).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })}
            </fieldset>
          )}

          <label htmlFor={ids.email}>{t('waiting_list_email')}</label>
          <input
            id={ids.email}
            type="email"
            autoComplete="email"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={`${ids.emailNote}${emailError ? ` ${ids.emailError}` : ''}`}
            {...register('email')}
          />
          <p id={ids.emailNote} className="field-note">
            {t('waiting_list_email_note')}
          </p>
          <FieldError id={ids.emailError} message={emailError} />

          {(choiceError || (problem && problem !== 'email')) && (
            <p className="field-error" role="alert">
              {choiceError ?? t(PROBLEM_KEYS[problem as Exclude<JoinProblem, 'email'>])}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={join.isPending}>
              {t('waiting_list_submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Joined(props: { reply: WaitingListEntryReply }) {
  const { t } = useTranslation();
  return (
    <section className="page" data-screen="waiting-list-joined">
      <h1 tabIndex={-1}>{t('waiting_list_joined_title')}</h1>
      <p>{t('waiting_list_joined_text', { position: props.reply.position })}</p>
      <p>
        <Link to="/order">{t('footer_order')}</Link>
      </p>
    </section>
  );
}
