/**
 * The order confirmation e-mail: subject, plain text and HTML in the order's language.
 * Pure: the caller gathers the order's facts and puts the result into the outbox.
 */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import { COPY, type Copy, HTML_LANG } from './order-confirmation-copy.ts';
import { type WalletLinks, walletLinksHtml, walletLinksText } from './wallet-links.ts';

type OrderConfirmationLine = { name: string; quantity: number /** The line's total, in minor units. */; amount: number };

export type OrderConfirmationData = {
  venueName: string;
  reservationNumber: string;
  /** The page that shows the tickets; the one thing the visitor must be able to find. */
  ticketUrl: string;
  productName: string;
  /** yyyy-MM-dd, the visit date. */
  date: string;
  /** HH:mm entry time; null for all-day products. */
  startTime: string | null;
  lines: OrderConfirmationLine[];
  /** Minor units taken off by coupons; 0 when none. */
  discount: number;
  total: number;
  currency: Currency;
  venueAddress: string;
  contactEmail: string;
  /** The mail-magazine release page, in mails to visitors who consented to the magazine. */
  unsubscribeUrl?: string | null;
  /** "Add to Apple Wallet" and "Add to Google Wallet", where the venue offers them. */
  walletLinks?: WalletLinks;
};

export type RenderedMail = { subject: string; text: string; html: string };

// Colours chosen for at least 4.5:1 contrast on their backgrounds.
const INK = '#1f2328';
const MUTED = '#4b5563';
const RULE = '#d0d7de';
const BUTTON = '#0b57d0';

export function renderOrderConfirmation(data: OrderConfirmationData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const price = (amount: number) => formatPrice(amount, data.currency, lang);
  const date = formatDate(data.date, lang);
  const time = data.startTime ?? copy.allDay;
  const subject = copy.subject(data.venueName, data.reservationNumber);
  return {
    subject,
    text: renderText(data, copy, { price, date, time, lang }),
    html: renderHtml(data, copy, { price, date, time, subject, lang }),
  };
}

type Formatted = { price: (amount: number) => string; date: string; time: string; lang: LanguageCode };

function renderText(data: OrderConfirmationData, copy: Copy, f: Formatted): string {
  const rule = '----------------------------------------';
  const lines = data.lines.map((line) => `  ${line.name} × ${line.quantity}  ${f.price(line.amount)}`);
  return [
    copy.heading,
    '',
    copy.intro(data.venueName),
    '',
    copy.ticketsAt,
    data.ticketUrl,
    '',
    ...(data.walletLinks ? walletLinksText(data.walletLinks, f.lang) : []),
    rule,
    `${copy.reservationNumber}${copy.colon}${data.reservationNumber}`,
    `${copy.product}${copy.colon}${data.productName}`,
    `${copy.date}${copy.colon}${f.date}`,
    `${copy.entryTime}${copy.colon}${f.time}`,
    rule,
    copy.itemsCaption,
    ...lines,
    ...(data.discount > 0 ? [`  ${copy.discount}  ${f.price(-data.discount)}`] : []),
    `  ${copy.total}  ${f.price(data.total)}`,
    rule,
    data.venueName,
    `${copy.address}${copy.colon}${data.venueAddress}`,
    `${copy.contact}${copy.colon}${data.contactEmail}`,
    '',
    copy.footer,
    ...(data.unsubscribeUrl ? ['', `${copy.unsubscribe}${copy.colon}${data.unsubscribeUrl}`] : []),
    '',
  ].join('\n');
}

function renderHtml(data: OrderConfirmationData, copy: Copy, f: Formatted & { subject: string }): string {
  const e = escapeHtml;
  const htmlLang = HTML_LANG[f.lang];
  const cell = `padding:8px 0;border-bottom:1px solid ${RULE};vertical-align:top;`;
  const detail = (label: string, value: string) =>
    `<tr><th scope="row" style="${cell}text-align:left;font-weight:normal;color:${MUTED};width:40%;">${e(label)}</th>` +
    `<td style="${cell}font-weight:bold;">${e(value)}</td></tr>`;
  const itemRow = (name: string, quantity: string, amount: string, extra = '') =>
    `<tr><th scope="row" style="${cell}text-align:left;font-weight:normal;${extra}">${e(name)}</th>` +
    `<td style="${cell}text-align:right;${extra}">${e(quantity)}</td>` +
    `<td style="${cell}text-align:right;white-space:nowrap;${extra}">${e(amount)}</td></tr>`;
  const lines = data.lines.map((line) => itemRow(line.name, String(line.quantity), f.price(line.amount))).join('');
  const discount = data.discount > 0 ? itemRow(copy.discount, '', f.price(-data.discount)) : '';
  const total = itemRow(copy.total, '', f.price(data.total), 'font-weight:bold;font-size:17px;border-bottom:0;');
  const href = e(data.ticketUrl);
  const mailto = e(`mailto:${data.contactEmail}`);

  return `<!doctype html>
<html lang="${e(htmlLang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(f.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;color:${INK};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,'Hiragino Sans','Noto Sans',sans-serif;font-size:15px;line-height:1.6;">
<div role="article" aria-roledescription="email" aria-label="${e(f.subject)}" lang="${e(htmlLang)}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:28px 28px 8px;">
<p style="margin:0 0 4px;color:${MUTED};font-size:14px;">${e(data.venueName)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${e(copy.heading)}</h1>
<p style="margin:0 0 20px;">${e(copy.intro(data.venueName))}</p>
<p style="margin:0 0 8px;color:${MUTED};font-size:14px;">${e(copy.reservationNumber)}</p>
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;letter-spacing:1px;">${e(data.reservationNumber)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">
<tr><td style="border-radius:6px;background:${BUTTON};">
<a href="${href}" style="display:inline-block;padding:14px 28px;color:#ffffff;background:${BUTTON};border-radius:6px;font-size:17px;font-weight:bold;text-decoration:none;">${e(copy.viewTickets)}</a>
</td></tr>
</table>
<p style="margin:0 0 24px;color:${MUTED};font-size:13px;">${e(copy.linkFallback)}<br><a href="${href}" style="color:${BUTTON};word-break:break-all;">${e(data.ticketUrl)}</a></p>
${data.walletLinks ? walletLinksHtml(data.walletLinks, f.lang) : ''}
</td></tr>
<tr><td style="padding:0 28px;">
<h2 style="margin:0 0 8px;font-size:17px;">${e(copy.booking)}</h2>
<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 24px;">
<tbody>
${detail(copy.product, data.productName)}
${detail(copy.date, f.date)}
${detail(copy.entryTime, f.time)}
</tbody>
</table>
<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 24px;">
<caption style="text-align:left;font-weight:bold;font-size:17px;padding:0 0 8px;">${e(copy.itemsCaption)}</caption>
<thead><tr>
<th scope="col" style="${cell}text-align:left;color:${MUTED};font-weight:normal;">${e(copy.item)}</th>
<th scope="col" style="${cell}text-align:right;color:${MUTED};font-weight:normal;">${e(copy.quantity)}</th>
<th scope="col" style="${cell}text-align:right;color:${MUTED};font-weight:normal;">${e(copy.amount)}</th>
</tr></thead>
<tbody>
${lines}
${discount}
${total}
</tbody>
</table>
</td></tr>
<tr><td style="padding:0 28px 28px;">
<h2 style="margin:0 0 8px;font-size:17px;">${e(copy.venue)}</h2>
<p style="margin:0 0 4px;font-weight:bold;">${e(data.venueName)}</p>
<p style="margin:0 0 4px;">${e(copy.address)}${e(copy.colon)}${e(data.venueAddress)}</p>
<p style="margin:0 0 20px;">${e(copy.contact)}${e(copy.colon)}<a href="${mailto}" style="color:${BUTTON};">${e(data.contactEmail)}</a></p>
<p style="margin:0;color:${MUTED};font-size:13px;">${e(copy.footer)}</p>
${data.unsubscribeUrl ? `<p style="margin:12px 0 0;font-size:13px;"><a href="${e(data.unsubscribeUrl)}" style="color:${BUTTON};">${e(copy.unsubscribe)}</a></p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</div>
</body>
</html>
`;
}
