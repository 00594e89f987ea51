/** The waiting lists of sold-out slots (issue 22): the operations of this folder composed for the routes and `app.ts`. */
import type { JoinWaitingListBody } from '@storefront/domain/api/waiting-list';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { joinWaitingList } from './join-waiting-list.ts';
import { leaveWaitingList } from './leave-waiting-list.ts';
import { offerFreedPlaces } from './offer-places.ts';
import * as repo from './waiting-list.repository.ts';
import type { WaitingListDeps } from './waiting-list-deps.ts';

export function createWaitingListService(db: Database, deps: WaitingListDeps) {
  return {
    join: (site: Site, body: JoinWaitingListBody, clientIp: string) => joinWaitingList(db, deps, site, body, clientIp),
    /** The venue's products whose sold-out slots take a list. */
    products: async (site: Site) => ({
      products: (await repo.productsWithList(db, site.id)).map((row) => ({
        product_id: row.productId,
        offer_minutes: row.offerMinutes,
      })),
    }),
    leave: (site: Site, leaveToken: string) => leaveWaitingList(db, deps, site, leaveToken),
    /** One round: places that came back offered in list order (every process runs it now and then). */
    offerFreedPlaces: () => offerFreedPlaces(db, deps),
  };
}

export type WaitingListService = ReturnType<typeof createWaitingListService>;
