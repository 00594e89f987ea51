/**
 * `/id/{reservationToken}/receipt`: the holder enters the addressee once and gets a printable
 * receipt (print styles) and its PDF: venue, itemised lines, discounts, tax and total in the site
 * currency, with a receipt number (SPEC §2; the PDF is made on the server with pdf-lib). Afterwards
 * the screen lists every money document of the booking (decision 034): the receipt, a document for
 * each refund after it, receipts re-issued for what was paid less what went back, each viewable and
 * as a PDF; and offers the re-issue when the standing receipt no longer says what was paid.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import type { Currency } from '@storefront/domain/constants';
import { required } from '@storefront/domain/customer/validation';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type Ref, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { ApiError } from '../../lib/api/client.ts';
import { useApp } from '../../lib/app-context.tsx';
import { useRouteFailure } from '../../lib/errors/route-failure.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ruledField } from '../../ui/field-schema.ts';
import { ticketQueries } from './api/ticket-queries.ts';
import { type MoneyDocuments, type Receipt, ticketsApi } from './api/tickets-api.ts';
import { ticketPaths } from './ticket-links.ts';

/** The document's title as printed: 領収書, 領収書（再発行）, 返金明細書 or, with a registration number, 適格返還請求書. */
function titleKey(receipt: Receipt): string {
  if (receipt.kind === 'refund')
    return receipt.invoiceRegistrationNumber ? 'receipt_title_refund_invoice' : 'receipt_title_refund';
  return receipt.kind === 'reissue' ? 'receipt_title_reissue' : 'receipt_title';
}

function ReceiptDocument(props: { receipt: Receipt; headingRef?: Ref<HTMLHeadingElement> }) {
  const app = useApp();
  const { t } = useTranslation();
  const { receipt } = props;
  const isRefund = receipt.kind === 'refund';
  const price = (amount: number) => formatPrice(amount, receipt.currency as Currency, app.lang);
  const total = t(isRefund ? 'receipt_refund_total' : 'receipt_total');
  return (
    <article className="receipt" aria-labelledby="receipt-heading" data-kind={receipt.kind}>
      <header className="receipt-head">
        <h1 id="receipt-heading" ref={props.headingRef} tabIndex={-1}>
          {t(titleKey(receipt))}
        </h1>
        <dl className="receipt-meta">
          <div>
            <dt>{t(isRefund ? 'receipt_document_number' : 'receipt_number')}</dt>
            <dd className="receipt-number">{receipt.number}</dd>
          </div>
          <div>
            <dt>{t('receipt_issued_date')}</dt>
            <dd>{formatDate(receipt.issuedOn, app.lang)}</dd>
          </div>
          {receipt.refundedOn && (
            <div>
              <dt>{t('receipt_refunded_on')}</dt>
              <dd>{formatDate(receipt.refundedOn, app.lang)}</dd>
            </div>
          )}
        </dl>
      </header>
      {receipt.replaces && (
        <p className="receipt-small receipt-replaces">
          {t(isRefund ? 'receipt_corrects' : 'receipt_replaces', { number: receipt.replaces })}
        </p>
      )}
      {receipt.replacedBy && (
        <p className="receipt-replaced-notice">{t('receipt_replaced_by', { number: receipt.replacedBy })}</p>
      )}
      <p className="receipt-addressee">{t('receipt_addressee_display', { name: receipt.addressee })}</p>
      <p className="receipt-amount">
        <span>{total}</span> <strong className="receipt-total">{price(receipt.total)}</strong>
      </p>
      <p className="receipt-small">
        {t('receipt_tax_line', { rate: receipt.taxRate, base: price(receipt.total), amount: price(receipt.tax) })} ·{' '}
        {t(isRefund ? 'receipt_refund_description' : 'receipt_description')}
      </p>
      {receipt.lines.length > 0 && (
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
                {total}
              </th>
              <td>{price(receipt.total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="receipt-small">{t(isRefund ? 'receipt_refund_acknowledgement' : 'receipt_acknowledgement')}</p>
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

/** A document's PDF, by its number (decision 034), in the visitor's language. */
function pdfUrl(siteCode: string, token: string, number: string, lang: string): string {
  const at = `${encodeURIComponent(siteCode)}/api/v1/tickets/${encodeURIComponent(token)}/receipts/${encodeURIComponent(number)}/pdf`;
  return `/${at}?lang=${lang}`;
}

/** The re-issue was refused (409): nothing changed since the receipt that stands, or a refund is still on its way. */
const isRefused = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The list after `issued` was re-issued, until the list is read again: the new receipt stands and the old one names it. */
function withReissued(list: MoneyDocuments, issued: Receipt): MoneyDocuments {
  const documents = list.documents.map((d) => (d.number === issued.replaces ? { ...d, replacedBy: issued.number } : d));
  return { ...list, documents: [...documents, issued], current: issued.number, reissuable: false };
}

/**
 * Every document of the booking: the one chosen shown in full above its PDF and print buttons, the
 * list (kind, number, date of issue at the venue, the amount the document states, as its page and
 * PDF state it; a replaced receipt says by which), the net paid, and the re-issue where the
 * standing receipt no longer says what was paid.
 */
function MoneyDocumentsView(props: { token: string; list: MoneyDocuments; queryKey: QueryKey }) {
  const app = useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const routeFailure = useRouteFailure();
  const { list, token } = props;
  const [chosen, setChosen] = useState<string | null>(null);
  const [reissued, setReissued] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { heading: useId(), note: useId() };
  const shown = list.documents.find((d) => d.number === (chosen ?? list.current)) ?? list.documents.at(-1);
  const current = list.documents.find((d) => d.number === list.current);
  const currency = (current ?? shown)?.currency ?? app.config.currency;
  const price = (amount: number, of: string = currency) => formatPrice(amount, of as Currency, app.lang);
  const view = (number: string) => {
    setChosen(number);
    // The document above changes: the focus (and a screen reader) goes to its title.
    requestAnimationFrame(() => {
      heading.current?.focus();
      heading.current?.scrollIntoView?.({ block: 'start' });
    });
  };
  const reissue = useMutation({
    mutationFn: () => ticketsApi(app.api, app.lang).reissueReceipt(token),
    // A refusal is said beside the button; anything else goes the usual way.
    meta: { routesOwnFailure: true },
    onSuccess: (issued) => {
      queryClient.setQueryData<MoneyDocuments>(props.queryKey, (was) => (was ? withReissued(was, issued) : was));
      setReissued(issued.number);
      view(issued.number);
      return queryClient.invalidateQueries({ queryKey: props.queryKey });
    },
    onError: (error) => {
      if (isRefused(error)) void queryClient.invalidateQueries({ queryKey: props.queryKey });
      else routeFailure(error);
    },
  });
  if (!shown) return null;
  return (
    <>
      <ReceiptDocument receipt={shown} headingRef={heading} />
      <div className="actions receipt-actions">
        <a className="button button-primary" href={pdfUrl(app.siteCode, token, shown.number, app.lang)} download>
          {t('receipt_download')}
        </a>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {t('receipt_print')}
        </button>
      </div>
      <section className="receipt-documents" aria-labelledby={ids.heading}>
        <h2 id={ids.heading}>{t('receipt_documents_heading')}</h2>
        <ul className="receipt-document-list">
          {list.documents.map((d) => {
            const isShown = d.number === shown.number;
            return (
              <li key={d.number} className="receipt-document" data-kind={d.kind} aria-current={isShown ? 'true' : undefined}>
                <p className="receipt-document-title">
                  <strong>{t(titleKey(d))}</strong> <span className="receipt-document-number">No. {d.number}</span>
                </p>
                <dl className="receipt-document-facts">
                  <div>
                    <dt>{t('receipt_issued_date')}</dt>
                    <dd>
                      <time dateTime={d.issuedOn}>{formatDate(d.issuedOn, app.lang)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{t(d.kind === 'refund' ? 'receipt_refund_total' : 'receipt_total')}</dt>
                    {/* The amount the document itself states, beside its own label: a refund's is what went back. */}
                    <dd>{price(d.total, d.currency)}</dd>
                  </div>
                </dl>
                {d.replacedBy && (
                  <p className="receipt-document-replaced">{t('receipt_replaced_by', { number: d.replacedBy })}</p>
                )}
                <p className="receipt-document-actions">
                  {isShown ? (
                    <span className="receipt-document-viewing">{t('receipt_viewing')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('receipt_view_of', { number: d.number })}
                      onClick={() => view(d.number)}
                    >
                      {t('receipt_view')}
                    </button>
                  )}
                  <a
                    className="button button-secondary"
                    href={pdfUrl(app.siteCode, token, d.number, app.lang)}
                    aria-label={t('receipt_pdf_of', { number: d.number })}
                    download
                  >
                    {t('receipt_pdf')}
                  </a>
                </p>
              </li>
            );
          })}
        </ul>
        <dl className="receipt-net">
          <div>
            <dt>{t('receipt_net')}</dt>
            <dd>{price(list.net)}</dd>
          </div>
        </dl>
        {reissued && (
          <p className="receipt-reissued" role="status">
            {t('receipt_reissued', { number: reissued })}
          </p>
        )}
        {list.reissuable && current && (
          <div className="receipt-reissue">
            <p id={ids.note} className="ticket-note">
              {t('receipt_reissue_note', { amount: price(list.net), name: current.addressee, number: current.number })}
            </p>
            <button
              type="button"
              className="button button-primary"
              aria-describedby={ids.note}
              disabled={reissue.isPending}
              aria-busy={reissue.isPending ? true : undefined}
              onClick={() => {
                setReissued(null);
                reissue.mutate();
              }}
            >
              {t('receipt_reissue')}
            </button>
          </div>
        )}
        {isRefused(reissue.error) && (
          <p className="field-error receipt-reissue-refused" role="alert">
            {t('receipt_reissue_refused')}
          </p>
        )}
      </section>
    </>
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
  const documentsQuery = ticketQueries.documents(app, token);
  const documents = useQuery(documentsQuery);
  const issue = useMutation({
    mutationFn: (addressee: string) => calls.issueReceipt(token, addressee.trim()),
    onSuccess: (issued) => {
      // The receipt shows at once; the list is then read again for the net and what can follow.
      queryClient.setQueryData<MoneyDocuments>(documentsQuery.queryKey, (was) => ({
        documents: [issued],
        current: issued.number,
        net: was?.net ?? issued.total,
        reissuable: false,
      }));
      return queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey });
    },
  });
  const onSubmit = handleSubmit((values) => issue.mutate(values.addressee));

  return (
    <section className="page ticket-page receipt-page" data-screen="receipt">
      {documents.data && documents.data.documents.length > 0 ? (
        <MoneyDocumentsView token={token} list={documents.data} queryKey={documentsQuery.queryKey} />
      ) : (
        documents.isSuccess && (
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
