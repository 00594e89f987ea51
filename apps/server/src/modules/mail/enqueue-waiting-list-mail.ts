/** Puts a waiting list's mail into the outbox, in the transaction that joins or offers. */
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { shopLink } from './enqueue-order-confirmation.ts';
import { enqueueMail } from './outbox.repository.ts';
import { renderWaitingListMail } from './waiting-list-mail.ts';

export type WaitingListMail = {
  site: Site;
  email: string;
  lang: LanguageCode;
  productName: string;
  visitDate: string;
  startTime: string;
  quantity: number;
  leaveToken: string;
} & (
  | { kind: 'waiting_list_joined'; position: number }
  | { kind: 'waiting_list_offer'; orderId: string; mailToken: string; offerExpiresAt: Date }
);

export async function enqueueWaitingListMail(db: Database, mail: WaitingListMail, publicUrl: string): Promise<void> {
  const link = (route: string) => shopLink(publicUrl, mail.site, mail.lang, route);
  const common = {
    venueName: localize(mail.site.venue.name, mail.lang),
    productName: mail.productName,
    visitDate: mail.visitDate,
    startTime: mail.startTime,
    quantity: mail.quantity,
    leaveUrl: link(`/waiting-list/leave?token=${encodeURIComponent(mail.leaveToken)}`),
  };
  const rendered = renderWaitingListMail(
    mail.kind === 'waiting_list_offer'
      ? {
          ...common,
          kind: mail.kind,
          // The offer is a temporary order with a mail token: its link opens it as a mail-only confirmation's does.
          offerUrl: link(`/mail-confirm?token=${encodeURIComponent(mail.mailToken)}`),
          offerExpiresAt: mail.offerExpiresAt,
        }
      : { ...common, kind: mail.kind, position: mail.position },
    mail.lang,
  );
  await enqueueMail(db, {
    siteId: mail.site.id,
    orderId: mail.kind === 'waiting_list_offer' ? mail.orderId : null,
    kind: mail.kind,
    toAddress: mail.email,
    fromAddress: mail.site.venue.email,
    lang: mail.lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
}
