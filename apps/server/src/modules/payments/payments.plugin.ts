import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import { engineOf } from '../../db/client.ts';
import { repeatRounds } from '../../lib/rounds.ts';
import { siteApi } from '../sites/site-api.plugin.ts';
import { createOrderPayable } from './order-payable.ts';
import { carrierRoutes, paymentRoutes, providerWebhookRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { settleOwedOrderRefunds } from './refund-order.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
    /** Settles payments nobody came back for and owed refunds (the reconciler runs it every 30 s). */
    reconcilePayments(olderThanSeconds?: number): Promise<number>;
    /** The reconcile run made when the server became ready (what a stopped process left). */
    startupReconcile(): Promise<number>;
  }
}

const RECONCILE_MS = 30_000;

/** Checkout, the providers' returns and notifications, and the reconciler (decisions 009, 017). */
export const paymentsPlugin = fp<AppOptions>(
  async (app, options) => {
    const publicUrl = publicUrlOf(options);
    const payments = createPaymentsService(
      options.db,
      {
        payables: { order: createOrderPayable(app.orders), 'date-change': app.dateChanges.payable },
        providers: app.paymentProviders,
        publicUrl,
        siteById: (id) => app.sites.byId(id),
        logger: app.log,
        refundNotices: app.refundNotices,
      },
      {
        ...(options.batchGatherMs !== undefined ? { batchGatherMs: options.batchGatherMs } : {}),
        batchWhileBusy: engineOf(options.db) === 'pglite',
      },
    );
    app.decorate('payments', payments);
    // Money nobody came back for: payments to settle, refunds of cheaper date changes still owed, and
    // order refunds written but never answered by their provider (decision 017).
    const reconcile = async (olderThanSeconds?: number) =>
      (await payments.reconcile(olderThanSeconds)) +
      (await app.dateChanges.settleOwedRefunds(olderThanSeconds)) +
      (await settleOwedOrderRefunds(options.db, app.refunds, olderThanSeconds));
    repeatRounds(app, { work: () => reconcile(), everyMs: RECONCILE_MS, failure: 'payment reconciler failed' });
    // A process that stopped between a provider's capture and the tickets leaves work for the next
    // one, so the start-up run asks about every attempt under way at once. Other processes may be
    // serving: asking is harmless, and only an attempt an hour old is ever given up (decision 009).
    let startupRun: Promise<number> = Promise.resolve(0);
    app.addHook('onReady', async () => {
      startupRun = reconcile(0).catch((error) => {
        app.log.warn({ err: error }, 'payment reconciler failed');
        return 0;
      });
    });
    app.decorate('reconcilePayments', (olderThanSeconds?: number) => reconcile(olderThanSeconds));
    app.decorate('startupReconcile', () => startupRun);

    app.siteRoutes.push(paymentRoutes(payments));
    await app.register(
      siteApi(app.sites, [
        carrierRoutes(app.sandboxGateway, publicUrl, (site, orderToken, clientIp) =>
          app.orders.requireCarrierCheckout(site, orderToken, clientIp),
        ),
      ]),
      { prefix: '/:site' },
    );
    await app.register(providerWebhookRoutes(payments, ['stripe', 'adyen', 'paypay']));
  },
  { name: 'payments', dependencies: ['sites', 'orders', 'payment-providers', 'date-changes'] },
);
