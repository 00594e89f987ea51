/** What the waiting list is given at construction (by its plugin): the orders' side, mail and the venues. */
import { timeOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { findSlot, productNames } from '../catalogue/catalogue-facts.ts';
import type { WaitingListMail } from '../mail/enqueue-waiting-list-mail.ts';
import type { createOrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';

type Orders = ReturnType<typeof createOrdersService>;

export type WaitingListDeps = {
  orders: Pick<Orders, 'checkWaitingListChoice' | 'placeOfferOrder' | 'completedOrderIds' | 'releaseOfferOrder' | 'stockChanged'>;
  enqueueMail: (tx: Database, mail: WaitingListMail) => Promise<void>;
  onMailQueued: () => void;
  siteById: (id: number) => Promise<Site | null>;
  logger?: { warn(obj: unknown, msg: string): void } | undefined;
};

export const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/** What a mail says of the slot: the product's name in the mail's language, the day and the start. */
export async function slotForMail(db: Database, site: Site, entry: { productId: number; timeSpanId: number; lang: string }) {
  const slot = await findSlot(db, entry.timeSpanId);
  const names = await productNames(db, [entry.productId]);
  return {
    productName: localize(names.get(entry.productId) ?? {}, entry.lang),
    visitDate: slot?.date ?? '',
    startTime: slot ? timeOfDayIn(slot.startsAt, site.timeZone) : '',
  };
}
