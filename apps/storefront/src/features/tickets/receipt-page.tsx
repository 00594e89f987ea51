/**
 * `/id/{reservationToken}/receipt`: the holder enters the addressee once and gets a printable
 * receipt (print styles) and its PDF: venue, itemised lines, discounts, tax and total in the site
 * currency, with a receipt number (SPEC §2; the PDF is made on the server with pdf-lib).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { required } from '@storefront/domain/customer/validation';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledField } from '../../ui/field-schema.ts';
import { ticketQueries } from './api/ticket-queries.ts';
import { type Receipt, ticketsApi } from './api/tickets-api.ts';
import { ticketPaths } from './ticket-links.ts';

function ReceiptDocument(props: { receipt: Receipt }) {
  const app = useApp();
  const { t } = useTranslation();
  const { receipt } = props;
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  return (
    <article className="receipt" aria-labelledby="receipt-heading">
      <header className="receipt-head">
        <h1 id="receipt-heading">{t('receipt_title')}</h1>
        <dl className="receipt-meta">
          <div>
            <dt>{t('receipt_number')}</dt>
            <dd className="receipt-number">{receipt.number}</dd>
          </div>
          <div>
            <dt>{t('receipt_issued_date')}</dt>
            <dd>{formatDate(receipt.issuedOn, app.lang)}</dd>
          </div>
        </dl>
      </header>
      <p className="receipt-addressee">{t('receipt_addressee_display', { name: receipt.addressee })}</p>
      <p className="receipt-amount">
        <span>{t('receipt_total')}</span> <strong className="receipt-total">{price(receipt.total)}</strong>
      </p>
      <p className="receipt-small">
        {t('receipt_tax_line', { rate: receipt.taxRate, base: price(receipt.total), amount: price(receipt.tax) })} ·{' '}
        {t('receipt_description')}
      </p>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">{t('receipt_item')}</th>
            <th scope="col">{t('receipt_quantity')}</th>
            <th scope="col">{t('receipt_unit_price')}</th>
            <th scope="col">{t('receipt_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            // A name may come twice: the date change fee at two rates.
            <tr key={`${line.name}:${line.unitPrice}`}>
              <th scope="row">{line.name}</th>
              <td>{line.quantity}</td>
              <td>{price(line.unitPrice)}</td>
              <td>{price(line.amount)}</td>
            </tr>
          ))}
          {receipt.discounts.map((d) => (
            <tr key={d.name}>
              <th scope="row" colSpan={3}>
                {t('receipt_discount')}: {d.name}
              </th>
              <td>{price(-d.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('receipt_tax_included')} ({receipt.taxRate}%)
            </th>
            <td>{price(receipt.tax)}</td>
          </tr>
          <tr className="receipt-total-row">
            <th scope="row" colSpan={3}>
              {t('receipt_total')}
            </th>
            <td>{price(receipt.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="receipt-small">{t('receipt_acknowledgement')}</p>
      <footer className="receipt-venue">
        <p className="receipt-venue-name">{receipt.venue.name}</p>
        {receipt.invoiceRegistrationNumber && (
          <p className="receipt-registration">
            {t('receipt_registration_number', { number: receipt.invoiceRegistrationNumber })}
          </p>
        )}
        <p>{receipt.venue.address}</p>
        <p>
          {receipt.venue.phone} · {receipt.venue.email}
        </p>
        <p>
          {t('ticket_reservation_number')}: {receipt.reservationNumber}
        </p>
      </footer>
    </article>
  );
}

/** The receipt's addressee, by SPEC §5's rules. */
const formSchema = (t: TFunction) => z.object({ addressee: ruledField(t, required) });

export default function ReceiptPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = String(props.reservationToken ?? '');
  const calls = ticketsApi(app.api, app.lang);
  const ids = { addressee: useId(), note: useId(), error: useId() };
  const schema = useMemo(() => formSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { addressee: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.addressee?.message ?? null;
  const receiptQuery = ticketQueries.receipt(app, token);
  const receipt = useQuery(receiptQuery);
  const issue = useMutation({
    mutationFn: (addressee: string) => calls.issueReceipt(token, addressee.trim()),
    onSuccess: (issued) => queryClient.setQueryData(receiptQuery.queryKey, issued),
  });
  const onSubmit = handleSubmit((values) => issue.mutate(values.addressee));
  const pdfUrl = `/${encodeURIComponent(app.siteCode)}/api/v1/tickets/${encodeURIComponent(token)}/receipt.pdf?lang=${app.lang}`;

  return (
    <section className="page ticket-page receipt-page" data-screen="receipt">
      {receipt.data ? (
        <>
          <ReceiptDocument receipt={receipt.data} />
          <div className="actions receipt-actions">
            <a className="button button-primary" href={pdfUrl} download>
              {t('receipt_download')}
            </a>
            <button type="button" className="button button-secondary" onClick={() => window.print()}>
              {t('receipt_print')}
            </button>
          </div>
        </>
      ) : (
        receipt.isSuccess && (
          <form className="stack-form" onSubmit={onSubmit} noValidate>
            <h1>{t('receipt_title')}</h1>
            <label htmlFor={ids.addressee}>{t('receipt_addressee')}</label>
            <input
              id={ids.addressee}
              maxLength={100}
              placeholder={t('receipt_addressee_placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids.note}${error ? ` ${ids.error}` : ''}`}
              {...register('addressee')}
            />
            <p id={ids.note} className="ticket-note">
              {t('receipt_addressee_note')}
            </p>
            <FieldError id={ids.error} message={error} />
            <div className="actions">
              <button type="submit" className="button button-primary" disabled={issue.isPending}>
                {t('receipt_issue')}
              </button>
            </div>
          </form>
        )
      )}
      <p className="receipt-back">
        <Link to={ticketPaths.ticket(token)}>{t('ticket_back')}</Link>
      </p>
    </section>
  );
}
