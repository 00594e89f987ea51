import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import { repeatRounds } from '../../lib/rounds.ts';
import { enqueueWaitingListMail } from '../mail/enqueue-waiting-list-mail.ts';
import { WAITING_LIST_KICK_MS, WAITING_LIST_ROUND_MS } from './offer-places.ts';
import { waitingListConsoleRoutes } from './waiting-list.console-routes.ts';
import { waitingListRoutes } from './waiting-list.routes.ts';
import { createWaitingListService } from './waiting-list.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One waiting-list round now: places that came back offered in list order. */
    offerWaitingListPlaces(): Promise<{ offered: number; lapsed: number; bought: number; closed: number }>;
  }
}

/**
 * Waiting lists (issue 22): every process offers places that came back now and then, and soon
 * after this process gave some back; a slot's advisory lock keeps two from offering one place.
 */
export const waitingListPlugin = fp<AppOptions>(
  async (app, options) => {
    const publicUrl = publicUrlOf(options);
    const waitingList = createWaitingListService(options.db, {
      orders: app.orders,
      enqueueMail: (tx, mail) => enqueueWaitingListMail(tx, mail, publicUrl()),
      onMailQueued: app.mailQueued,
      siteById: (id) => app.sites.byId(id),
      logger: app.log,
    });
    const failure = 'the waiting lists could not be offered places';
    const offer = repeatRounds(app, {
      work: () => waitingList.offerFreedPlaces(),
      everyMs: options.waitingListMs ?? WAITING_LIST_ROUND_MS,
      failure,
    });
    app.decorate('offerWaitingListPlaces', offer);
    // A change of stock in this process (places given back, or taken) brings the next round forward,
    // gathered over a quarter second so a rush of orders costs one round, not one each.
    let kick: NodeJS.Timeout | null = null;
    let closing = false;
    app.stockChanged.on(() => {
      if (kick || closing) return;
      kick = setTimeout(() => {
        kick = null;
        offer().catch((error) => app.log.warn({ err: error }, failure));
      }, WAITING_LIST_KICK_MS);
      kick.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      if (kick) clearTimeout(kick);
    });
    app.siteRoutes.push(waitingListRoutes(waitingList));
    app.consoleApiRoutes.push(waitingListConsoleRoutes(waitingList));
  },
  { name: 'waiting-list', dependencies: ['stock', 'sites', 'orders', 'mail'] },
);
