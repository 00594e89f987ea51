/**
 * The ticket page's first view as HTML (issue 19, decision 020): the screen the storefront's first
 * render makes for `/id/{token}` (features/tickets/ticket-page.tsx, cancel-booking.tsx and
 * visit-validity.tsx), with the same classes and texts, so the page paints the ticket before the
 * app's code arrives and looks the same when the app replaces it. The QR codes are drawn here with
 * the storefront's library and settings; the app keeps these drawings when it takes over.
 * Change both together: `e2e/src/first-view.e2e.test.ts` compares their boxes.
 */

import type { Configuration } from '@storefront/domain/api/catalogue';
import type { Admission, SelfCancelOffer, TicketView } from '@storefront/domain/api/tickets';
import { DISPLAY_TIME_ZONE, type LanguageCode } from '@storefront/domain/constants';
import { timeOfDayIn, todayIn } from '@storefront/domain/dates';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { type VisitSlot, validityOf } from '@storefront/domain/visit-validity';
import QRCode from 'qrcode';
import { clock } from '../../lib/clock.ts';
import { escapeHtml as e, translator } from './first-view.ts';

type T = ReturnType<typeof translator>;

export type TicketFirstViewData = { lang: LanguageCode; configuration: Configuration; texts: Record<string, string> };

const tokenPath = (token: string) => encodeURIComponent(token);
const link = (to: string, className: string, text: string) => `<a class="${className}" href="#${e(to)}">${e(text)}</a>`;

/** qr-code.tsx: the library's SVG drawing of the payload. */
async function qrCode(value: string, label: string): Promise<string> {
  const svg = await QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `<div class="qr-code ticket-qr" role="img" aria-label="${e(label)}" data-qr="${e(value)}">${svg}</div>`;
}

function ticketHeader(data: TicketFirstViewData, t: T): string {
  const display = data.configuration.ticketDisplay;
  const logoClass = [display.showsHeaderLogo.sp ? 'logo-sp' : '', display.showsHeaderLogo.pc ? 'logo-pc' : ''].join(' ');
  // Its colours come from the page's style element (storefront.routes.ts): no style attribute under the CSP.
  return (
    `<div class="ticket-header ${logoClass}">` +
    `<span class="ticket-header-logo" aria-hidden="true">${data.configuration.theme.logoSvg}</span>` +
    `<span class="ticket-header-venue">${e(localize(data.configuration.venue.name, data.lang))}</span>` +
    `<h1 class="ticket-header-title">${e(t('ticket_title'))}</h1></div>`
  );
}

const timeOf = (instant: string) => timeOfDayIn(new Date(instant), DISPLAY_TIME_ZONE);

function fact(term: string, detail: string, detailClass = ''): string {
  return `<div class="ticket-fact"><dt>${e(term)}</dt><dd${detailClass ? ` class="${detailClass}"` : ''}>${detail}</dd></div>`;
}

function visitTime(view: VisitSlot, lang: LanguageCode, t: T): string {
  const time = view.isAllDay
    ? e(t('ticket_all_day'))
    : `<time datetime="${e(view.reservationFrom)}">${timeOf(view.reservationFrom)}</time>–<time datetime="${e(view.reservationTo)}">${timeOf(view.reservationTo)}</time>`;
  return (
    fact(t('ticket_date'), `<time datetime="${e(view.date)}">${e(formatDate(view.date, lang))}</time>`) +
    fact(t('ticket_time'), time)
  );
}

/** visit-validity.tsx: "Valid on …" before the day, "Validity ended …" after it. */
function visitValidity(view: VisitSlot, data: TicketFirstViewData, t: T): string {
  const validity = validityOf(view, data.lang, todayIn(data.configuration.timeZone || DISPLAY_TIME_ZONE, clock.now()));
  return `<p class="ticket-validity " data-validity="${validity.hasEnded ? 'ended' : 'upcoming'}">${e(t(validity.key, validity.values))}</p>`;
}

function admissionStatus(admission: Admission, view: VisitSlot, data: TicketFirstViewData, t: T): string {
  const badge = (kind: string, key: string) => `<p class="ticket-status ticket-status-${kind}">${e(t(key))}</p>`;
  if (admission.ticketStatus === 'cancelled') return badge('cancelled', 'ticket_cancelled');
  if (admission.status === 'used') return badge('used', 'ticket_used');
  if (admission.status === 'available') return badge('available', 'checkin_status_available');
  if (admission.status === 'invalid_time') return visitValidity(view, data, t);
  return badge('invalid', 'ticket_invalid');
}

async function qrArea(view: TicketView, token: string, data: TicketFirstViewData, t: T): Promise<string> {
  const isFusion = data.configuration.ticketDisplay.type === 'fusion';
  const validCount = String(view.admissions.filter((a) => a.ticketStatus === 'valid').length);
  const isAllCancelled = view.admissions.length > 0 && view.admissions.every((a) => a.ticketStatus === 'cancelled');
  const openPass = (admission: string) =>
    link(`/id/${tokenPath(token)}/${encodeURIComponent(admission)}/gate`, 'button button-secondary', t('ticket_open_pass'));
  const hint =
    view.admissions.length === 0
      ? `<p class="ticket-qr-hint ticket-handed-on">${e(t('ticket_all_handed_on'))}</p>`
      : isAllCancelled
        ? ''
        : `<p class="ticket-qr-hint">${e(t('ticket_show_at_entrance'))}</p>`;
  let codes = '';
  if (view.admissions.length > 0 && isFusion) {
    if (view.partyQr) {
      const label = t('ticket_party_qr', { count: validCount });
      const early = view.admissions.some((a) => a.ticketStatus === 'valid' && a.status === 'invalid_time');
      codes =
        '<div class="ticket-qr-item">' +
        (await qrCode(view.partyQr, label)) +
        `<p>${e(label)}</p>${early ? visitValidity(view, data, t) : ''}${openPass('all')}</div>`;
    } else if (isAllCancelled) {
      codes = `<p class="ticket-status ticket-status-cancelled">${e(t('ticket_cancelled'))}</p>`;
    } else {
      codes = `<p class="ticket-status ticket-status-used">${e(t('ticket_used'))}</p>`;
    }
  } else if (view.admissions.length > 0) {
    const count = String(view.admissions.length);
    const items = await Promise.all(
      view.admissions.map(async (admission, index) => {
        const title = t('ticket_qr_per_person', { number: String(index + 1), count });
        const isValid = admission.ticketStatus === 'valid';
        return (
          `<li class="ticket-qr-item" data-admission="${e(admission.id)}" data-status="${e(admission.status)}">` +
          `<p class="ticket-qr-title">${e(title)} — ${e(admission.optionName)}</p>` +
          (isValid ? await qrCode(admission.qr, `${title} ${admission.optionName}`) : '') +
          admissionStatus(admission, view, data, t) +
          (isValid ? openPass(admission.id) : '') +
          '</li>'
        );
      }),
    );
    codes = `<ol class="ticket-qr-list">${items.join('')}</ol>`;
  }
  return `<div class="ticket-qr-area">${hint}${codes}</div>`;
}

/** cancel-booking.tsx before anything is tapped. */
function cancelBooking(offer: SelfCancelOffer, data: TicketFirstViewData, t: T): string {
  const deadline = { date: formatDate(offer.until.slice(0, 10), data.lang), time: offer.until.slice(11, 16) };
  if (!offer.isOpen) {
    return offer.refusal === 'deadline passed'
      ? `<p class="ticket-note ticket-cancel-closed">${e(t('ticket_cancel_closed', deadline))}</p>`
      : '';
  }
  return (
    '<section class="ticket-section ticket-cancel" aria-labelledby="ticket-cancel-heading">' +
    `<h2 id="ticket-cancel-heading">${e(t('ticket_cancel_heading'))}</h2>` +
    `<p>${e(t('ticket_cancel_until', deadline))}</p>` +
    `<button type="button" class="button button-secondary ticket-cancel-open">${e(t('ticket_cancel_booking'))}</button>` +
    '</section>'
  );
}

/** The ticket screen inside the layout's routed view, as the app's first render over a first view makes it. */
export async function renderTicketFirstView(view: TicketView, token: string, data: TicketFirstViewData): Promise<string> {
  const t = translator(data.texts);
  const config = data.configuration;
  const isHolder = view.role === 'holder';
  const validCount = view.admissions.filter((a) => a.ticketStatus === 'valid').length;
  const waiting = view.shares.filter((s) => s.claimedAt === null).reduce((sum, s) => sum + s.quantity, 0);
  const received = view.shares.filter((s) => s.claimedAt !== null).reduce((sum, s) => sum + s.quantity, 0);
  const lines = (items: { id: number; name: string; quantity: number }[]) =>
    `<ul class="ticket-lines">${items.map((item) => `<li>${e(item.name)} × ${item.quantity}</li>`).join('')}</ul>`;
  const path = tokenPath(token);

  const facts =
    (view.reservationNumber !== null ? fact(t('ticket_reservation_number'), e(view.reservationNumber), 'ticket-number') : '') +
    visitTime(view, data.lang, t) +
    (view.options.length > 0 ? fact(t('ticket_options'), lines(view.options)) : '') +
    (view.setProducts.length > 0 ? fact(t('ticket_set_products'), lines(view.setProducts)) : '') +
    fact(t('ticket_quantity'), e(t('common_ticket_count', { count: String(view.quantity) }))) +
    (view.pricePaid !== null ? fact(t('ticket_price_paid'), e(formatPrice(view.pricePaid, config.currency, data.lang))) : '') +
    (view.refunded ? fact(t('ticket_price_refunded'), e(formatPrice(view.refunded, config.currency, data.lang))) : '');
  const card =
    '<article class="ticket-card">' +
    ticketHeader(data, t) +
    `<div class="ticket-body"><p class="ticket-product">${e(view.product.name)}</p><dl class="ticket-facts">${facts}</dl>` +
    (view.role === 'receiver' ? `<p class="ticket-note">${e(t('ticket_received_note'))}</p>` : '') +
    '</div>' +
    (await qrArea(view, token, data, t)) +
    '</article>';
  const shares =
    waiting > 0 || received > 0
      ? '<section class="ticket-section" aria-labelledby="ticket-shares-heading">' +
        `<h2 id="ticket-shares-heading">${e(t('ticket_shares_title'))}</h2>` +
        (waiting > 0 ? `<p>${e(t('ticket_share_waiting', { count: String(waiting) }))}</p>` : '') +
        (received > 0 ? `<p>${e(t('ticket_share_received', { count: String(received) }))}</p>` : '') +
        '</section>'
      : '';
  const actions = isHolder
    ? `<nav class="ticket-actions" aria-label="${e(t('ticket_actions'))}">` +
      (validCount > 1 ? link(`/tickets/share/${path}`, 'button button-secondary', t('ticket_share')) : '') +
      (validCount > 0 ? link(`/tickets/send/${path}`, 'button button-secondary', t('ticket_send')) : '') +
      (view.canChangeDate
        ? link(`/tickets/changedate/${path}`, 'button button-secondary ticket-change-date', t('ticket_change_date'))
        : '') +
      link(`/id/${path}/receipt`, 'button button-secondary', t('ticket_receipt')) +
      '</nav>'
    : '';
  const caution = view.product.caution
    ? '<section class="ticket-section" aria-labelledby="ticket-caution-heading">' +
      `<h2 id="ticket-caution-heading">${e(t('ticket_caution'))}</h2><p>${e(view.product.caution)}</p></section>`
    : '';
  return (
    '<div class="route-view route-view-still">' +
    // Without the app's data-screen mark, as the order page's first view: what waits for the screen waits for the app.
    `<section class="page ticket-page" data-display="${config.ticketDisplay.type === 'fusion' ? 'fusion' : 'separate'}">` +
    card +
    shares +
    actions +
    (isHolder && view.selfCancel ? cancelBooking(view.selfCancel, data, t) : '') +
    caution +
    `<p class="ticket-note">${e(t('ticket_add_to_home'))}</p>` +
    '</section></div>'
  );
}
