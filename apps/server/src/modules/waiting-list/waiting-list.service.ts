/** The waiting lists of sold-out slots (issue 22): the operations of this folder composed for the routes and the plugin. */
import type { JoinWaitingListBody } from '@storefront/domain/api/waiting-list';
import type { ProductWaitingListBody, WaitingListQuery } from '@storefront/domain/console/waiting-list';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { joinWaitingList } from './join-waiting-list.ts';
import { leaveWaitingList } from './leave-waiting-list.ts';
import { listWaitingLists, productWaitingList, setProductWaitingList, takeOffWaitingList } from './manage-waiting-list.ts';
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
    /** The console's: a product's list and its offer time, the venue's lists, someone taken off by staff. */
    productList: (venue: Site, productId: number) => productWaitingList(db, venue, productId),
    setProductList: (actor: Actor, venue: Site, productId: number, body: ProductWaitingListBody) =>
      setProductWaitingList(db, deps, actor, venue, productId, body),
    list: (venue: Site, query: WaitingListQuery) => listWaitingLists(db, venue, query),
    takeOff: (actor: Actor, venue: Site, entryId: number) => takeOffWaitingList(db, deps, actor, venue, entryId),
  };
}

export type WaitingListService = ReturnType<typeof createWaitingListService>;
