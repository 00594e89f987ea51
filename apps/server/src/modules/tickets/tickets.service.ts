/**
 * The ticket after purchase: what the reservation token shows, sharing part of the party,
 * claiming a share, sending the ticket by mail and the receipt. Access is by possessing a
 * reservation token (SPEC §6); tokens are only ever stored hashed.
 */

import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';
import { issueReceipt, moneyDocument, moneyDocuments, reissueReceipt } from './issue-receipt.ts';
import { sendTickets } from './send-tickets.ts';
import { claimShare, shareTickets, showShare } from './share-tickets.ts';
import { createKeyCache } from './ticket-signing.ts';
import type { TicketsContext, TicketsServiceOptions } from './tickets-context.ts';
import { viewTicket } from './view-ticket.ts';

export type { TicketsServiceOptions };

export function createTicketsService(db: Database, orders: OrdersService, options: TicketsServiceOptions = {}) {
  const ctx: TicketsContext = { orders, signingKey: createKeyCache(db), options };
  return {
    view: (site: Site, token: string, lang: LanguageCode, now = clock.now()) => viewTicket(db, ctx, site, token, lang, now),
    share: (site: Site, token: string, body: { option_values: { option_value_id: number; quantity: number }[] }) =>
      shareTickets(db, site, token, body),
    shared: (site: Site, shareToken: string, lang: LanguageCode) => showShare(db, ctx, site, shareToken, lang),
    claim: (site: Site, shareToken: string) => claimShare(db, site, shareToken),
    send: (site: Site, token: string, body: { email: string; lang?: LanguageCode | undefined }, clientIp: string) =>
      sendTickets(db, ctx, site, token, body, clientIp),
    issueReceipt: (site: Site, token: string, addressee: string, lang: LanguageCode, now = clock.now()) =>
      issueReceipt(db, ctx, site, token, addressee, lang, now),
    /** The receipt that stands, or the document of `number`. */
    receipt: (site: Site, token: string, lang: LanguageCode, number: string | null = null) =>
      moneyDocument(db, ctx, site, token, lang, number),
    documents: (site: Site, token: string, lang: LanguageCode) => moneyDocuments(db, ctx, site, token, lang),
    reissueReceipt: (site: Site, token: string, lang: LanguageCode, now = clock.now()) =>
      reissueReceipt(db, ctx, site, token, lang, now),
    async receiptPdf(
      site: Site,
      token: string,
      lang: LanguageCode,
      number: string | null = null,
    ): Promise<{ pdf: Uint8Array; number: string }> {
      const found = await moneyDocument(db, ctx, site, token, lang, number);
      // pdf-lib, HarfBuzz and the fonts are loaded by the first receipt, not at start (decision 038).
      const { renderReceiptPdf } = await import('./receipt-pdf.ts');
      return { pdf: await renderReceiptPdf(found, lang), number: found.number };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
