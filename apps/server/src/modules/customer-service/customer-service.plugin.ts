import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { createJobWorker, type JobWorker } from '../jobs/background-jobs.ts';
import { type CancellationNotices, enqueueCancellationNotice } from '../mail/enqueue-order-change-mail.ts';
import { slotCancellationHandler } from './cancel-slots.ts';
import { orderDetailConsoleRoutes } from './order-detail.console-routes.ts';
import { orderRefundConsoleRoutes } from './order-refunds.console-routes.ts';
import { orderSearchConsoleRoutes } from './order-search.console-routes.ts';
import { slotCancellationConsoleRoutes } from './slot-cancellations.console-routes.ts';
import { visitorCancellationRoutes } from './visitor-cancellation.routes.ts';
import { selfCancelOffer } from './visitor-cancellation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The durable background jobs' worker of this process (decision 018). Calling off slots is its
     * only kind today; a second module's kind makes it a plugin of `jobs`, handed the kinds.
     */
    jobs: JobWorker;
  }
}

/**
 * Orders after the sale: the console's search and order detail, refunds and cancellations by
 * staff, a visitor's own cancellation, and calling off slots. The visitor hears of a change to
 * their booking by a mail written with it (a cancellation with its refund, a refund that failed).
 */
export const customerServicePlugin = fp<AppOptions>(
  async (app, options) => {
    const { db } = options;
    const notices: CancellationNotices = { cancelled: enqueueCancellationNotice, queued: app.mailQueued };
    const changes = { refunds: app.refunds, onStockChanged: app.stockChanged.fire, notices };
    app.decorate('selfCancelOffer', selfCancelOffer);
    // Long work that must survive a restart: any process's worker takes the next item.
    const jobs = createJobWorker(db, [slotCancellationHandler({ db, ...changes })], { logger: app.log, ...(options.jobs ?? {}) });
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => jobs.stop());

    app.siteRoutes.push(visitorCancellationRoutes(db, changes));
    app.consoleApiRoutes.push(
      orderSearchConsoleRoutes(db),
      orderDetailConsoleRoutes({ db, ...app.ticketMail }),
      slotCancellationConsoleRoutes({ db, catalogueChanges: app.catalogueChanges, kick: () => jobs.kick() }),
      orderRefundConsoleRoutes(db, { ...changes, dateChanges: app.dateChanges }),
    );
  },
  { name: 'customer-service', dependencies: ['stock', 'catalogue', 'mail', 'payment-providers', 'date-changes'] },
);
