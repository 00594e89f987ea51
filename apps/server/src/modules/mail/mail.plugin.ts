import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import { isGoogleWalletOffered } from '../google-wallet/issue-passes.ts';
import { isAppleWalletOffered } from '../wallet/apple-passes.ts';
import { enqueueRefundNotice } from './enqueue-order-change-mail.ts';
import { enqueueDateChangeConfirmation, enqueueTicketLinkMail } from './enqueue-order-confirmation.ts';
import { enqueueStaffMail } from './enqueue-staff-mail.ts';
import { mailViewerRoutes } from './mail.routes.ts';
import { createMailTransport, createOutboxWorker } from './mail-sender.ts';
import { subscribeOrderMails } from './order-mail-listeners.ts';
import type { WalletOffers } from './wallet-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** After a transaction that wrote mail to the outbox commits: it goes at once. */
    mailQueued(): void;
  }
}

/**
 * Mail goes through the outbox: written with the change it tells of, sent after commit, retried.
 * This plugin fills the mail ports of the modules beneath it (tickets, payments, date changes,
 * staff) and writes the order mails as orders announce themselves.
 */
export const mailPlugin = fp<AppOptions>(
  async (app, options) => {
    const transport = createMailTransport(options.config.smtpUrl ?? null);
    const worker = createOutboxWorker(options.db, transport, { logger: app.log });
    app.addHook('onClose', async () => {
      await worker.stop();
      transport?.close();
    });
    const mailQueued = () => worker.kick();
    app.decorate('mailQueued', mailQueued);
    const publicUrl = publicUrlOf(options);
    // The ticket mails' wallet links (decisions 027, 028): whether a venue offers each wallet, asked
    // in the transaction that writes the mail.
    const wallets: WalletOffers = {
      apple: (db, siteId) => isAppleWalletOffered({ db, config: options.config.appleWallet ?? null }, siteId),
      google: (db, siteId) => isGoogleWalletOffered({ db, config: options.config.googleWallet ?? null }, siteId),
    };
    subscribeOrderMails(app.orderEvents, { publicUrl, kick: mailQueued, wallets });
    app.decorate('ticketMail', {
      enqueueTicketMail: (tx, mail) => enqueueTicketLinkMail(tx, mail, publicUrl(), wallets),
      onMailQueued: mailQueued,
    });
    app.decorate('refundNotices', { write: enqueueRefundNotice, queued: mailQueued });
    app.decorate('enqueueDateChangeMail', (tx, mail) => enqueueDateChangeConfirmation(tx, mail, publicUrl(), wallets));
    app.decorate('enqueueStaffMail', enqueueStaffMail);
    // The mail viewer shows every visitor's mail to anyone: never in production.
    if (options.config.appMode !== 'production') await app.register(mailViewerRoutes(options.db));
  },
  { name: 'mail', dependencies: ['orders'] },
);
