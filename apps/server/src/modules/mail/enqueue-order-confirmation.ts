/** Puts an order's confirmation e-mail into the outbox, inside the checkout's transaction. */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import { DISPLAY_TIME_ZONE, type LanguageCode } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { subscribeFromOrder } from '../mailmagazines/mailmagazines.service.ts';
import type { Site } from '../sites/site.ts';
import type { TicketMail } from '../tickets/ticket-mail.ts';
import { type DateChangeMailData, renderDateChangeMail } from './date-change-mail.ts';
import { renderMailConfirmation } from './mail-confirmation-mail.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';
import { enqueueMail, enqueueMails, type NewOutboxMail } from './outbox.repository.ts';
import { renderTicketLinkMail } from './ticket-link-mail.ts';
import { type WalletOffers, walletLinksOf } from './wallet-links.ts';

export type CompletedOrder = {
  site: Site;
  orderId: string;
  order: TemporaryOrder;
  email: string;
  reservationNumber: string;
  reservationToken: string;
  visitDate: string;
  isAllDay: boolean;
};

/**
 * A link into the shop (or its ticket pages) for a mail, carrying the language the mail is written
 * in (`?lang=`): opened on another device or in a fresh browser, the page speaks the mail's
 * language, not the browser's.
 */
export function shopLink(
  publicUrl: string,
  site: Pick<Site, 'variant'>,
  lang: string,
  route: string,
  app: 'shop' | 'tickets' = 'shop',
): string {
  const base = publicUrl.replace(/\/$/, '');
  return `${base}/${site.variant}/${app === 'tickets' ? 'tickets/' : ''}?lang=${encodeURIComponent(lang)}#${route}`;
}

/**
 * The confirmation mails of orders completed in one transaction, written to the outbox in one
 * statement (a rush completes many at once).
 */
export async function enqueueOrderConfirmations(
  db: Database,
  completed: CompletedOrder[],
  publicUrl: string,
  wallets?: WalletOffers,
): Promise<void> {
  const mails: NewOutboxMail[] = [];
  for (const one of completed) mails.push(await orderConfirmationOf(db, one, publicUrl, wallets));
  await enqueueMails(db, mails);
}

/** An order's confirmation mail, ready for the outbox (its wallet links and mail-magazine way out are looked up in `db`). */
async function orderConfirmationOf(
  db: Database,
  completed: CompletedOrder,
  publicUrl: string,
  wallets?: WalletOffers,
): Promise<NewOutboxMail> {
  const { site, order } = completed;
  const lang = order.lang as LanguageCode;
  const ticketUrl = shopLink(publicUrl, site, lang, `/id/${encodeURIComponent(completed.reservationToken)}`, 'tickets');
  const walletLinks = await walletLinksOf(db, wallets, {
    publicUrl,
    site,
    reservationToken: completed.reservationToken,
    ticketUrl,
  });
  // A visitor who consented to the mail magazine gets the way out in this and every marketing mail.
  const unsubscribeToken = await subscribeFromOrder(db, site.id, completed.email, order.customerFields ?? {});
  const unsubscribeUrl = unsubscribeToken
    ? shopLink(publicUrl, site, lang, `/mail-release/${encodeURIComponent(unsubscribeToken)}`)
    : null;
  const mail = renderOrderConfirmation(
    {
      venueName: localize(site.venue.name, lang),
      reservationNumber: completed.reservationNumber,
      ticketUrl,
      productName: order.mainProduct.name,
      date: completed.visitDate,
      startTime: completed.isAllDay ? null : timeOfDayIn(new Date(order.mainProduct.reservationFrom), DISPLAY_TIME_ZONE),
      lines: [
        ...order.mainProduct.options.map((o) => ({ name: o.name, quantity: o.quantity, amount: o.price * o.quantity })),
        ...order.setProducts.map((s) => ({ name: s.name, quantity: s.quantity, amount: s.price * s.quantity })),
      ],
      discount: order.discount,
      total: order.price,
      currency: site.currency,
      venueAddress: localize(site.venue.address, lang),
      contactEmail: site.venue.email,
      unsubscribeUrl,
      walletLinks,
    },
    lang,
  );
  return {
    siteId: site.id,
    orderId: completed.orderId,
    kind: 'order_confirmation',
    toAddress: completed.email,
    fromAddress: site.venue.email,
    lang,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  };
}

/** The address-confirmation link of mail-only mode: it opens the storefront's mail-confirm page. */
export async function enqueueMailConfirmation(
  db: Database,
  mail: { site: Site; orderId: string; email: string; lang: string; mailToken: string; minutes: number },
  publicUrl: string,
): Promise<void> {
  const lang = mail.lang as LanguageCode;
  const link = shopLink(publicUrl, mail.site, lang, `/mail-confirm?token=${encodeURIComponent(mail.mailToken)}`);
  const rendered = renderMailConfirmation({ venueName: localize(mail.site.venue.name, lang), link, minutes: mail.minutes }, lang);
  await enqueueMail(db, {
    siteId: mail.site.id,
    orderId: mail.orderId,
    kind: 'mail_confirmation',
    toAddress: mail.email,
    fromAddress: mail.site.venue.email,
    lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
}

/** Tickets sent to a friend (their share link), or the holder's link found again by a reservation inquiry. */
export async function enqueueTicketLinkMail(
  db: Database,
  mail: TicketMail,
  publicUrl: string,
  wallets?: WalletOffers,
): Promise<{ id: string }> {
  const ticketLink = (route: string) => shopLink(publicUrl, mail.site, mail.lang, route, 'tickets');
  const venueName = localize(mail.site.venue.name, mail.lang);
  const common = { venueName, productName: mail.productName, visitDate: mail.visitDate };
  const holderUrl = mail.kind === 'ticket_inquiry' ? ticketLink(`/id/${encodeURIComponent(mail.reservationToken)}`) : '';
  const rendered = renderTicketLinkMail(
    mail.kind === 'ticket_inquiry'
      ? {
          ...common,
          kind: mail.kind,
          reservationNumber: mail.reservationNumber,
          ticketUrl: holderUrl,
          walletLinks: await walletLinksOf(db, wallets, {
            publicUrl,
            site: mail.site,
            reservationToken: mail.reservationToken,
            ticketUrl: holderUrl,
          }),
        }
      : {
          ...common,
          kind: mail.kind,
          senderName: mail.senderName,
          quantity: mail.quantity,
          ticketUrl: ticketLink(`/tickets/shared/${encodeURIComponent(mail.shareToken)}`),
        },
    mail.lang,
  );
  const queued = await enqueueMail(db, {
    siteId: mail.site.id,
    orderId: mail.orderId,
    kind: mail.kind,
    toAddress: mail.email,
    fromAddress: mail.site.venue.email,
    lang: mail.lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
  return { id: queued.id };
}

/** The confirmation of a completed date change, with a ticket link minted for it. */
export async function enqueueDateChangeConfirmation(
  db: Database,
  mail: { site: Site; orderId: string; email: string; lang: LanguageCode; reservationToken: string } & Omit<
    DateChangeMailData,
    'ticketUrl' | 'venueName'
  >,
  publicUrl: string,
  wallets?: WalletOffers,
): Promise<void> {
  const ticketUrl = shopLink(publicUrl, mail.site, mail.lang, `/id/${encodeURIComponent(mail.reservationToken)}`, 'tickets');
  const walletLinks = await walletLinksOf(db, wallets, {
    publicUrl,
    site: mail.site,
    reservationToken: mail.reservationToken,
    ticketUrl,
  });
  const rendered = renderDateChangeMail(
    { ...mail, venueName: localize(mail.site.venue.name, mail.lang), ticketUrl, walletLinks },
    mail.lang,
  );
  await enqueueMail(db, {
    siteId: mail.site.id,
    orderId: mail.orderId,
    kind: 'time_change_confirmation',
    toAddress: mail.email,
    fromAddress: mail.site.venue.email,
    lang: mail.lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
}
