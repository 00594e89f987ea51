/** Builds the server as a plugin tree; main.ts only listens, tests use `inject`. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { DEFAULT_VARIANT } from '@storefront/domain/constants';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, engineOf } from './db/client.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/errors.ts';
import { apiDocsDirectives, registerSecurityHeaders } from './http/security-headers.ts';
import { xsrfProtection } from './http/xsrf.ts';
import type { ClaimWorker } from './lib/claim-worker.ts';
import { auditConsoleRoutes } from './modules/audit/audit.console-routes.ts';
import { calendarConsoleRoutes } from './modules/catalog/calendar.console-routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { type CatalogueConsoleContext, watchCatalogueChanges } from './modules/catalog/catalogue-changes.ts';
import { imageRoutes } from './modules/catalog/image.routes.ts';
import { imageConsoleRoutes } from './modules/catalog/images.console-routes.ts';
import { productConsoleRoutes } from './modules/catalog/products.console-routes.ts';
import { slotSeriesConsoleRoutes } from './modules/catalog/slot-series.console-routes.ts';
import { venuePaymentMethodsConsoleRoutes } from './modules/catalog/venue-payment-methods.console-routes.ts';
import { venueTextsConsoleRoutes } from './modules/catalog/venue-texts.console-routes.ts';
import { arrivalsConsoleRoutes } from './modules/checkin/arrivals.console-routes.ts';
import { createArrivalsFeed } from './modules/checkin/arrivals.ts';
import { gateConsoleRoutes } from './modules/checkin/gate.console-routes.ts';
import { slotCancellationHandler } from './modules/customer-service/cancel-slots.ts';
import { orderDetailConsoleRoutes } from './modules/customer-service/order-detail.console-routes.ts';
import { orderRefundConsoleRoutes } from './modules/customer-service/order-refunds.console-routes.ts';
import { orderSearchConsoleRoutes } from './modules/customer-service/order-search.console-routes.ts';
import { slotCancellationConsoleRoutes } from './modules/customer-service/slot-cancellations.console-routes.ts';
import { visitorCancellationRoutes } from './modules/customer-service/visitor-cancellation.routes.ts';
import { selfCancelOffer, type VisitorCancellationDeps } from './modules/customer-service/visitor-cancellation.ts';
import { catalogueReferences } from './modules/date-changes/catalogue-references.ts';
import { dateChangeRoutes } from './modules/date-changes/date-changes.routes.ts';
import { createDateChangesService } from './modules/date-changes/date-changes.service.ts';
import { GOOGLE_WALLET_ROUND_MS } from './modules/google-wallet/follow-changes.ts';
import { googleWalletConsoleRoutes } from './modules/google-wallet/google-wallet.console-routes.ts';
import { googleWalletRoutes } from './modules/google-wallet/google-wallet.routes.ts';
import { createGoogleWalletService } from './modules/google-wallet/google-wallet.service.ts';
import { isGoogleWalletOffered } from './modules/google-wallet/issue-passes.ts';
import { createJobWorker, type JobWorker, type JobWorkerOptions } from './modules/jobs/background-jobs.ts';
import {
  type CancellationNotices,
  enqueueCancellationNotice,
  enqueueRefundNotice,
} from './modules/mail/enqueue-order-change-mail.ts';
import { enqueueDateChangeConfirmation, enqueueTicketLinkMail } from './modules/mail/enqueue-order-confirmation.ts';
import { enqueueStaffMail } from './modules/mail/enqueue-staff-mail.ts';
import { enqueueWaitingListMail } from './modules/mail/enqueue-waiting-list-mail.ts';
import { mailViewerRoutes } from './modules/mail/mail.routes.ts';
import { createMailTransport, createOutboxWorker } from './modules/mail/mail-sender.ts';
import { subscribeOrderMails } from './modules/mail/order-mail-listeners.ts';
import type { WalletOffers } from './modules/mail/wallet-links.ts';
import { mailMagazineRoutes } from './modules/mailmagazines/mailmagazines.routes.ts';
import { createMailMagazinesService } from './modules/mailmagazines/mailmagazines.service.ts';
import { membershipRoutes } from './modules/membership/membership.routes.ts';
import { createMembershipService } from './modules/membership/membership.service.ts';
import { promotionConsoleRoutes } from './modules/membership/promotions.console-routes.ts';
import { couponConsoleRoutes } from './modules/orders/coupons.console-routes.ts';
import { createOrderEvents } from './modules/orders/order-events.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createOrderPayable } from './modules/payments/order-payable.ts';
import { carrierRoutes, paymentRoutes, providerWebhookRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { sandboxGatewayRoutes } from './modules/payments/providers/sandbox-gateway.routes.ts';
import { createSandboxGateway } from './modules/payments/providers/sandbox-gateway.ts';
import { type RefundDeps, settleOwedOrderRefunds } from './modules/payments/refund-order.ts';
import { refundPart } from './modules/payments/refund-part.ts';
import { dashboardConsoleRoutes } from './modules/reports/dashboard.console-routes.ts';
import { REPORT_SUMMARY_MS, summariseClosedDays } from './modules/reports/dashboard-days.ts';
import { dashboardTableRows } from './modules/reports/dashboard-tables.ts';
import { journalConsoleRoutes } from './modules/reports/journal.console-routes.ts';
import { dashboardExportConsoleRoutes } from './modules/reports/report-export.console-routes.ts';
import { REPORT_MAIL_CHECK_MS, sendDueReportMails } from './modules/reports/report-mail-sender.ts';
import { reportMailsConsoleRoutes } from './modules/reports/report-mails.console-routes.ts';
import { reservationRoutes } from './modules/reservations/reservations.routes.ts';
import { createReservationsService } from './modules/reservations/reservations.service.ts';
import { signageRoutes } from './modules/signage/signage.routes.ts';
import { createSignageService } from './modules/signage/signage.service.ts';
import { siteApi } from './modules/sites/site-api.plugin.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { spotRoutes } from './modules/spot/spot.routes.ts';
import { createSpotService } from './modules/spot/spot.service.ts';
import { accountConsoleRoutes } from './modules/staff/account.console-routes.ts';
import { consoleApi } from './modules/staff/console-api.plugin.ts';
import { gateDeviceConsoleRoutes } from './modules/staff/gate-devices.console-routes.ts';
import { signInConsoleRoutes } from './modules/staff/sign-in.console-routes.ts';
import { staffConsoleRoutes } from './modules/staff/staff.console-routes.ts';
import type { StaffContext } from './modules/staff/staff-context.ts';
import { relyingPartyOf } from './modules/staff/staff-passkeys.ts';
import { foldSoldHolds } from './modules/stock/sell-places.ts';
import { consolePageRoutes, gatePageRoutes } from './modules/storefront/console-pages.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { ticketFirstViewRoutes } from './modules/storefront/ticket-first-view.routes.ts';
import { issueTicketsOfOrders } from './modules/tickets/issue-tickets.ts';
import { createKeyCache } from './modules/tickets/ticket-signing.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { venueSettingsConsoleRoutes } from './modules/venue-setup/venue-settings.console-routes.ts';
import { venueConsoleRoutes } from './modules/venue-setup/venues.console-routes.ts';
import { WAITING_LIST_KICK_MS, WAITING_LIST_ROUND_MS } from './modules/waiting-list/offer-places.ts';
import { waitingListConsoleRoutes } from './modules/waiting-list/waiting-list.console-routes.ts';
import { waitingListRoutes } from './modules/waiting-list/waiting-list.routes.ts';
import { createWaitingListService } from './modules/waiting-list/waiting-list.service.ts';
import { isAppleWalletOffered } from './modules/wallet/apple-passes.ts';
import { APPLE_WALLET_FOLLOW_MS } from './modules/wallet/follow-changes.ts';
import { appleWalletConsoleRoutes } from './modules/wallet/wallet.console-routes.ts';
import { appleWalletTicketRoutes, appleWalletWebServiceRoutes } from './modules/wallet/wallet.routes.ts';
import { createAppleWalletService } from './modules/wallet/wallet.service.ts';
import { subscribeOrderWebhooks } from './modules/webhooks/order-webhooks.ts';
import {
  createWebhookWorker,
  pruneWebhookDeliveries,
  WEBHOOK_PRUNE_MS,
  type WebhookWorkerOptions,
} from './modules/webhooks/webhook-worker.ts';
import { webhookConsoleRoutes } from './modules/webhooks/webhooks.console-routes.ts';

export type AppOptions = {
  config: Pick<Config, 'appMode' | 'appEnv' | 'reconnectSite'> &
    Partial<
      Pick<
        Config,
        | 'smtpUrl'
        | 'stripe'
        | 'adyen'
        | 'paypay'
        | 'spotStaffKey'
        | 'trustProxy'
        | 'isApiDocsServed'
        | 'staffMailFrom'
        | 'googleWallet'
        | 'appleWallet'
      >
    >;
  /** Signage: how often a site with screens connected is looked at for sales made by other processes. */
  signagePollMs?: number;
  /** How long an idle batcher of payments (their beginnings, their completions) waits for others to go with (decision 030; BATCH_GATHER_MS unless given). */
  batchGatherMs?: number;
  /** How often this process offers places that came back to the waiting lists (WAITING_LIST_ROUND_MS unless given). */
  waitingListMs?: number;
  /** How often a watched day's live arrivals are read again (tests make it short). */
  arrivalsPollMs?: number;
  /** How long one live-arrivals stream lasts before the browser opens it again (and is checked again). */
  arrivalsStreamMs?: number;
  /** Where visitors reach the shop, for links in e-mails; read when a mail is written. */
  publicUrl?: () => string;
  db: Database;
  /** The storefront build (its index.html and assets/). */
  storefrontDir: string;
  /** The console build (served under /console/); without one, /console/ says it is not built. */
  consoleDir?: string;
  /** The gate scanner's build (served under /gate/); without one, /gate/ says it is not built. */
  gateDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The background jobs' worker: items worked at once, and how often an idle worker looks. */
  jobs?: Pick<JobWorkerOptions, 'concurrency' | 'pollMs'>;
  /** How often this process summarises the dashboard's closed days (decision 023). */
  reportSummaryMs?: number;
  /** How often this process looks for summary mails due (REPORT_MAIL_CHECK_MS unless given). */
  reportMailMs?: number;
  /** How often this process brings Google Wallet passes up to date (GOOGLE_WALLET_ROUND_MS unless given), and the back-off. */
  googleWallet?: { roundMs?: number; retryDelayMs?: (attempts: number) => number };
  /** How often this process follows admission changes into Apple Wallet passes (APPLE_WALLET_FOLLOW_MS unless given). */
  appleWalletMs?: number;
  /** The webhook deliveries' worker: its poll, a receiver's time to answer, the back-off (tests make them short). */
  webhooks?: Pick<WebhookWorkerOptions, 'intervalMs' | 'timeoutMs' | 'maxAttempts' | 'retryDelayMs' | 'publicOnly'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles payments nobody came back for and owed refunds (the reconciler runs it every 30 s). */
    reconcilePayments(olderThanSeconds?: number): Promise<number>;
    /** One waiting-list round now: places that came back offered in list order. */
    offerWaitingListPlaces(): Promise<{ offered: number; lapsed: number; bought: number; closed: number }>;
    /** The reconcile run made when the server became ready (what a stopped process left). */
    startupReconcile(): Promise<number>;
    /** The durable background jobs' worker of this process (calling off slots, ...). */
    jobs: JobWorker;
    /** This process's worker POSTing webhook deliveries (decision 022). */
    webhooks: ClaimWorker;
    /** One round following admission changes into Apple Wallet passes now (decision 027); passes changed. */
    followAppleWalletChanges(): Promise<number>;
    /** One round bringing Google Wallet passes up to date with their admissions (decision 028). */
    followGoogleWalletChanges(): Promise<{ read: number; marked: number; updated: number; failed: number }>;
  }
}

/**
 * Fastify fails closed on a bare hop count (it cannot tell a proxy from a client that writes the
 * header itself); a configured count means the operator vouches that only proxies reach the
 * server, so the nearest `hops` addresses are trusted (proxy-addr counts the socket peer as 0).
 */
function trustProxyOf(setting: false | string[] | number) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a load balancer the client is in X-Forwarded-For, trusted only from the proxies named.
    trustProxy: trustProxyOf(options.config.trustProxy ?? false),
    // Query strings like `main_product_time_span_ids=1,2` stay strings; zod parses them.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every answer carries the headers, errors and 404s included.
  await registerSecurityHeaders(app, { isProduction: options.config.appEnv === 'production' });
  registerErrorHandler(app);
  // Before any route: compression attaches itself to each route as it is added.
  await registerCompression(app);
  await app.register(xsrfProtection, { secure: options.config.appEnv === 'production' });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', description: 'Catalogue, orders and tickets of every venue', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  // The API's whole surface, for anyone to read: not in production unless asked for.
  if (options.config.isApiDocsServed ?? options.config.appMode !== 'production') {
    const directives = apiDocsDirectives({ isProduction: options.config.appEnv === 'production' });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiHooks: {
        onRequest: async (_request, reply) => {
          reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
        },
      },
    });
  }

  const sites = createSitesService(options.db, {
    appMode: options.config.appMode,
    defaultVariant: DEFAULT_VARIANT,
    reconnectSite: options.config.reconnectSite,
  });
  const catalog = createCatalogService(options.db, { appMode: options.config.appMode });
  // Mail goes through the outbox: written with the order, sent after commit, retried.
  const transport = createMailTransport(options.config.smtpUrl ?? null);
  const mailWorker = createOutboxWorker(options.db, transport, { logger: app.log });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    transport?.close();
  });
  const publicUrl = options.publicUrl ?? (() => 'http://localhost:3000');
  const isProduction = options.config.appEnv === 'production';

  // Lobby screens follow sales: at once for this process's own, within a poll for the others'.
  const signage = createSignageService({
    loadBoard: (site) => catalog.todayBoard(site),
    ...(options.signagePollMs ? { pollMs: options.signagePollMs } : {}),
    onError: (error) => app.log.warn({ err: error }, 'signage board could not be loaded'),
  });
  app.addHook('preClose', async () => signage.close());
  // Set once the waiting lists exist: places given back are offered to them at once.
  let kickWaitingLists = () => {};
  const stockChanged = () => {
    catalog.invalidateAvailability();
    signage.stockChanged();
    kickWaitingLists();
  };

  // A completed order announces itself: availability is recomputed and its mail goes at once.
  const orderEvents = createOrderEvents();
  orderEvents.onStockChanged(stockChanged);
  orderEvents.onCompleted(stockChanged);
  // The ticket mails' wallet links (decisions 027, 028): whether a venue offers each wallet, asked
  // in the transaction that writes the mail.
  const walletOffers: WalletOffers = {
    apple: (db, siteId) => isAppleWalletOffered({ db, config: options.config.appleWallet ?? null }, siteId),
    google: (db, siteId) => isGoogleWalletOffered({ db, config: options.config.googleWallet ?? null }, siteId),
  };
  subscribeOrderMails(orderEvents, { publicUrl, kick: () => mailWorker.kick(), wallets: walletOffers });
  // Webhook deliveries are written with the change that causes them and POSTed after commit (decision 022).
  // In production receivers must be reached over https at public addresses; demo and development may use local ones.
  const webhookReceivers = { httpsOnly: isProduction || options.config.appMode === 'production' };
  const webhookWorker = createWebhookWorker(options.db, {
    logger: app.log,
    publicOnly: webhookReceivers.httpsOnly,
    venueOf: async (siteId) => (await sites.list()).find((site) => site.id === siteId) ?? null,
    ...(options.webhooks ?? {}),
  });
  app.decorate('webhooks', webhookWorker);
  app.addHook('onClose', async () => webhookWorker.stop());
  // Finished deliveries past keeping are deleted now and then by every process (deletes are idempotent).
  let pruning: Promise<unknown> = Promise.resolve();
  const webhookPruner = setInterval(() => {
    pruning = pruning
      .then(() => pruneWebhookDeliveries(options.db))
      .catch((error) => app.log.warn({ err: error }, 'old webhook deliveries could not be deleted'));
  }, WEBHOOK_PRUNE_MS);
  webhookPruner.unref();
  app.addHook('onClose', async () => {
    clearInterval(webhookPruner);
    await pruning;
  });
  subscribeOrderWebhooks(orderEvents, { kick: () => webhookWorker.kick() });
  const orders = createOrdersService(
    options.db,
    { issueTickets: issueTicketsOfOrders, events: orderEvents },
    { logger: app.log },
  );
  // The console changes the catalogue: this process forgets it at once, the others within a poll.
  const catalogueChanges = watchCatalogueChanges(options.db, {
    onChange: () => {
      catalog.invalidateAll();
      sites.invalidate();
      orders.catalogueChanged();
      signage.stockChanged();
    },
    onError: (error) => app.log.warn({ err: error }, 'catalogue changes could not be read'),
  });
  app.addHook('onClose', async () => catalogueChanges.stop());

  const membership = createMembershipService(options.db, orders);
  // Demo and tests pay through the built-in sandbox gateway; production only through real providers.
  const sandbox = options.config.appMode === 'production' ? null : createSandboxGateway(options.db, { publicUrl });
  // A provider's SDK is loaded only where the deployment configures it (decision 038).
  const adyenConfig = options.config.adyen;
  const adyen = adyenConfig
    ? (await import('./modules/payments/providers/adyen-provider.ts')).createAdyenProvider({
        ...adyenConfig,
        // A venue's own merchant account, else the deployment's.
        merchantAccountFor: async (siteId) =>
          (await sites.list()).find((site) => site.id === siteId)?.paymentProviderKeys.adyen?.merchantAccount ??
          adyenConfig.merchantAccount,
      })
    : null;
  const providers = {
    ...(sandbox ? { sandbox } : {}),
    ...(options.config.stripe
      ? { stripe: (await import('./modules/payments/providers/stripe-provider.ts')).createStripeProvider(options.config.stripe) }
      : {}),
    ...(adyen ? { adyen } : {}),
    ...(options.config.paypay
      ? { paypay: (await import('./modules/payments/providers/paypay-provider.ts')).createPayPayProvider(options.config.paypay) }
      : {}),
  };
  // The visitor hears of a change to their booking by a mail written with it: a cancellation (its
  // refund in the same mail), a refund that failed, one staff made again (issue 40).
  const cancellationNotices: CancellationNotices = {
    cancelled: enqueueCancellationNotice,
    queued: () => mailWorker.kick(),
  };
  const refunding: RefundDeps = {
    providers,
    logger: app.log,
    refundNotices: { write: enqueueRefundNotice, queued: () => mailWorker.kick() },
  };
  const dateChanges = createDateChangesService(options.db, orders, {
    enqueueConfirmation: (tx, mail) => enqueueDateChangeConfirmation(tx, mail, publicUrl(), walletOffers),
    // A cheaper change's difference comes out of the order's kept payment: the ledger and the
    // providers are enough, so date changes never call the payments service.
    refund: (request) => refundPart(options.db, refunding, request),
    onStockChanged: stockChanged,
    onMailQueued: () => mailWorker.kick(),
  });
  const payments = createPaymentsService(
    options.db,
    {
      payables: { order: createOrderPayable(orders), 'date-change': dateChanges.payable },
      providers,
      publicUrl,
      siteById: async (id) => (await sites.list()).find((s) => s.id === id) ?? null,
      logger: app.log,
      refundNotices: refunding.refundNotices,
    },
    {
      ...(options.batchGatherMs !== undefined ? { batchGatherMs: options.batchGatherMs } : {}),
      batchWhileBusy: engineOf(options.db) === 'pglite',
    },
  );
  // Money nobody came back for: payments to settle, refunds of cheaper date changes still owed, and
  // order refunds written but never answered by their provider (decision 017).
  const reconcile = async (olderThanSeconds?: number) =>
    (await payments.reconcile(olderThanSeconds)) +
    (await dateChanges.settleOwedRefunds(olderThanSeconds)) +
    (await settleOwedOrderRefunds(options.db, refunding, olderThanSeconds));
  // Places a completion marked sold whose process stopped before moving them to the slot's `sold`
  // (they count as held meanwhile, so nothing can be sold twice).
  const foldLeftovers = () =>
    foldSoldHolds(options.db, 'all').catch((error) => app.log.warn({ err: error }, 'folding sold places failed'));
  const reconciler = setInterval(() => {
    reconcile().catch((error) => app.log.warn({ err: error }, 'payment reconciler failed'));
    void foldLeftovers();
  }, 30_000);
  reconciler.unref();
  // A process that stopped between a provider's capture and the tickets leaves work for the next
  // one, so the start-up run asks about every attempt under way at once. Other processes may be
  // serving: asking is harmless, and only an attempt an hour old is ever given up (decision 009).
  let startupRun: Promise<number> = Promise.resolve(0);
  app.addHook('onReady', async () => {
    void foldLeftovers();
    startupRun = reconcile(0).catch((error) => {
      app.log.warn({ err: error }, 'payment reconciler failed');
      return 0;
    });
  });
  app.decorate('reconcilePayments', (olderThanSeconds?: number) => reconcile(olderThanSeconds));
  app.decorate('startupReconcile', () => startupRun);
  app.addHook('onClose', async () => clearInterval(reconciler));
  // The dashboard's summaries of closed days (decision 023): every process looks now and then;
  // a day's marker, taken in the summarising transaction, keeps two from both doing it.
  let summarising: Promise<unknown> = Promise.resolve();
  const summarise = () => {
    summarising = summarising
      .then(async () => summariseClosedDays(options.db, await sites.list()))
      .catch((error) => app.log.warn({ err: error }, 'the dashboard could not summarise closed days'));
  };
  const summariser = setInterval(summarise, options.reportSummaryMs ?? REPORT_SUMMARY_MS);
  summariser.unref();
  app.addHook('onClose', async () => {
    clearInterval(summariser);
    await summarising;
  });

  const ticketMail = {
    enqueueTicketMail: (tx: Database, mail: Parameters<typeof enqueueTicketLinkMail>[1]) =>
      enqueueTicketLinkMail(tx, mail, publicUrl(), walletOffers),
    onMailQueued: () => mailWorker.kick(),
  };
  // Apple Wallet passes (decision 027): every process follows admission changes into them.
  const appleWallet = createAppleWalletService({
    db: options.db,
    config: options.config.appleWallet ?? null,
    keys: createKeyCache(options.db),
    siteById: async (id) => (await sites.list()).find((site) => site.id === id) ?? null,
    publicUrl,
    logger: app.log,
  });
  app.decorate('followAppleWalletChanges', () => appleWallet.followChanges());
  if (options.config.appleWallet) {
    const appleWalletTimer = setInterval(() => {
      appleWallet.followChanges().catch((error) => app.log.warn({ err: error }, 'Apple Wallet passes could not follow changes'));
    }, options.appleWalletMs ?? APPLE_WALLET_FOLLOW_MS);
    appleWalletTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(appleWalletTimer);
      await appleWallet.settled();
    });
  }
  const tickets = createTicketsService(options.db, orders, {
    ...ticketMail,
    dateChanges,
    selfCancel: (db, site, access, now) => selfCancelOffer(db, site, access, now),
    appleWallet: (siteId) => appleWallet.isOffered(siteId),
    googleWallet: (siteId) => googleWallet.isOffered(siteId),
  });
  // A visitor's own cancellation: the same refunds and places as staff's, with its notice mailed.
  const visitorCancellation: VisitorCancellationDeps = {
    refunds: refunding,
    onStockChanged: stockChanged,
    notices: cancellationNotices,
  };
  const reservations = createReservationsService(options.db, orders, ticketMail);
  // Waiting lists (issue 22): every process offers places that came back now and then, and soon
  // after this process gave some back; a slot's advisory lock keeps two from offering one place.
  const waitingList = createWaitingListService(options.db, {
    orders,
    enqueueMail: (tx, mail) => enqueueWaitingListMail(tx, mail, publicUrl()),
    onMailQueued: () => mailWorker.kick(),
    siteById: async (id) => (await sites.list()).find((site) => site.id === id) ?? null,
    logger: app.log,
  });
  let waitingListRound: ReturnType<typeof waitingList.offerFreedPlaces> = Promise.resolve({
    offered: 0,
    lapsed: 0,
    bought: 0,
    closed: 0,
  });
  const offerWaitingListPlaces = () => {
    waitingListRound = waitingListRound.catch(() => undefined).then(() => waitingList.offerFreedPlaces());
    return waitingListRound;
  };
  const waitingListTimer = setInterval(() => {
    offerWaitingListPlaces().catch((error) => app.log.warn({ err: error }, 'the waiting lists could not be offered places'));
  }, options.waitingListMs ?? WAITING_LIST_ROUND_MS);
  waitingListTimer.unref();
  app.decorate('offerWaitingListPlaces', offerWaitingListPlaces);
  // A change of stock in this process (places given back, or taken) brings the next round forward,
  // gathered over a quarter second so a rush of orders costs one round, not one each.
  let waitingListKick: NodeJS.Timeout | null = null;
  kickWaitingLists = () => {
    if (waitingListKick) return;
    waitingListKick = setTimeout(() => {
      waitingListKick = null;
      offerWaitingListPlaces().catch((error) => app.log.warn({ err: error }, 'the waiting lists could not be offered places'));
    }, WAITING_LIST_KICK_MS);
    waitingListKick.unref();
  };
  app.addHook('onClose', async () => {
    clearInterval(waitingListTimer);
    if (waitingListKick) clearTimeout(waitingListKick);
    kickWaitingLists = () => {};
    await waitingListRound.catch(() => undefined);
  });
  // Google Wallet passes (decision 028): every process follows the admissions' change feed now and
  // then and brings passes up to date; the feed's cursor and each pass's generation keep it once.
  const googleWalletConfig = options.config.googleWallet ?? null;
  const googleWallet = createGoogleWalletService(
    {
      db: options.db,
      config: googleWalletConfig,
      api: googleWalletConfig
        ? (await import('./modules/google-wallet/wallet-api.ts')).createWalletApi(googleWalletConfig)
        : null,
      keys: createKeyCache(options.db),
      siteById: async (id) => (await sites.list()).find((site) => site.id === id) ?? null,
      publicUrl,
      logger: app.log,
    },
    options.googleWallet?.retryDelayMs ? { retryDelayMs: options.googleWallet.retryDelayMs } : {},
  );
  let googleWalletRound: ReturnType<typeof googleWallet.followChanges> = Promise.resolve({
    read: 0,
    marked: 0,
    updated: 0,
    failed: 0,
  });
  const followGoogleWalletChanges = () => {
    googleWalletRound = googleWalletRound.catch(() => undefined).then(() => googleWallet.followChanges());
    return googleWalletRound;
  };
  app.decorate('followGoogleWalletChanges', followGoogleWalletChanges);
  if (googleWalletConfig) {
    const googleWalletTimer = setInterval(() => {
      followGoogleWalletChanges().catch((error) => app.log.warn({ err: error }, 'Google Wallet passes could not be updated'));
    }, options.googleWallet?.roundMs ?? GOOGLE_WALLET_ROUND_MS);
    googleWalletTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(googleWalletTimer);
      await googleWalletRound.catch(() => undefined);
    });
  }
  const spot = createSpotService(options.db, {
    catalog,
    orders,
    appMode: options.config.appMode,
    staffKey: options.config.spotStaffKey ?? null,
  });

  await app.register(
    siteApi(sites, [
      catalogRoutes(catalog),
      orderRoutes(orders),
      paymentRoutes(payments),
      membershipRoutes(membership),
      ticketRoutes(tickets),
      appleWalletTicketRoutes(appleWallet.deps),
      ticketFirstViewRoutes({ tickets, catalog }),
      visitorCancellationRoutes(options.db, visitorCancellation),
      dateChangeRoutes(dateChanges, payments),
      reservationRoutes(reservations),
      waitingListRoutes(waitingList),
      mailMagazineRoutes(createMailMagazinesService(options.db)),
      spotRoutes(spot),
      signageRoutes(signage),
      googleWalletRoutes(googleWallet),
    ]),
    { prefix: '/:site/api/v1' },
  );
  await app.register(
    siteApi(sites, [
      carrierRoutes(sandbox, publicUrl, (site, orderToken, clientIp) =>
        orders.requireCarrierCheckout(site, orderToken, clientIp),
      ),
    ]),
    { prefix: '/:site' },
  );
  // The operator console's API: staff sign in, manage staff and teams, read the audit log.
  const staffContext: StaffContext = {
    db: options.db,
    sites,
    mailer: {
      publicUrl,
      from: () => options.config.staffMailFrom ?? `Storefront <no-reply@${new URL(publicUrl()).hostname}>`,
      enqueue: enqueueStaffMail,
    },
    relyingParty: () => relyingPartyOf(publicUrl()),
  };
  // The summary mails (issue 18 part 4): every process looks now and then; a subscription's period,
  // taken in the transaction that writes its mail, keeps two from both sending it.
  let reportMailing: Promise<unknown> = Promise.resolve();
  const mailReports = () => {
    reportMailing = reportMailing
      .then(() =>
        sendDueReportMails(options.db, {
          sites: () => sites.list(),
          mailer: staffContext.mailer,
          onMailQueued: () => mailWorker.kick(),
        }),
      )
      .catch((error) => app.log.warn({ err: error }, 'the summary mails could not be written'));
  };
  const reportMailer = setInterval(mailReports, options.reportMailMs ?? REPORT_MAIL_CHECK_MS);
  reportMailer.unref();
  app.addHook('onClose', async () => {
    clearInterval(reportMailer);
    await reportMailing;
  });
  const catalogueContext: CatalogueConsoleContext = { db: options.db, sites, catalogueChanges, references: catalogueReferences };
  // Long work that must survive a restart: any process's worker takes the next item (decision 018).
  const jobs = createJobWorker(
    options.db,
    [
      slotCancellationHandler({
        db: options.db,
        refunds: refunding,
        onStockChanged: stockChanged,
        notices: cancellationNotices,
      }),
    ],
    { logger: app.log, ...(options.jobs ?? {}) },
  );
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  app.decorate('consoleRoutes', []);
  // Live arrivals: each watched day is read from the database (any process's check-ins show).
  const arrivalsFeed = createArrivalsFeed(options.db, {
    ...(options.arrivalsPollMs ? { pollMs: options.arrivalsPollMs } : {}),
    onError: (error) => app.log.warn({ err: error }, 'arrivals could not be read'),
  });
  app.addHook('preClose', async () => arrivalsFeed.close());
  await app.register(
    consoleApi({ db: options.db, sites, secureCookies: isProduction }, [
      signInConsoleRoutes(staffContext),
      accountConsoleRoutes(staffContext),
      staffConsoleRoutes(staffContext),
      venueConsoleRoutes(options.db, sites),
      auditConsoleRoutes(options.db, sites),
      slotSeriesConsoleRoutes(catalogueContext),
      venueSettingsConsoleRoutes(catalogueContext),
      venueTextsConsoleRoutes(catalogueContext),
      venuePaymentMethodsConsoleRoutes(catalogueContext, {
        providers: ['free', ...(Object.keys(providers) as (keyof typeof providers)[])],
      }),
      calendarConsoleRoutes(catalogueContext),
      productConsoleRoutes(catalogueContext),
      imageConsoleRoutes(catalogueContext),
      couponConsoleRoutes(options.db),
      waitingListConsoleRoutes(waitingList),
      googleWalletConsoleRoutes(googleWallet),
      orderSearchConsoleRoutes(options.db),
      promotionConsoleRoutes(options.db),
      orderDetailConsoleRoutes({ db: options.db, ...ticketMail }),
      slotCancellationConsoleRoutes({ db: options.db, catalogueChanges, kick: () => jobs.kick() }),
      gateDeviceConsoleRoutes({ db: options.db, sites }),
      gateConsoleRoutes({ db: options.db, keys: createKeyCache(options.db) }),
      orderRefundConsoleRoutes(options.db, {
        refunds: refunding,
        onStockChanged: stockChanged,
        notices: cancellationNotices,
        dateChanges,
      }),
      webhookConsoleRoutes({
        db: options.db,
        kick: () => webhookWorker.kick(),
        httpsOnly: webhookReceivers.httpsOnly,
        publicOnly: webhookReceivers.httpsOnly,
      }),
      dashboardConsoleRoutes({ db: options.db, sites }),
      reportMailsConsoleRoutes({ db: options.db, sites }),
      arrivalsConsoleRoutes({
        db: options.db,
        feed: arrivalsFeed,
        ...(options.arrivalsStreamMs ? { streamMs: options.arrivalsStreamMs } : {}),
      }),
      journalConsoleRoutes(options.db),
      appleWalletConsoleRoutes({ db: options.db, config: options.config.appleWallet ?? null }),
      dashboardExportConsoleRoutes({ db: options.db, tableRows: dashboardTableRows(options.db) }),
    ]),
    { prefix: '/console/api/v1' },
  );
  if (sandbox) await app.register(sandboxGatewayRoutes(sandbox));
  // Apple's pass web service, at the passes' webServiceURL.
  await app.register(appleWalletWebServiceRoutes(appleWallet.deps), { prefix: '/wallet/apple' });
  await app.register(providerWebhookRoutes(payments, ['stripe', 'adyen', 'paypay']));
  // The mail viewer shows every visitor's mail to anyone: never in production.
  if (options.config.appMode !== 'production') await app.register(mailViewerRoutes(options.db));
  // Uploaded images, public and cached for ever: before the shop's `/:variant/…` pages.
  await app.register(imageRoutes(options.db));
  await app.register(consolePageRoutes({ consoleDir: options.consoleDir ?? null, isProduction }));
  await app.register(gatePageRoutes({ gateDir: options.gateDir ?? null, isProduction }));
  await app.register(
    storefrontRoutes({
      sites,
      catalog,
      storefrontDir: options.storefrontDir,
      appMode: options.config.appMode,
      isProduction: options.config.appEnv === 'production',
    }),
  );

  return app;
}
