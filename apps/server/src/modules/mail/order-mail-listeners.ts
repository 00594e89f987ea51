/**
 * The mail an order announces: its confirmation, written in the completing transaction so that a
 * completed order always has its mail in the outbox, and the address link of mail-only mode.
 */
import type { OrderEvents } from '../orders/order-events.ts';
import { type CompletedOrder, enqueueMailConfirmation, enqueueOrderConfirmations } from './enqueue-order-confirmation.ts';
import type { WalletOffers } from './wallet-links.ts';

export function subscribeOrderMails(
  events: OrderEvents,
  options: { publicUrl: () => string; kick: () => void; wallets?: WalletOffers },
): void {
  events.onCompleting(async (tx, completing) => {
    const confirmations: CompletedOrder[] = [];
    for (const completed of completing) {
      if (!completed.email) continue;
      const { order, visitDate, isAllDay } = await completed.details();
      confirmations.push({
        site: completed.site,
        orderId: completed.orderId,
        order,
        email: completed.email,
        reservationNumber: completed.reservationNumber,
        reservationToken: completed.reservationToken,
        visitDate,
        isAllDay,
      });
    }
    await enqueueOrderConfirmations(tx, confirmations, options.publicUrl(), options.wallets);
  });
  events.onMailGiven((tx, mail) => enqueueMailConfirmation(tx, mail, options.publicUrl()));
  // The outbox worker sends at once what a committed transaction queued.
  events.onCompleted(() => options.kick());
  events.onMailQueued(() => options.kick());
}
